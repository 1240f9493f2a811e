// The refresh estimate per run and per day, and which rows a "new rows only" run buys.
import { describe, expect, it } from "vitest";
import { newRowOffsets, rowPrints } from "../../../src/core/changes/row-prints";
import { estimateRefresh, refreshCounts } from "../../../src/core/jobs/refresh-cost";
import { readOrganization } from "../../../src/core/organizations/identifiers";
import type { OrgField } from "../../../src/core/organizations/org-fields";

const reads = (cells: unknown[]) => cells.map(readOrganization);
const fields: OrgField[] = [
  { kind: "attribute", name: "employee_count" },
  { kind: "attribute", name: "industry" },
];

describe("newRowOffsets", () => {
  it("buys every organization row before a first run", () => {
    expect(newRowOffsets(reads(["a.com", "", "b.com"]), null)).toEqual([0, 2]);
  });

  it("buys appended and edited rows, never rows unchanged, moved or shifted by a deletion", () => {
    const before = rowPrints(reads(["a.com", "b.com", "c.com", "d.com"]));
    // b.com deleted (c and d move up), a.com edited to e.com, two rows appended (one repeats a moved org).
    const now = reads(["e.com", "c.com", "d.com", "f.com", "", "g.com"]);
    expect(newRowOffsets(now, before)).toEqual([0, 3, 5]);
  });

  it("tells a sorted row (identifier and values moved together) from identifiers swapped in place", () => {
    const values = [
      ["Acme", 10],
      ["Beta", 20],
      ["Core", 30],
    ];
    const before = rowPrints(reads(["a.com", "b.com", "c.com"]), values);
    // Sorted: rows 0 and 1 swapped whole. Nothing to buy.
    const sorted = [values[1]!, values[0]!, values[2]!];
    expect(newRowOffsets(reads(["b.com", "a.com", "c.com"]), before, sorted)).toEqual([]);
    // Only the identifiers swapped: each now sits beside the other's values, so both are bought.
    expect(newRowOffsets(reads(["b.com", "a.com", "c.com"]), before, values)).toEqual([0, 1]);
  });

  it("does not buy a row left in place whose output cells someone typed into", () => {
    const values = [
      ["Acme", 10],
      ["Beta", 20],
    ];
    const before = rowPrints(reads(["a.com", "b.com"]), values);
    expect(
      newRowOffsets(reads(["a.com", "b.com"]), before, [
        ["Acme", 10],
        ["Typed", 99],
      ]),
    ).toEqual([]);
  });

  it("buys a second copy of an organization that was only once in the rows", () => {
    const before = rowPrints(reads(["a.com"]));
    expect(newRowOffsets(reads(["a.com", "a.com"]), before)).toEqual([1]);
  });
});

describe("estimateRefresh", () => {
  it("prices every row and new rows only, per run and per day", () => {
    const previous = rowPrints(reads(["a.com", "b.com", "c.com"]));
    const now = reads(["a.com", "x.com", "c.com", "d.com", "d.com"]);
    const counts = refreshCounts(now, newRowOffsets(now, previous));
    expect(counts).toEqual({ organizations: 4, newOrganizations: 2 });
    // Rows the refresh fills free are not counted; only the rows it finds new are (x.com's alone here).
    expect(refreshCounts(now, [1, 3, 4], new Set([3, 4]))).toEqual({ organizations: 4, newOrganizations: 1 });
    expect(refreshCounts(now, [0])).toEqual({ organizations: 4, newOrganizations: 1 });
    // A new blank row, or an offset past the rows read, buys nothing.
    const withBlank = reads(["a.com", ""]);
    expect(refreshCounts(withBlank, [1, 5])).toEqual({ organizations: 1, newOrganizations: 0 });
    // 1 base + industry and employee_count (paid attributes per the price list).
    const daily = estimateRefresh({ fields, frequency: "daily", ...counts });
    expect(daily.runsPerDay).toBe(1);
    expect(daily.everyRow).toEqual({
      organizations: 4,
      perRun: 4 * daily.unitCost,
      perDay: 4 * daily.unitCost,
    });
    expect(daily.newRowsOnly.perRun).toBe(2 * daily.unitCost);
    const hourly = estimateRefresh({ fields, frequency: "hourly", ...counts });
    expect(hourly.everyRow.perDay).toBe(96 * daily.unitCost);
    expect(hourly.newRowsOnly.perDay).toBe(48 * daily.unitCost);
    expect(estimateRefresh({ fields, frequency: "weekly", ...counts }).everyRow.perDay).toBeCloseTo(
      (4 * daily.unitCost) / 7,
    );
  });
});
