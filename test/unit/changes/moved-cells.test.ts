// movedCells: where each row's output cells sat when the add-on wrote them, found by the cells themselves.
import { describe, expect, it } from "vitest";
import { movedCells } from "../../../src/core/changes/moved-cells";

const row = (n: number) => [`industry ${n}`, n];
const BLANK = ["", ""];

describe("movedCells", () => {
  it("follows rows pushed down by rows inserted above, and leaves the rows in place and the new ones", () => {
    const written = [row(1), row(2), row(3), row(4)];
    const now = [row(1), BLANK, BLANK, row(2), row(3), row(4)];
    expect([...movedCells(now, written)]).toEqual([
      [3, 1],
      [4, 2],
      [5, 3],
    ]);
  });

  it("follows rows pulled up by a deletion; a row whose place held the same cells needs nothing", () => {
    const written = [row(1), row(2), row(7), row(7), row(5)];
    const now = [row(1), row(7), row(7), row(5)];
    expect([...movedCells(now, written)]).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it("keeps the order of rows with equal cells that moved together", () => {
    const written = [row(7), row(7), BLANK, BLANK];
    const now = [BLANK, BLANK, row(7), row(7)];
    expect([...movedCells(now, written)]).toEqual([
      [2, 0],
      [3, 1],
    ]);
  });

  it("never takes cells someone typed for moved ones, and never gives one old place to two rows", () => {
    const written = [row(1), row(2), BLANK];
    const now = [row(9), row(1), row(1)];
    expect([...movedCells(now, written)]).toEqual([[1, 0]]);
  });

  it("tells dates by their time", () => {
    const at = (ms: number) => [new Date(ms)];
    expect([...movedCells([[""], at(5), at(6)], [at(5), at(6), [""]])]).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });
});

describe("movedCells: what counts as the same cells", () => {
  it("takes null and undefined cells for blank, as an empty string is: blank rows neither move nor hold a place", () => {
    for (const blank of [null, undefined, ""]) {
      // Row 1 moved up; were the blank cells a value, the blank row now at 1 would take place 0.
      expect([...movedCells([row(1), [blank, blank]], [[blank, blank], row(1)])]).toEqual([[0, 1]]);
    }
  });

  it("tells a number from the same digits as text", () => {
    expect([...movedCells([[""], ["7"]], [[7], [""]])]).toEqual([]);
    expect([...movedCells([[""], [7]], [[7], [""]])]).toEqual([[1, 0]]);
  });

  it("gives each old place to one row: a second row with the same cells takes the next place holding them", () => {
    const written = [row(4), row(9), row(4), BLANK];
    const now = [BLANK, row(4), row(9), row(4)];
    expect([...movedCells(now, written)]).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
  });
});
