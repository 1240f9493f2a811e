// followSheet: a run's request follows its sheet by id through a rename, with the hidden copy beside it.
import { describe, expect, it } from "vitest";
import { copySheetName } from "../../../src/core/addon-sheets/registry.ts";
import { followSheet } from "../../../src/core/bulk/follow-sheet.ts";
import type { BulkRequest } from "../../../src/core/bulk/request.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

const request = (sheetName: string): BulkRequest => ({
  sheetName,
  range: { column: 1, firstRow: 2, lastRow: 7 },
  fields: [],
  output: { mode: "new-columns", consent: false, targetColumn: null },
  header: "auto",
});

describe("followSheet", () => {
  it("keeps the sheet's id the first time it finds the sheet by name", () => {
    const workbook = new FakeWorkbook(new FakeSheet("Other"), new FakeSheet("Sheet1"));
    const asked = request("Sheet1");
    expect(followSheet(workbook, asked)).toBe(true);
    expect(asked).toEqual({ ...request("Sheet1"), sheetId: workbook.sheetId("Sheet1") });
    expect(asked.sheetId).not.toBe(workbook.sheetId("Other"));
    // Nothing changes while the sheet keeps its name.
    expect(followSheet(workbook, asked)).toBe(false);
    expect(asked.sheetName).toBe("Sheet1");
  });

  it("takes the new name of a renamed sheet, and renames its hidden copy with it", () => {
    const workbook = new FakeWorkbook(new FakeSheet("Sheet1"), new FakeSheet(copySheetName("Sheet1")));
    const asked = request("Sheet1");
    followSheet(workbook, asked);
    workbook.renameSheet("Sheet1", "Kunden – März");
    // Another sheet now takes the old name: the id, not the name, says which sheet is the run's.
    workbook.insertSheet("Sheet1");
    expect(followSheet(workbook, asked)).toBe(true);
    expect(asked.sheetName).toBe("Kunden – März");
    expect(workbook.sheetNames()).toEqual(["Kunden – März", copySheetName("Kunden – März"), "Sheet1"]);
    expect(followSheet(workbook, asked)).toBe(false);
  });

  it("leaves a copy alone when the new name already has one", () => {
    const workbook = new FakeWorkbook(
      new FakeSheet("Sheet1"),
      new FakeSheet(copySheetName("Sheet1")),
      new FakeSheet(copySheetName("Leads")),
    );
    const asked = request("Sheet1");
    followSheet(workbook, asked);
    workbook.renameSheet("Sheet1", "Leads");
    expect(followSheet(workbook, asked)).toBe(true);
    expect(asked.sheetName).toBe("Leads");
    expect(workbook.sheetNames()).toEqual(["Leads", copySheetName("Sheet1"), copySheetName("Leads")]);
  });

  it("leaves the request as it was for a sheet that is gone or never was", () => {
    const workbook = new FakeWorkbook(new FakeSheet("Sheet1"));
    const never = request("Leads");
    expect(followSheet(workbook, never)).toBe(false);
    expect(never).toEqual(request("Leads"));
    const asked = request("Sheet1");
    followSheet(workbook, asked);
    const id = asked.sheetId;
    workbook.deleteSheet("Sheet1");
    expect(followSheet(workbook, asked)).toBe(false);
    expect(asked).toEqual({ ...request("Sheet1"), sheetId: id });
  });
});
