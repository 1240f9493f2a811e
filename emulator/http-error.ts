// Errors a handler throws to answer with a status: the core turns them into JSON responses.
import type { ValidationIssue } from "../src/api/contract/common.ts";

/** One FastAPI validation issue: the contract's shape plus the offending input when there is one. */
export type FastApiIssue = ValidationIssue & { input?: unknown; ctx?: Record<string, unknown> };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | FastApiIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === "string" ? detail : detail.map((d) => d.msg).join("; "));
  }
}

/** A FastAPI-style 422 with one issue. */
export function validationError(
  loc: (string | number)[],
  msg: string,
  type = "value_error",
  input?: unknown,
): HttpError {
  return new HttpError(422, [{ loc, msg, type, ...(input !== undefined ? { input } : {}) }]);
}

export function notFound(detail: string): HttpError {
  return new HttpError(404, detail);
}
