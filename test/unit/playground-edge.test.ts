// Ctrl+arrow's landing cell along a line of filled and empty cells, as Sheets moves.
import { describe, expect, it } from "vitest";
import { edgeIndex } from "../../playground/server/sheet-edits.ts";

const line = (text: string) => (i: number) => text[i - 1] === "x";

describe("Ctrl+arrow along a line", () => {
  it("runs to the end of a filled run, jumps to the next filled cell, or stops at the line's end", () => {
    const cells = line("xxx..xx...");
    expect(edgeIndex(cells, 1, 1, 10)).toBe(3);
    expect(edgeIndex(cells, 3, 1, 10)).toBe(6);
    expect(edgeIndex(cells, 6, 1, 10)).toBe(7);
    expect(edgeIndex(cells, 7, 1, 10)).toBe(10);
    expect(edgeIndex(cells, 10, 1, 10)).toBe(10);
    expect(edgeIndex(cells, 10, -1, 10)).toBe(7);
    expect(edgeIndex(cells, 6, -1, 10)).toBe(3);
    expect(edgeIndex(cells, 2, -1, 10)).toBe(1);
  });
});
