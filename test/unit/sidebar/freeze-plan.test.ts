// Freezing the add-on's formulas, step by step over grids: which formulas are the add-on's, which cells
// were their spills, the rectangles that write them back without touching other cells, and text kept text.
import { describe, expect, it } from "vitest";
import {
  callsAny,
  coverBlocks,
  findAnchors,
  frozenValue,
  vanishedCells,
} from "../../../src/server/more/freeze-plan.ts";

const NAMES = ["ORG_ATTR", "TECH_COUNT", "JOB_LEVEL"];
const grid = (text: string) => text.split("|").map((row) => row.split("").map((c) => c === "x"));

describe("callsAny", () => {
  it("finds the add-on's functions in any case, nested or with spaces before the bracket", () => {
    expect(callsAny('=ORG_ATTR(A2:A9, "name")', NAMES)).toBe(true);
    expect(callsAny('=iferror(org_attr(A2, "name"), "")', NAMES)).toBe(true);
    expect(callsAny("=SUM(TECH_COUNT (A2, B1))", NAMES)).toBe(true);
  });

  it("ignores other functions, names inside text, and look-alike names", () => {
    expect(callsAny("=SUM(A1:A9)", NAMES)).toBe(false);
    expect(callsAny('=CONCAT("ORG_ATTR(", A1)', NAMES)).toBe(false);
    expect(callsAny("=MY_ORG_ATTR(A1)", NAMES)).toBe(false);
    expect(callsAny("ORG_ATTR(A1)", NAMES)).toBe(false);
    expect(callsAny("", NAMES)).toBe(false);
  });
});

describe("findAnchors", () => {
  const formulas = [
    ['=ORG_ATTR(A2,"name")', "=SUM(1)", ""],
    ['=JOB_LEVEL("VP")', '=ORG_ATTR(A3,"name")', ""],
  ];
  const values = [
    ["Acme", 1, "typed"],
    ["#ERROR!", "Globex", ""],
  ];

  it("counts the add-on's formulas inside the scope and keeps those showing an error", () => {
    const scan = findAnchors(formulas, values, NAMES, { row: 0, col: 0, rows: 2, cols: 3 });
    expect(scan.count).toBe(2);
    expect(scan.errors).toBe(1);
    expect(scan.anchors).toEqual([
      [true, false, false],
      [false, true, false],
    ]);
  });

  it("leaves formulas outside the scope alone", () => {
    const scan = findAnchors(formulas, values, NAMES, { row: 1, col: 1, rows: 1, cols: 2 });
    expect(scan.count).toBe(1);
    expect(scan.anchors[0]![0]).toBe(false);
  });
});

describe("vanishedCells", () => {
  it("finds the cells a replaced formula's spill left empty, and nothing typed or computed by others", () => {
    const before = {
      values: [
        ["Acme", 12, "typed"],
        ["Globex", "", 3],
      ],
      formulas: [
        ['=ORG_ATTR(A1:A2,"name,employee_count")', "", ""],
        ["", "", "=SUM(1,2)"],
      ],
    };
    const after = {
      values: [
        ["Acme", "", "typed"],
        ["", "", 3],
      ],
      formulas: [
        ["", "", ""],
        ["", "", "=SUM(1,2)"],
      ],
    };
    const anchors = [
      [true, false, false],
      [false, false, false],
    ];
    expect(vanishedCells(before, after, anchors)).toEqual([
      [false, true, false],
      [true, false, false],
    ]);
  });
});

describe("coverBlocks", () => {
  it("covers a spilled column with blanks in it with one rectangle", () => {
    const needed = grid("x.|x.|..|x.");
    const safe = grid("xx|xx|x.|x.");
    expect(coverBlocks(needed, safe)).toEqual([{ row: 0, col: 0, rows: 4, cols: 1 }]);
  });

  it("covers a block spilled right and down, trimmed to its last needed row and column", () => {
    const needed = grid("xx.|xx.|...");
    const safe = grid("xxx|xxx|xxx");
    expect(coverBlocks(needed, safe)).toEqual([{ row: 0, col: 0, rows: 2, cols: 2 }]);
  });

  it("never covers a cell that is not safe, splitting the rectangle around it", () => {
    const needed = grid("xxx|x.x");
    const safe = grid("xxx|x.x");
    const blocks = coverBlocks(needed, safe);
    for (const block of blocks) {
      for (let r = block.row; r < block.row + block.rows; r++) {
        for (let c = block.col; c < block.col + block.cols; c++) expect(safe[r]![c]).toBe(true);
      }
    }
    const covered = grid("...|...");
    for (const b of blocks)
      for (let r = b.row; r < b.row + b.rows; r++)
        for (let c = b.col; c < b.col + b.cols; c++) covered[r]![c] = true;
    expect(covered).toEqual(grid("xxx|x.x"));
  });

  it("gives nothing for nothing needed", () => {
    expect(coverBlocks(grid("..|.."), grid("xx|xx"))).toEqual([]);
  });
});

describe("frozenValue", () => {
  it("keeps numbers, booleans and dates, and writes text so Sheets keeps it text", () => {
    const day = new Date(Date.UTC(2026, 0, 5));
    expect(frozenValue(12)).toBe(12);
    expect(frozenValue(false)).toBe(false);
    expect(frozenValue(day)).toBe(day);
    expect(frozenValue("00123")).toBe("'00123");
    expect(frozenValue("=SUM(1)")).toBe("'=SUM(1)");
    expect(frozenValue("'quoted")).toBe("''quoted");
    expect(frozenValue("")).toBe("");
    expect(frozenValue(null)).toBe("");
  });
});
