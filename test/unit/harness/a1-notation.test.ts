// A1 notation: the forms Sheets accepts, sheet qualifiers, and what is not A1.
import { describe, expect, it } from "vitest";
import {
  cellA1,
  columnIndex,
  columnLetters,
  parseA1,
  qualifiedA1,
  rangeA1,
  toGrid,
} from "../../../harness/a1.ts";

describe("A1 notation", () => {
  it("reads cells, ranges, anchored and open-ended references", () => {
    expect(parseA1("B2")).toEqual({ sheet: null, startRow: 2, startCol: 2, endRow: 2, endCol: 2 });
    expect(parseA1("$a$1:C9")).toEqual({ sheet: null, startRow: 1, startCol: 1, endRow: 9, endCol: 3 });
    expect(parseA1("C9:A1")).toEqual({ sheet: null, startRow: 1, startCol: 1, endRow: 9, endCol: 3 });
    expect(parseA1("A:B")).toEqual({ sheet: null, startRow: 1, startCol: 1, endRow: null, endCol: 2 });
    expect(parseA1("A2:A")).toEqual({ sheet: null, startRow: 2, startCol: 1, endRow: null, endCol: 1 });
    expect(parseA1("3:4")).toEqual({ sheet: null, startRow: 3, startCol: 1, endRow: 4, endCol: null });
  });

  it("reads sheet names, quoted ones with spaces and escaped quotes", () => {
    expect(parseA1("Data!A1")?.sheet).toBe("Data");
    expect(parseA1("'My data'!A1:B2")?.sheet).toBe("My data");
    expect(parseA1("'Bob''s'!A1")?.sheet).toBe("Bob's");
    expect(qualifiedA1("Bob's", "A1")).toBe("'Bob''s'!A1");
    expect(qualifiedA1("Data", "A1")).toBe("Data!A1");
  });

  it("returns null for what is not A1 notation", () => {
    for (const bad of [
      "",
      "A",
      "1",
      "A0",
      "AAAA1",
      "A1:",
      ":B2",
      "A1:B2:C3",
      "My data!A1",
      "'open!A1",
      "R1C1",
    ]) {
      expect(parseA1(bad)).toBeNull();
    }
  });

  it("converts columns both ways and formats ranges", () => {
    expect([columnLetters(1), columnLetters(26), columnLetters(27), columnLetters(703)]).toEqual([
      "A",
      "Z",
      "AA",
      "AAA",
    ]);
    expect([columnIndex("A"), columnIndex("z"), columnIndex("AA"), columnIndex("ZZZ")]).toEqual([
      1, 26, 27, 18278,
    ]);
    expect(cellA1(10, 28)).toBe("AB10");
    expect(rangeA1({ row: 2, col: 1, rows: 3, cols: 2 })).toBe("A2:B4");
    expect(toGrid(parseA1("B2:B")!, 1000, 26)).toEqual({ row: 2, col: 2, rows: 999, cols: 1 });
  });
});
