// Which new or edited rows are filled from cells the rule's last run left beside their organization.
import { describe, expect, it } from "vitest";
import { knownRows } from "../../../src/core/changes/known-rows";
import { movedRows, newRowOffsets, rowPrints, strayPrint } from "../../../src/core/changes/row-prints";
import { readOrganization } from "../../../src/core/organizations/identifiers";

const reads = (ids: string[]) => ids.map((id) => readOrganization(id));
const LAST = ["a.com", "b.com", "c.com", "d.com"];
const CELLS = [
  ["Retail", 10],
  ["Mining", 20],
  ["", ""],
  ["Utilities", 40],
];
const previous = rowPrints(reads(LAST), CELLS);

describe("knownRows", () => {
  it("finds an organization's cells where its print says they were, checked against the print", () => {
    // Column A sorted alone: identifiers moved, cells stayed.
    const now = reads(["d.com", "a.com", "b.com", "c.com", "e.com"]);
    const fills = knownRows({ reads: now, previous, outputs: CELLS, copy: null, offsets: [0, 1, 2, 3, 4] });
    // c.com matched nothing (empty cells) and e.com was never bought: both are left to be bought.
    expect([...fills.entries()]).toEqual([
      [0, ["Utilities", 40]],
      [1, ["Retail", 10]],
      [2, ["Mining", 20]],
    ]);
  });

  it("takes the hidden copy's cells when the sheet's were typed over, and never cells that do not match", () => {
    const outputs = [["Typed", 1], ...CELLS.slice(1)];
    const copy = CELLS;
    const now = reads(["b.com", "a.com"]);
    expect([...knownRows({ reads: now, previous, outputs, copy, offsets: [1] }).entries()]).toEqual([
      [1, ["Retail", 10]],
    ]);
    expect(knownRows({ reads: now, previous, outputs, copy: null, offsets: [1] }).size).toBe(0);
    // No prints: nothing is known.
    expect(knownRows({ reads: now, previous: "", outputs, copy, offsets: [0, 1] }).size).toBe(0);
  });

  it("tells rows that moved with their values (from where) from rows new beside another's values", () => {
    // Rows 0 and 3 swapped whole; row 1 got another identifier beside b.com's cells.
    const now = reads(["d.com", "e.com", "c.com", "a.com"]);
    const outputs = [CELLS[3]!, CELLS[1]!, CELLS[2]!, CELLS[0]!];
    expect([...movedRows(now, previous, outputs).entries()]).toEqual([
      [0, 3],
      [3, 0],
    ]);
    expect(newRowOffsets(now, previous, outputs)).toEqual([1]);
    expect(movedRows(now, null, outputs).size).toBe(0);
  });

  it("fills from the bought answer an organization the prints name but whose cells are nowhere", () => {
    // a.com's print is stray (its values parted from it), b.com's cells were typed over; e.com was never had.
    const stray = [strayPrint(readOrganization("a.com")), ...previous.split(",").slice(1)].join(",");
    const now = reads(["a.com", "b.com", "e.com"]);
    const asked: string[] = [];
    const bought = (read: { key: string }) => {
      asked.push(read.key);
      return read.key === "url:a.com" ? ["Retail", 10] : null;
    };
    const outputs = [
      ["Mining", 20],
      ["x", 1],
      ["", ""],
    ];
    const fills = knownRows({ reads: now, previous: stray, outputs, copy: null, offsets: [0, 1, 2], bought });
    expect([...fills.entries()]).toEqual([[0, ["Retail", 10]]]);
    // Asked only for identifiers the last run had, once each; e.com is left to be bought.
    expect(asked).toEqual(["url:a.com", "url:b.com"]);
    expect(knownRows({ reads: now, previous: stray, outputs, copy: null, offsets: [0, 1, 2] }).size).toBe(0);
  });

  it("takes a row whose cells came from another place for in place only when that place held its identifier", () => {
    const now = reads(LAST);
    // Cells at their own place: in place, nothing moved.
    expect(movedRows(now, previous, CELLS, new Map([[0, 0]])).size).toBe(0);
    // a.com's cells came from b.com's place (its identifier sorted apart): not in place, and new.
    expect(newRowOffsets(now, previous, [CELLS[1]!, ...CELLS.slice(1)], new Map([[0, 1]]))).toEqual([0]);
    // A place past the last run's rows held nothing: not in place.
    expect(newRowOffsets(now, previous, [["x", 1], ...CELLS.slice(1)], new Map([[0, 9]]))).toEqual([0]);
  });
});
