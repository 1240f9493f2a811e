// Which errors are a service refusing (kept for the next execution) and which are the add-on's own (never hidden).
import { describe, expect, it } from "vitest";
import { reachesDocument } from "../../../src/platform/execution-context.ts";
import { isServiceError } from "../../../src/platform/service-error.ts";

/** An error as Apps Script throws it from a service: named "Exception". */
function serviceException(message: string): Error {
  const error = new Error(message);
  error.name = "Exception";
  return error;
}

describe("isServiceError", () => {
  it("is true for the platform's exceptions only", () => {
    expect(isServiceError(serviceException("Service invoked too many times for one day: properties."))).toBe(
      true,
    );
    expect(isServiceError(new TypeError("x is not a function"))).toBe(false);
    expect(isServiceError(new Error("Exception"))).toBe(false);
    expect(isServiceError({ name: "Exception", message: "not an Error" })).toBe(false);
    expect(isServiceError("Exception: text")).toBe(false);
  });
});

describe("reachesDocument", () => {
  it("is true for a simple trigger's event in LIMITED or FULL, false in NONE or without an event", () => {
    // On the platform e.authMode is a ScriptApp.AuthMode value, which reads as its name.
    const mode = (name: string) => ({ toString: () => name });
    expect(reachesDocument({ authMode: mode("LIMITED") })).toBe(true);
    expect(reachesDocument({ authMode: mode("FULL") })).toBe(true);
    expect(reachesDocument({ authMode: "LIMITED" })).toBe(true);
    expect(reachesDocument({ authMode: mode("NONE") })).toBe(false);
    expect(reachesDocument({ authMode: "NONE" })).toBe(false);
    expect(reachesDocument({})).toBe(false);
    expect(reachesDocument(undefined)).toBe(false);
    expect(reachesDocument("LIMITED")).toBe(false);
  });
});
