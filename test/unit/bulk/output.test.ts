// Writing a chunk: one setValues for a block with nothing to keep, never over a typed value or formula.
import { describe, expect, it } from "vitest";
import { isEdited, planWrites } from "../../../src/core/bulk/output.ts";
import { cellText, fieldLabel } from "../../../src/core/sheet/cells.ts";

const empty = (rows: number, cols: number) => ({
  values: Array.from({ length: rows }, () => Array.from({ length: cols }, () => "")),
  formulas: Array.from({ length: rows }, () => Array.from({ length: cols }, () => "")),
});

describe("planWrites", () => {
  it("writes an empty block with one setValues, blanks where rows are kept", () => {
    const ops = planWrites(
      [
        [1, "a"],
        [null, null],
        ["", ""],
      ],
      empty(3, 2),
      "fill-empty",
    );
    expect(ops).toEqual([
      {
        rowOffset: 0,
        columnOffset: 0,
        values: [
          [1, "a"],
          ["", ""],
          ["", ""],
        ],
      },
    ]);
  });

  it("writes nothing when nothing would change", () => {
    expect(planWrites([[null], [""]], null, "fill-empty")).toEqual([]);
    expect(planWrites([], null, "replace")).toEqual([]);
  });

  it("in fill-empty mode writes around typed values and formulas, per column run", () => {
    const existing = empty(4, 2);
    existing.values[1]![0] = "typed";
    existing.formulas[2]![1] = "=A3*2";
    const ops = planWrites(
      [
        [1, 10],
        [2, 20],
        [3, 30],
        [4, 40],
      ],
      existing,
      "fill-empty",
    );
    expect(ops).toEqual([
      { rowOffset: 0, columnOffset: 0, values: [[1]] },
      { rowOffset: 2, columnOffset: 0, values: [[3], [4]] },
      { rowOffset: 0, columnOffset: 1, values: [[10], [20]] },
      { rowOffset: 3, columnOffset: 1, values: [[40]] },
    ]);
  });

  it("in replace mode overwrites typed values but keeps the content of rows it was told to keep", () => {
    const existing = empty(3, 1);
    existing.values[0]![0] = "old";
    existing.values[1]![0] = "kept";
    expect(planWrites([["new"], [null], [""]], existing, "replace")).toEqual([
      { rowOffset: 0, columnOffset: 0, values: [["new"]] },
    ]);
    expect(
      planWrites([["new"], [""]], { values: [["old"], ["old"]], formulas: [[""], [""]] }, "replace"),
    ).toEqual([{ rowOffset: 0, columnOffset: 0, values: [["new"], [""]] }]);
  });

  it("in refresh mode rewrites what the add-on wrote, fills empty cells, and leaves edited ones alone", () => {
    const existing = {
      values: [["old a"], ["typed over"], [""], ["typed"], [42]],
      formulas: [[""], [""], [""], [""], [""]],
      written: [["old a"], ["old b"], ["old c"], [""], [42]],
    };
    expect(planWrites([["new a"], ["new b"], ["new c"], ["new d"], [43]], existing, "refresh")).toEqual([
      { rowOffset: 0, columnOffset: 0, values: [["new a"]] },
      { rowOffset: 2, columnOffset: 0, values: [["new c"]] },
      { rowOffset: 4, columnOffset: 0, values: [[43]] },
    ]);
    expect([0, 1, 2, 3, 4].map((r) => isEdited(existing, r, 0))).toEqual([false, true, false, true, false]);
  });

  it("in refresh mode without a copy of what was written treats every filled cell as someone's", () => {
    const existing = { values: [["x"], [""]], formulas: [[""], [""]] };
    expect(planWrites([["new"], ["new"]], existing, "refresh")).toEqual([
      { rowOffset: 1, columnOffset: 0, values: [["new"]] },
    ]);
  });
});

describe("cells", () => {
  it("labels attributes by name and metrics by term, metric and date", () => {
    expect(fieldLabel({ kind: "attribute", name: "industry" })).toBe("industry");
    expect(fieldLabel({ kind: "metric", type: "technology", term: "react", metric: "job_post_count" })).toBe(
      "react job_post_count",
    );
    expect(
      fieldLabel({
        kind: "metric",
        type: "job_function",
        term: "Sales",
        metric: "people_count",
        since: "2025-01-01",
      }),
    ).toBe("Sales people_count since 2025-01-01");
  });

  it("writes service text that looks like a formula as literal text, and cuts over-long text", () => {
    expect(cellText('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(cellText("+1 555 0100")).toBe("'+1 555 0100");
    // Text Sheets would read as a number, boolean, percentage or date stays the service's text.
    for (const text of ["-5", "00123", "TRUE", "false", "50%", "1/2", "3/1/2024", "1,200", "$5", "10:30"])
      expect(cellText(text), text).toBe(`'${text}`);
    for (const text of ["Acme", "2024-03-01", "v2 beta", "12 Monkeys"])
      expect(cellText(text), text).toBe(text);
    expect(cellText(42)).toBe(42);
    expect(cellText("x".repeat(60_000))).toHaveLength(50_000);
  });
});
