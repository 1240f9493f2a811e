// The Changes sheet's rows read back as the changes they record; a run's cells as the fewest ranges.
import { describe, expect, it } from "vitest";
import type { CellChange } from "../../../../src/core/changes/change";
import {
  CHANGE_ROW_HEADERS,
  cellRanges,
  changeRowValues,
  readChangeRow,
} from "../../../../src/core/changes/change-rows";

const change: CellChange = {
  at: Date.UTC(2026, 10, 20, 8, 0),
  ruleId: "rule-1",
  sheetName: "Accounts",
  row: 12,
  column: 28,
  organization: "acme.com",
  field: "employee_count",
  before: 1200,
  after: null,
};
const nowhere = () => null;

describe("the Changes sheet's rows", () => {
  it("keeps a change in the headers' order", () => {
    const when = new Date(change.at);
    const row = changeRowValues(change, when);
    expect(row).toEqual([when, "Accounts", 12, "acme.com", "employee_count", 1200, "", "AB"]);
    expect(row).toHaveLength(CHANGE_ROW_HEADERS.length);
  });

  it("reads a row back as the same change", () => {
    expect(readChangeRow(changeRowValues(change, new Date(change.at)), "rule-1", nowhere)).toEqual(change);
  });

  it("places a row written without its Column by its field", () => {
    const row = changeRowValues(change, new Date(change.at)).slice(0, 7);
    const read = readChangeRow(row, "rule-1", (field) => (field === "employee_count" ? 5 : null));
    expect(read).toEqual({ ...change, column: 5 });
    expect(readChangeRow(row, "rule-1", nowhere)).toBeNull();
  });

  it("skips rows that are not changes (blank, or a row that is not a number)", () => {
    expect(readChangeRow(["", "", "", "", "", "", "", ""], "rule-1", nowhere)).toBeNull();
    expect(
      readChangeRow([new Date(), "Accounts", "twelve", "acme.com", "x", 1, 2, "B"], "rule-1", nowhere),
    ).toBeNull();
  });
});

describe("cellRanges", () => {
  it("joins neighbouring rows of a column and keeps columns apart", () => {
    const cells = [5, 6, 7, 9, 6].map((row) => ({ row, column: 4 })).concat([{ row: 6, column: 2 }]);
    expect(cellRanges(cells)).toEqual(["B6", "D5:D7", "D9"]);
  });

  it("gives nothing for no cells", () => {
    expect(cellRanges([])).toEqual([]);
  });
});
