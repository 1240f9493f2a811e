// Check this sheet's errors by kind, from the sheet's formulas, values, Status headers and the noted
// sentences; and the per-sheet memory those sentences live in (budgeted, pruned).
import { describe, expect, it } from "vitest";
import {
  MEMORY_CELLS,
  parseMemory,
  prune,
  reasonsByCell,
  remember,
} from "../../../src/core/formulas/error-memory.ts";
import { cellA1, cellRanges, NOT_NOTED, sheetErrors } from "../../../src/core/formulas/sheet-errors.ts";

const E = "#ERROR!";

describe("error memory", () => {
  it("keeps each sentence once, replaces a cell's, drops the oldest past the budget and unused sentences", () => {
    let m = remember(parseMemory(null), "A1", "x");
    m = remember(m, "A2", "y");
    m = remember(m, "A1", "y");
    expect(m).toEqual({
      reasons: ["y"],
      cells: [
        ["A2", 0],
        ["A1", 0],
      ],
    });
    m = remember(m, "A3", "z", 2);
    expect(m).toEqual({
      reasons: ["y", "z"],
      cells: [
        ["A1", 0],
        ["A3", 1],
      ],
    });
    expect(MEMORY_CELLS).toBe(2_000);
  });

  it("reads back what it wrote, and anything unreadable as empty", () => {
    const m = remember(parseMemory(null), "B2", "why");
    expect(parseMemory(JSON.stringify(m))).toEqual(m);
    for (const bad of [
      "{",
      "null",
      '{"reasons":[1],"cells":[]}',
      '{"reasons":["a"],"cells":[["A1",1]]}',
      '{"reasons":["a"],"cells":[[1,0]]}',
      '{"reasons":["a"],"cells":[["A1",0.5]]}',
      '{"reasons":"a","cells":[]}',
      '{"reasons":[],"cells":{}}',
      '{"reasons":[],"cells":["A1"]}',
    ])
      expect(parseMemory(bad)).toEqual({ reasons: [], cells: [] });
  });

  it("prunes cells no longer failing", () => {
    const m = remember(remember(parseMemory(null), "A1", "x"), "A2", "y");
    expect(reasonsByCell(prune(m, new Set(["A2"])))).toEqual(new Map([["A2", "y"]]));
  });
});

describe("sheet errors", () => {
  it("joins runs down a column into ranges", () => {
    expect(
      cellRanges([
        { row: 3, column: 2 },
        { row: 2, column: 2 },
        { row: 5, column: 2 },
        { row: 2, column: 1 },
        { row: 3, column: 3 },
      ]),
    ).toEqual(["A2", "B2:B3", "B5", "C3"]);
    expect(cellRanges([])).toEqual([]);
    expect(cellA1(12, 28)).toBe("AB12");
  });

  it("groups #ERROR! formula cells by noted sentence, unnoted apart, and Status rows by kind", () => {
    const formulas = [
      ["", "", "", ""],
      ["", "=F()", "", ""],
      ["", "=F()", "", ""],
      ["", "=G()", "", ""],
      ["", "", "", ""],
      ["", "", "", ""],
      ["", "", "", ""],
    ];
    const values = [
      ["Domain", "", "Status", "Status"],
      ["a", E, "Found", ""],
      ["b", E, "Not found", ""],
      ["c", E, "Can't read: 0 is not an organization id.", ""],
      ["d", E, "Answer lost: press Re-run lost rows", ""],
      ["e", "", "Not enriched: the service failed; press Resume", ""],
      ["f", "", "Something new", ""],
    ];
    const noted = new Map([
      ["B2", "Bad input."],
      ["B3", "Bad input."],
    ]);
    const kinds = sheetErrors({ formulas, values, statusHeaders: [{ row: 1, column: 3 }] }, noted);
    expect(kinds.map((k) => [k.where, k.sentence, k.todo, k.count, k.ranges])).toEqual([
      ["formula", "Bad input.", "Hover a cell to read the same sentence; it says what to do.", 2, ["B2:B3"]],
      ["formula", NOT_NOTED, "Hover a cell to read its message; recalculate to see it again.", 1, ["B4"]],
      [
        "status",
        "Not found: the service has no organization for these identifiers.",
        "Check them for typos or old domains; nothing was charged for them.",
        1,
        ["C3"],
      ],
      [
        "status",
        "Can't read: the cell is no domain, e-mail, id or name (each Status says why).",
        "Correct the identifiers, then run Enrich again over those rows.",
        1,
        ["C4"],
      ],
      [
        "status",
        "Answer lost: the request went out and its answer was lost (it may have been charged).",
        "Press Re-run lost rows in the Enrich tab to buy them again.",
        1,
        ["C5"],
      ],
      [
        "status",
        "Not enriched: the service failed for these rows and the run stopped.",
        "Press Resume in the Enrich tab to try them again.",
        1,
        ["C6"],
      ],
      ["status", "Something new", "Run Enrich again over these rows.", 1, ["C7"]],
    ]);
    // B5 shows #ERROR! as typed text, with no formula: no error of a formula.
    expect(sheetErrors({ formulas: [[""]], values: [[E]], statusHeaders: [] }, new Map())).toEqual([]);
  });
});
