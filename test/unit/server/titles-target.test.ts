// Where Map titles writes: the header match that finds the columns already there, the range named, and
// the sentence said before the click.
import { describe, expect, it } from "vitest";
import type { TitleColumn } from "../../../src/server/enrich/titles-column.ts";
import { hasTitles, TITLE_MESSAGES, titlesToFill } from "../../../src/server/enrich/titles-plan.ts";
import { keptSentence, writeTitleValues } from "../../../src/server/enrich/titles-run.ts";
import {
  labelColumn,
  placementSentence,
  type TitleTarget,
  targetRange,
  titleTarget,
} from "../../../src/server/enrich/titles-target.ts";
import { FakeSheet } from "../jobs/fakes.ts";

const target = (
  columns: [number, number],
  existing: [string | null, string | null],
  kept = 0,
): TitleTarget => ({
  columns,
  existing,
  filled: [],
  kept,
});

describe("labelColumn", () => {
  it("finds a header whatever its case and spacing, never in the titles' own column", () => {
    expect(labelColumn(["Title", "x", "  JOB   Level "], "Job level", 1)).toBe(3);
    expect(labelColumn(["Job level", "Job level"], "Job level", 1)).toBe(2);
    expect(labelColumn(["Job level", "Job level"], "Job level", 3)).toBe(1);
    expect(labelColumn(["Job levels", 4, null], "Job level", 9)).toBeNull();
    expect(labelColumn([], "Job level", 1)).toBeNull();
  });
});

describe("targetRange", () => {
  it("names one block for two new columns side by side, labels included", () => {
    expect(targetRange(target([2, 3], [null, null]), 1, 2, 7)).toBe("B1:C7");
    expect(targetRange(target([2, 3], [null, null]), null, 1, 7)).toBe("B1:C7");
  });
  it("names the data rows only for columns already there", () => {
    expect(targetRange(target([9, 10], ["f", "l"]), 1, 2, 4)).toBe("I2:J4");
  });
  it("names each column apart when they are apart or start on different rows", () => {
    expect(targetRange(target([4, 3], [null, "l"]), 1, 2, 3)).toBe("D1:D3 and C2:C3");
    expect(targetRange(target([3, 4], ["f", null]), 1, 2, 3)).toBe("C2:C3 and D1:D3");
    expect(targetRange(target([2, 5], ["f", "l"]), 1, 2, 3)).toBe("B2:B3 and E2:E3");
  });
});

describe("placementSentence", () => {
  it("says where new columns go", () => {
    expect(placementSentence(target([2, 3], [null, null]), "B1:C7")).toBe("The columns go to B1:C7.");
  });
  it("names the columns already there and what is kept", () => {
    expect(placementSentence(target([9, 10], ["Job Function", "job level"], 1), "I2:J4")).toBe(
      "Writes into the Job Function and job level columns already there (I2:J4); the 1 cell already filled is kept.",
    );
    expect(placementSentence(target([9, 10], ["F", "L"], 2), "I2:J4")).toBe(
      "Writes into the F and L columns already there (I2:J4); the 2 cells already filled are kept.",
    );
    expect(placementSentence(target([9, 10], ["F", "L"]), "I2:J4")).toBe(
      "Writes into the F and L columns already there (I2:J4).",
    );
  });
  it("names the one column there and the one added", () => {
    expect(placementSentence(target([4, 3], [null, "level"]), "R")).toBe(
      "Writes into the level column already there and a new Job function column (R).",
    );
    expect(placementSentence(target([3, 4], ["function", null]), "R")).toBe(
      "Writes into the function column already there and a new Job level column (R).",
    );
  });
});

describe("titleTarget on a sheet", () => {
  /** H: titles under "Job title" in row 1; what else the sheet has is given per test. */
  const sheetWith = (cells: [number, number, string][]) => {
    const sheet = FakeSheet.withColumn("S", ["Job title", "VP of Sales", "Chef", "CTO"], 1, 8);
    for (const [row, column, value] of cells) sheet.set(row, column, value);
    return sheet;
  };

  it("adds a pair beside the titles when those columns are empty, else after the data", () => {
    expect(titleTarget(sheetWith([]), 8, 1, 1, 2, 4)).toEqual({
      columns: [9, 10],
      existing: [null, null],
      filled: [
        [false, false],
        [false, false],
        [false, false],
      ],
      kept: 0,
    });
    expect(titleTarget(sheetWith([[3, 10, "note"]]), 8, 1, 1, 2, 4).columns).toEqual([11, 12]);
    // A formula beside the titles is content: the pair goes after it.
    expect(titleTarget(sheetWith([[2, 9, "=A1"]]), 8, 1, 1, 2, 4).columns).toEqual([10, 11]);
  });

  it("takes the columns the header row already has, their typed cells and formulas kept", () => {
    const sheet = sheetWith([
      [1, 2, "job LEVEL"],
      [1, 5, "Job function"],
      [2, 5, "Sales"],
      [3, 2, "=B9"],
      [4, 2, "Senior"],
      [4, 5, "IT"],
    ]);
    expect(titleTarget(sheet, 8, 1, 1, 2, 4)).toEqual({
      columns: [5, 2],
      existing: ["Job function", "job LEVEL"],
      filled: [
        [true, false],
        [false, true],
        [true, true],
      ],
      kept: 4,
    });
  });

  it("adds the missing one after the data, and finds nothing without a row above the titles", () => {
    const sheet = sheetWith([
      [1, 3, "Job Level"],
      [2, 12, "far"],
    ]);
    expect(titleTarget(sheet, 8, 1, 1, 2, 4)).toMatchObject({
      columns: [13, 3],
      existing: [null, "Job Level"],
      kept: 0,
    });
    expect(titleTarget(sheet, 8, 2, null, 2, 4)).toMatchObject({ columns: [9, 10], existing: [null, null] });
  });
});

describe("the titles a mapping looks up", () => {
  const text = (t: string) => ({ kind: "text" as const, text: t, key: t.toLowerCase() });
  const reads = [
    text("VP of Sales"),
    { kind: "blank" as const },
    text("vp of sales"),
    text("Chef"),
    text("CTO"),
  ];

  it("skips rows whose two cells are kept, and looks each title up once as first written", () => {
    const filled = [
      [false, true],
      [false, false],
      [true, false],
      [true, true],
    ];
    expect([...titlesToFill(reads, filled, "H2:H6")]).toEqual([
      ["vp of sales", "VP of Sales"],
      ["cto", "CTO"],
    ]);
    expect(hasTitles(reads)).toBe(true);
    expect(hasTitles([{ kind: "blank" }, { kind: "invalid", reason: "x" }])).toBe(false);
  });

  it("says so when every title's cells are filled", () => {
    expect(() => titlesToFill([text("CTO")], [[true, true]], "H2:H2")).toThrow(
      TITLE_MESSAGES.allFilled("H2:H2"),
    );
  });
});

describe("writing the mapped values", () => {
  it("writes one block with labels when both columns are new", () => {
    const sheet = new FakeSheet("S");
    const plan = {
      sheet,
      labelsRow: 1,
      column: { firstDataRow: 2 } as TitleColumn,
      target: { columns: [3, 4], existing: [null, null], filled: [], kept: 0 } as TitleTarget,
    };
    writeTitleValues(plan, [
      ["Sales", "VP"],
      ["", ""],
    ]);
    expect(sheet.writes).toEqual([{ row: 1, column: 3, rows: 3, columns: 2 }]);
    expect(sheet.readValues(1, 3, 3, 2)).toEqual([
      ["Job function", "Job level"],
      ["Sales", "VP"],
      ["", ""],
    ]);
  });

  it("writes only the runs of empty cells in columns already there, and a new column whole with its label", () => {
    const sheet = new FakeSheet("S");
    sheet.set(3, 5, "typed");
    const plan = {
      sheet,
      labelsRow: 1,
      column: { firstDataRow: 2 } as TitleColumn,
      target: {
        columns: [5, 7],
        existing: ["Job function", null],
        filled: [
          [false, false],
          [true, false],
          [false, false],
          [false, false],
        ],
        kept: 1,
      } as TitleTarget,
    };
    writeTitleValues(plan, [
      ["A", "1"],
      ["B", "2"],
      ["C", "3"],
      ["D", "4"],
    ]);
    expect(sheet.writes).toEqual([
      { row: 2, column: 5, rows: 1, columns: 1 },
      { row: 4, column: 5, rows: 2, columns: 1 },
      { row: 1, column: 7, rows: 5, columns: 1 },
    ]);
    expect(sheet.readValues(1, 5, 5, 3)).toEqual([
      ["", "", "Job level"],
      ["A", "", "1"],
      ["typed", "", "2"],
      ["C", "", "3"],
      ["D", "", "4"],
    ]);
  });

  it("writes nothing in a column whose cells are all kept, and no label without a labels row", () => {
    const sheet = new FakeSheet("S");
    const plan = {
      sheet,
      labelsRow: null,
      column: { firstDataRow: 1 } as TitleColumn,
      target: {
        columns: [2, 3],
        existing: ["f", null],
        filled: [
          [true, false],
          [true, false],
        ],
        kept: 2,
      } as TitleTarget,
    };
    writeTitleValues(plan, [
      ["x", "1"],
      ["y", "2"],
    ]);
    expect(sheet.writes).toEqual([{ row: 1, column: 3, rows: 2, columns: 1 }]);
  });

  it("says the kept cells after the run's sentence", () => {
    expect(keptSentence(0)).toBe("");
    expect(keptSentence(1)).toBe(" 1 filled cell kept as it was.");
    expect(keptSentence(3)).toBe(" 3 filled cells kept as they were.");
  });
});
