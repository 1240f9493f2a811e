// Before a refresh: a block's rows whose identifier cell is blank, on the sheet and in the hidden copy.
import { beforeEach, describe, expect, it } from "vitest";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import type { BulkState } from "../../../src/core/bulk/state.ts";
import {
  STATUS_IDENTIFIER_INVALID,
  STATUS_IDENTIFIER_REMOVED,
} from "../../../src/core/changes/change-sheet.ts";
import { readOrganization } from "../../../src/core/organizations/identifiers.ts";
import { planRun } from "../../../src/server/bulk/plan-run.ts";
import { markBlankRows } from "../../../src/server/jobs/refresh-blank.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

const FIELDS = [
  { kind: "attribute", name: "industry" },
  { kind: "attribute", name: "employee_count" },
];
const REMOVED = STATUS_IDENTIFIER_REMOVED;

let sheet: FakeSheet;
let copy: FakeSheet;
let block: BulkState;

/** The Status column D of rows 2…5 on a sheet. */
const statuses = (on: FakeSheet) => on.readValues(2, 4, 4, 1).map((line) => line[0]);
const readsNow = () => sheet.readValues(2, 1, 4, 1).map((line) => readOrganization(line[0]));

beforeEach(() => {
  sheet = new FakeSheet("Leads");
  sheet.writeValues(1, 1, [["Website"], [""], ["acme.com"], [""], [""]]);
  const request = validateEnrichmentRequest({ sheetName: "Leads", inputRange: "A2:A5", fields: FIELDS });
  block = { ...planRun(request, new FakeWorkbook(sheet), { outputColumn: 2 }).state, statusColumn: 4 };
  // Row 2 keeps another organization's values, row 3 is its own, row 4 an unknown company's Not found, row 5
  // was never enriched; the copy holds what the add-on wrote.
  const cells = [
    ["Retail", 10, "Found"],
    ["Mining", 20, "Found"],
    ["", "", "Not found"],
    ["", "", ""],
  ];
  sheet.writeValues(2, 2, cells);
  copy = new FakeSheet("copy");
  copy.writeValues(2, 2, cells);
});

describe("markBlankRows", () => {
  it("marks a blank row beside values and clears a blank row's stale Status, on the sheet and in the copy", () => {
    markBlankRows(sheet, copy, block, readsNow());
    expect(statuses(sheet)).toEqual([REMOVED, "Found", "", ""]);
    expect(statuses(copy)).toEqual([REMOVED, "Found", "", ""]);
    // The values stay as they were: they may be the person's.
    expect(sheet.readValues(2, 2, 4, 2)).toEqual([
      ["Retail", 10],
      ["Mining", 20],
      ["", ""],
      ["", ""],
    ]);
    // Again: nothing left to write.
    const writes = sheet.writes.length;
    markBlankRows(sheet, copy, block, readsNow());
    expect(sheet.writes.length).toBe(writes);
  });

  it("marks a row whose identifier was typed over with no organization, with no blank row in the block", () => {
    sheet.writeValues(2, 1, [["n/a"], ["acme.com"], ["globex.com"], ["initech.com"]]);
    markBlankRows(sheet, copy, block, readsNow());
    expect(statuses(sheet)).toEqual([STATUS_IDENTIFIER_INVALID, "Found", "Not found", ""]);
    expect(statuses(copy)).toEqual([STATUS_IDENTIFIER_INVALID, "Found", "Not found", ""]);
  });

  it("keeps a Status the person typed, and writes nothing without the copy", () => {
    sheet.writeValues(2, 4, [["Checked"]]);
    markBlankRows(sheet, copy, block, readsNow());
    expect(statuses(sheet)).toEqual(["Checked", "Found", "", ""]);
    sheet.writeValues(2, 4, [["Found"]]);
    const writes = sheet.writes.length;
    markBlankRows(sheet, null, block, readsNow());
    expect(sheet.writes.length).toBe(writes);
  });

  it("does nothing for a block without a Status column, fields or blank rows", () => {
    const writes = sheet.writes.length;
    markBlankRows(sheet, copy, { ...block, statusColumn: undefined }, readsNow());
    markBlankRows(sheet, copy, { ...block, request: { ...block.request, fields: [] } }, readsNow());
    // Apps Script refuses a range of no rows: nothing is read for a block of none.
    const strict = Object.assign(Object.create(sheet) as FakeSheet, {
      readValues: (row: number, column: number, rows: number, columns: number) => {
        if (rows < 1) throw new Error("The number of rows in the range must be at least 1.");
        return sheet.readValues(row, column, rows, columns);
      },
    });
    markBlankRows(strict, copy, { ...block, rowCount: 0 }, readsNow());
    markBlankRows(
      sheet,
      copy,
      block,
      ["a.com", "b.com", "c.com", "d.com"].map((id) => readOrganization(id)),
    );
    expect(sheet.writes.length).toBe(writes);
  });

  it("reads nothing of a block whose every identifier names an organization, or that has no Status column", () => {
    let reads = 0;
    const counting = Object.assign(Object.create(sheet) as FakeSheet, {
      readValues: (row: number, column: number, rows: number, columns: number) => {
        reads++;
        return sheet.readValues(row, column, rows, columns);
      },
    });
    const organizations = ["a.com", "b.com", "c.com", "d.com"].map((id) => readOrganization(id));
    markBlankRows(counting, copy, block, organizations);
    markBlankRows(counting, copy, { ...block, statusColumn: undefined }, readsNow());
    expect(reads).toBe(0);
    markBlankRows(counting, copy, block, readsNow());
    expect(reads).toBeGreaterThan(0);
  });
});

describe("planRun beside a Status column that marks blank rows", () => {
  it("takes the column under no header as an earlier run's Status when it holds the mark", () => {
    const request = validateEnrichmentRequest({ sheetName: "Leads", inputRange: "A2:A5", fields: FIELDS });
    const plan = (at: FakeSheet) => planRun(request, new FakeWorkbook(at), { outputColumn: 2 }).state;
    markBlankRows(sheet, copy, block, readsNow());
    expect(plan(sheet).statusColumn).toBe(4);
    sheet.writeValues(2, 4, [[STATUS_IDENTIFIER_INVALID]]);
    expect(plan(sheet).statusColumn).toBe(4);
    // A word no run writes there: the Status goes after everything on the sheet.
    sheet.writeValues(2, 4, [[`${REMOVED}.`]]);
    expect(plan(sheet).statusColumn).toBe(5);
  });
});
