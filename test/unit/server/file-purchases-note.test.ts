// When formulas' purchases are filed: a sidebar call or menu entry only when the 6-hour note marks some, a
// daily open (everything) even after the note is gone, and never outside a spreadsheet.
import { beforeEach, describe, expect, it, vi } from "vitest";

let spreadsheet: object | null = {};
let noted = false;
const locked: number[] = [];

vi.mock("../../../src/platform/spreadsheet", () => ({
  activeSpreadsheet: () => spreadsheet,
  activeWorkbook: () => ({}),
}));
vi.mock("../../../src/platform/shelf-note", () => ({
  hasUnfiled: () => noted,
  clearUnfiled: () => undefined,
}));
vi.mock("../../../src/core/spending/mutex", () => ({
  tryExclusive: (_mutex: unknown, _fn: () => void, timeoutMs: number) => {
    locked.push(timeoutMs);
    return { acquired: false };
  },
}));
vi.mock("../../../src/platform/lock", () => ({ documentMutex: () => ({}) }));

const { fileFormulaPurchases } = await import("../../../src/server/formulas/file-purchases.ts");

beforeEach(() => {
  spreadsheet = {};
  noted = false;
  locked.length = 0;
});

describe("fileFormulaPurchases", () => {
  it("files only what the note marks, unless asked for everything", () => {
    fileFormulaPurchases();
    expect(locked).toEqual([]);
    fileFormulaPurchases(true);
    expect(locked).toEqual([5_000]);
    noted = true;
    fileFormulaPurchases();
    expect(locked).toEqual([5_000, 5_000]);
  });

  it("files nothing outside a spreadsheet, everything asked or not", () => {
    spreadsheet = null;
    noted = true;
    fileFormulaPurchases(true);
    fileFormulaPurchases();
    expect(locked).toEqual([]);
  });
});
