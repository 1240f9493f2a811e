// Runs a client call that must fail and returns the ApiError it threw, for asserting status and detail.
import { ApiError } from "../../src/api/errors.ts";

export function apiError(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail with an ApiError, but it succeeded");
}
