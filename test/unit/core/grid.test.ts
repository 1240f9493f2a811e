// Tests for custom-function argument shapes and "names" arguments.
import { describe, expect, it } from "vitest";
import { flattenGrid, parseNames, shapeLike, toGrid } from "../../../src/core/formulas/grid.ts";
import { ArgumentError } from "../../../src/core/text/user-errors";

describe("toGrid", () => {
  it("remembers that a single cell was a scalar", () => {
    expect(toGrid("acme.com", "organizations")).toEqual({
      scalar: true,
      rows: [["acme.com"]],
      height: 1,
      width: 1,
    });
    expect(toGrid(null, "organizations").scalar).toBe(true);
  });

  it("keeps a range's rows", () => {
    const grid = toGrid([["a"], ["b"], ["c"]], "organizations");
    expect(grid).toEqual({ scalar: false, rows: [["a"], ["b"], ["c"]], height: 3, width: 1 });
  });

  it("treats a one-cell range as a range", () => {
    expect(toGrid([["a"]], "organizations").scalar).toBe(false);
  });

  it.each([
    [[], '"organizations" must be a cell or a range of cells.'],
    [["a", "b"], '"organizations" must be a cell or a range of cells.'],
    [[[]], '"organizations" must be a rectangular range of cells.'],
    [[["a", "b"], ["c"]], '"organizations" must be a rectangular range of cells.'],
  ])("rejects the malformed range %o", (argument, message) => {
    expect(() => toGrid(argument, "organizations")).toThrow(new ArgumentError(message));
  });
});

describe("flattenGrid", () => {
  it("reads an N×M range along each row, then down", () => {
    expect(
      flattenGrid(
        toGrid(
          [
            [1, 2, 3],
            [4, 5, 6],
          ],
          "x",
        ),
      ),
    ).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it.each([
    ["an N×1 column", [["a"], ["b"], ["c"]], ["a", "b", "c"]],
    ["a 1×N row", [["a", "b", "c"]], ["a", "b", "c"]],
    ["a scalar", "a", ["a"]],
  ])("flattens %s", (_label, argument, expected) => {
    expect(flattenGrid(toGrid(argument, "x"))).toEqual(expected);
  });
});

describe("shapeLike", () => {
  it("gives a scalar for a scalar input with one output column", () => {
    expect(shapeLike(toGrid("acme.com", "x"), [[1200]])).toBe(1200);
  });

  it("gives one row for a scalar input with several output columns", () => {
    expect(shapeLike(toGrid("acme.com", "x"), [[1200, "Software"]])).toEqual([[1200, "Software"]]);
  });

  it("gives one row per input row for a column", () => {
    expect(shapeLike(toGrid([["a"], ["b"]], "x"), [[1], [2]])).toEqual([[1], [2]]);
  });

  it("gives a one-cell range back as a 1×1 array", () => {
    expect(shapeLike(toGrid([["a"]], "x"), [[7]])).toEqual([[7]]);
  });

  it("puts each cell's columns side by side within its row", () => {
    const grid = toGrid(
      [
        ["a", "b"],
        ["c", "d"],
      ],
      "x",
    );
    const perCell = [
      ["a1", "a2"],
      ["b1", "b2"],
      ["c1", "c2"],
      ["d1", "d2"],
    ];
    expect(shapeLike(grid, perCell)).toEqual([
      ["a1", "a2", "b1", "b2"],
      ["c1", "c2", "d1", "d2"],
    ]);
  });

  it("keeps a 1×N row input as one row", () => {
    expect(shapeLike(toGrid([["a", "b", "c"]], "x"), [[1], [2], [3]])).toEqual([[1, 2, 3]]);
  });

  it.each([
    [[[1]], "Expected 2 cell results; got 1."],
    [[[1], [2, 3]], "Every cell result must have the same number of columns, at least one."],
    [[[], []], "Every cell result must have the same number of columns, at least one."],
  ])("rejects mismatched cell results %o", (perCell, message) => {
    expect(() => shapeLike(toGrid([["a"], ["b"]], "x"), perCell)).toThrow(new RangeError(message));
  });
});

describe("parseNames", () => {
  it.each<[string, unknown, string[]]>([
    ["one name", "employee_count", ["employee_count"]],
    ["a comma-separated list", "name, industry ,employee_count", ["name", "industry", "employee_count"]],
    ["a list with blanks", ",name,, industry,", ["name", "industry"]],
    ["a list with duplicates in other case", "React, react, REACT, Vue", ["React", "Vue"]],
    ["a one-row range", [["name", "", "industry", "name"]], ["name", "industry"]],
    ["a one-column range", [["react"], [null], ["  vue  "]], ["react", "vue"]],
    ["a range whose cells contain commas", [["Sun Java, Enterprise", "Go"]], ["Sun Java, Enterprise", "Go"]],
    ["a name with inner whitespace", "  Amazon   Web Services ", ["Amazon Web Services"]],
    ["a number", 360, ["360"]],
  ])("reads %s", (_label, argument, expected) => {
    expect(parseNames(argument, "attributes")).toEqual(expected);
  });

  it("throws an ArgumentError, so formulas can show the message as the user's mistake", () => {
    expect(() => parseNames(true, "attributes")).toThrow(ArgumentError);
  });

  it.each<[string, unknown, string]>([
    [
      "a 2-D range",
      [
        ["a", "b"],
        ["c", "d"],
      ],
      '"attributes" must be one name, a comma-separated list, or one row or one column of names; got a range of 2 rows × 2 columns.',
    ],
    ["an empty text", "", '"attributes" is empty: give at least one name.'],
    ["only commas", " , ,", '"attributes" is empty: give at least one name.'],
    ["a missing argument", undefined, '"attributes" is empty: give at least one name.'],
    ["a blank range", [[""], [null]], '"attributes" is empty: give at least one name.'],
    ["TRUE", true, '"attributes" must hold names as text; got TRUE.'],
    ["a date in a range", [["name", new Date(0)]], '"attributes" must hold names as text; got a date.'],
    ["a jagged range", [["a"], ["b", "c"]], '"attributes" must be a rectangular range of cells.'],
  ])("rejects %s", (_label, argument, message) => {
    expect(() => parseNames(argument, "attributes")).toThrow(new ArgumentError(message));
  });
});
