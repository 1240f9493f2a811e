// A new sheet's name: the base, or the first "base (n)" no sheet has, names compared ignoring case.
import { describe, expect, it } from "vitest";
import { uniqueSheetName } from "../../../src/core/sheet/port.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

const workbook = (...names: string[]) => new FakeWorkbook(...names.map((name) => new FakeSheet(name)));

describe("uniqueSheetName", () => {
  it("keeps a free base", () => {
    expect(uniqueSheetName(workbook(), "Find")).toBe("Find");
    expect(uniqueSheetName(workbook("Find (2)"), "Find")).toBe("Find");
  });

  it("numbers from 2, skipping names taken in any case", () => {
    expect(uniqueSheetName(workbook("Find"), "Find")).toBe("Find (2)");
    expect(uniqueSheetName(workbook("FIND", "find (2)", "Find (4)"), "Find")).toBe("Find (3)");
  });
});
