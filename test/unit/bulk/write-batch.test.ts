// Merging a wave's writes: beside, then below, into the fewest rectangles; overlapping writes kept apart.
import { describe, expect, it } from "vitest";
import { mergeBlocks } from "../../../src/core/bulk/write-batch.ts";

describe("mergeBlocks", () => {
  it("joins a chunk's values with its Status column beside them, then the chunks one below the other", () => {
    const blocks = [
      {
        row: 2,
        column: 2,
        values: [
          ["a", 1],
          ["b", 2],
        ],
      },
      { row: 2, column: 4, values: [["Found"], ["Found"]] },
      { row: 4, column: 2, values: [["c", 3]] },
      { row: 4, column: 4, values: [["Not found"]] },
    ];
    expect(mergeBlocks(blocks)).toEqual([
      {
        row: 2,
        column: 2,
        values: [
          ["a", 1, "Found"],
          ["b", 2, "Found"],
          ["c", 3, "Not found"],
        ],
      },
    ]);
  });

  it("keeps apart blocks that do not make a rectangle together", () => {
    const blocks = [
      { row: 2, column: 2, values: [["a"], ["b"]] },
      { row: 2, column: 4, values: [["Found"]] },
      { row: 5, column: 2, values: [["c"]] },
    ];
    expect(mergeBlocks(blocks)).toEqual([
      { row: 2, column: 2, values: [["a"], ["b"]] },
      { row: 5, column: 2, values: [["c"]] },
      { row: 2, column: 4, values: [["Found"]] },
    ]);
  });

  it("leaves overlapping writes as they are, in their order, so the later lands last", () => {
    const blocks = [
      { row: 2, column: 2, values: [["a"], ["b"]] },
      { row: 3, column: 2, values: [["c"]] },
    ];
    expect(mergeBlocks(blocks)).toEqual(blocks);
  });

  it("drops empty blocks", () => {
    expect(mergeBlocks([{ row: 2, column: 2, values: [] }])).toEqual([]);
  });
});
