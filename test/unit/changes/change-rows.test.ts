// The Changes sheet's rows read back as the changes they record; a run's cells as the fewest ranges.
import { describe, expect, it } from "vitest";
import type { CellChange } from "../../../src/core/changes/change";
import { cellRanges, readChangeRow, ruleFields } from "../../../src/core/changes/change-rows";
import { CHANGES_HEADER, changeRow } from "../../../src/core/changes/change-sheet";
import type { OrgField } from "../../../src/core/organizations/org-fields";

const FIELDS: OrgField[] = [
  { kind: "attribute", name: "industry" },
  { kind: "attribute", name: "employee_count" },
  { kind: "metric", type: "technology", term: "Snowflake", metric: "job_post_count" },
];
const change: CellChange = {
  at: Date.UTC(2026, 10, 20, 8, 0),
  ruleId: "rule-1",
  sheetName: "Accounts",
  row: 12,
  column: 5,
  organization: "acme.com",
  field: "employee_count",
  before: 1200,
  after: null,
};

describe("the Changes sheet's rows", () => {
  it("keeps a change in the headers' order, saying why the cell changed", () => {
    const row = changeRow(change, 1200, null);
    expect(row).toEqual([
      new Date(change.at),
      "Accounts",
      12,
      "acme.com",
      "employee_count",
      1200,
      "",
      "Value changed",
    ]);
    expect(row).toHaveLength(CHANGES_HEADER.length);
    expect(changeRow({ ...change, newOrganization: true }, 1200, 5)[7]).toBe(
      "Different organization in this row",
    );
    expect(changeRow({ ...change, filled: true }, 1200, 5)[7]).toBe("Filled free from what was bought");
    // Filled free wins over another organization in the row: nothing was bought for it.
    expect(changeRow({ ...change, filled: true, newOrganization: true }, 1200, 5)[7]).toBe(
      "Filled free from what was bought",
    );
  });

  it("reads a row back as the change, placed in the rule's columns", () => {
    const fieldOf = ruleFields(FIELDS, 4);
    expect(readChangeRow(changeRow(change, 1200, null), "rule-1", fieldOf)).toEqual(change);
    const replaced = { ...change, after: 5, newOrganization: true };
    expect(readChangeRow(changeRow(replaced, 1200, 5), "rule-1", fieldOf)).toEqual(replaced);
    const filled = { ...change, after: 5, filled: true };
    expect(readChangeRow(changeRow(filled, 1200, 5), "rule-1", fieldOf)).toEqual(filled);
    // A row written before the Why column reads as a value that changed.
    const old = changeRow(change, 1200, null).slice(0, 7);
    expect(readChangeRow(old, "rule-1", fieldOf)).toEqual(change);
  });

  it("finds a field by the sidebar's words, and by the API's in rows logged before them", () => {
    const fieldOf = ruleFields(FIELDS, 4);
    expect(fieldOf("Employee count")).toEqual({ column: 5, key: "employee_count" });
    expect(fieldOf("employee_count")).toEqual({ column: 5, key: "employee_count" });
    expect(fieldOf("Snowflake · Job posts")).toEqual({
      column: 6,
      key: "m:technology:snowflake:job_post_count:",
    });
  });

  it("reads a metric's label as its key, so what it counts stays known", () => {
    const fieldOf = ruleFields(FIELDS, 4);
    expect(fieldOf("Snowflake job_post_count")).toEqual({
      column: 6,
      key: "m:technology:snowflake:job_post_count:",
    });
    expect(fieldOf("name")).toBeNull();
    expect(ruleFields(FIELDS, null)("industry")).toBeNull();
  });

  it("skips rows that are not the rule's changes (blank, a row that is not a number, another field)", () => {
    const fieldOf = ruleFields(FIELDS, 4);
    expect(readChangeRow(["", "", "", "", "", "", ""], "rule-1", fieldOf)).toBeNull();
    expect(
      readChangeRow([new Date(), "Accounts", "twelve", "acme.com", "industry", 1, 2], "rule-1", fieldOf),
    ).toBeNull();
    expect(
      readChangeRow([new Date(), "Accounts", 12, "acme.com", "name", "A", "B"], "rule-1", fieldOf),
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
