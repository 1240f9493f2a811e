// The two mistakes a person makes keep their own names: a stack trace in the execution log says which it was.
import { describe, expect, it } from "vitest";
import { ArgumentError, RequestError } from "../../../src/core/text/user-errors";

describe("user errors", () => {
  it("names a formula's argument mistake ArgumentError and keeps its sentence", () => {
    const error = new ArgumentError('"organizations" must be a cell or a range of cells.');
    expect([error.name, error.message, String(error), error instanceof Error]).toEqual([
      "ArgumentError",
      '"organizations" must be a cell or a range of cells.',
      'ArgumentError: "organizations" must be a cell or a range of cells.',
      true,
    ]);
  });

  it("names a sidebar request mistake RequestError, apart from ArgumentError", () => {
    const error = new RequestError("Choose a sheet first.");
    expect([error.name, String(error), error instanceof ArgumentError]).toEqual([
      "RequestError",
      "RequestError: Choose a sheet first.",
      false,
    ]);
  });
});
