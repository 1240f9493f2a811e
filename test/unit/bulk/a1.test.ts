// A1 notation for one-column input ranges and output blocks.
import { describe, expect, it } from "vitest";
import {
  blockA1,
  columnLetter,
  columnNumber,
  columnRangeA1,
  parseColumnRange,
} from "../../../src/core/sheet/a1.ts";

describe("column letters", () => {
  it("converts both ways across one, two and three letters", () => {
    for (const [n, letters] of [
      [1, "A"],
      [26, "Z"],
      [27, "AA"],
      [52, "AZ"],
      [703, "AAA"],
      [18_278, "ZZZ"],
    ] as const) {
      expect(columnLetter(n)).toBe(letters);
      expect(columnNumber(letters)).toBe(n);
      expect(columnNumber(letters.toLowerCase())).toBe(n);
    }
  });

  it("refuses what is not a column", () => {
    expect(columnNumber("A1")).toBeNull();
    expect(columnNumber("")).toBeNull();
    expect(columnNumber("AAAA")).toBeNull();
    expect(() => columnLetter(0)).toThrow("Column 0 is outside 1–18278.");
  });
});

describe("parseColumnRange", () => {
  it("reads closed, open-ended and whole-column ranges", () => {
    expect(parseColumnRange("A2:A501")).toEqual({ sheet: null, column: 1, firstRow: 2, lastRow: 501 });
    expect(parseColumnRange("$B$2:$B$9")).toEqual({ sheet: null, column: 2, firstRow: 2, lastRow: 9 });
    expect(parseColumnRange("C2:C")).toEqual({ sheet: null, column: 3, firstRow: 2, lastRow: null });
    expect(parseColumnRange("d:d")).toEqual({ sheet: null, column: 4, firstRow: 1, lastRow: null });
    expect(parseColumnRange("A7")).toEqual({ sheet: null, column: 1, firstRow: 7, lastRow: 7 });
    expect(parseColumnRange("A9:A2")).toEqual({ sheet: null, column: 1, firstRow: 2, lastRow: 9 });
  });

  it("reads a sheet name, quoted or not", () => {
    expect(parseColumnRange("Leads!A2:A9")?.sheet).toBe("Leads");
    expect(parseColumnRange("'My ''big'' sheet'!A2:A9")?.sheet).toBe("My 'big' sheet");
  });

  it("refuses several columns, whole rows and text that is not A1", () => {
    for (const text of ["A2:B9", "2:9", "A", "hello", "A2:A9:A10", "!A1", ""]) {
      expect(parseColumnRange(text)).toBeNull();
    }
  });
});

describe("A1 text", () => {
  it("writes blocks and column ranges", () => {
    expect(blockA1(2, 4, 500, 3)).toBe("D2:F501");
    expect(blockA1(1, 1, 1, 1)).toBe("A1");
    expect(columnRangeA1({ column: 1, firstRow: 2, lastRow: 501 })).toBe("A2:A501");
    expect(columnRangeA1({ column: 1, firstRow: 2, lastRow: null })).toBe("A2:A");
  });
});
