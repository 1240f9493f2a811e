// The flush every menu entry and a daily open run: a service refusing to file formulas' purchases is left for
// the next execution; the add-on's own failure is not hidden; onOpen files everything, only where it may.
import { beforeEach, describe, expect, it, vi } from "vitest";

const calls: string[] = [];
let fileError: Error | null = null;

vi.mock("../../../src/server/formulas/file-purchases", () => ({
  fileFormulaPurchases: (everything?: boolean) => {
    calls.push(`file ${String(everything)}`);
    if (fileError) throw fileError;
  },
}));
vi.mock("../../../src/server/formulas/pending", () => ({
  drainPendingAnswers: () => calls.push("drain"),
}));
vi.mock("../../../src/platform/deferred-log-store", () => ({
  keepLogRows: () => true,
  keptLogRows: () => {
    calls.push("log");
    return { count: 0 };
  },
}));
vi.mock("../../../src/platform/spreadsheet", () => ({ activeWorkbook: () => ({}) }));
vi.mock("../../../src/platform/lock", () => ({ jobsMutex: () => ({}) }));
vi.mock("../../../src/server/jobs/append-rows", () => ({ appendLogRows: () => undefined }));

const { flushDeferredLogHere, flushOnOpen } = await import("../../../src/server/log/deferred-log.ts");

function serviceException(message: string): Error {
  const error = new Error(message);
  error.name = "Exception";
  return error;
}

beforeEach(() => {
  calls.length = 0;
  fileError = null;
});

describe("flushDeferredLogHere", () => {
  it("drains, files what the note marks, then flushes the log", () => {
    flushDeferredLogHere();
    expect(calls).toEqual(["drain", "file false", "log"]);
  });

  it("goes on to the log when a service refuses the filing", () => {
    fileError = serviceException("Service Spreadsheets timed out while accessing document.");
    flushDeferredLogHere();
    expect(calls).toEqual(["drain", "file false", "log"]);
  });

  it("throws the add-on's own failure instead of hiding it", () => {
    fileError = new TypeError("Cannot read properties of undefined (reading 't')");
    expect(() => flushDeferredLogHere()).toThrow(TypeError);
    expect(calls).toEqual(["drain", "file false"]);
  });
});

describe("flushOnOpen", () => {
  it("files everything the caches hold when the add-on is enabled (LIMITED) or installing (FULL)", () => {
    flushOnOpen({ authMode: "LIMITED" });
    flushOnOpen({ authMode: "FULL" });
    expect(calls).toEqual(["drain", "file true", "log", "drain", "file true", "log"]);
  });

  it("does nothing where the add-on is only installed (NONE: no document)", () => {
    flushOnOpen({ authMode: "NONE" });
    flushOnOpen(undefined);
    expect(calls).toEqual([]);
  });
});
