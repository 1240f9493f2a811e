// Tests for dedupe, chunking and spreading results back to every position.
import { describe, expect, it } from "vitest";
import { chunk, DEFAULT_MAX_PER_REQUEST, dedupeByKey, spreadResults } from "../../../src/core/batching.ts";

describe("dedupeByKey", () => {
  it("keeps the first item of each key in first-seen order", () => {
    const deduped = dedupeByKey(["b", "A", "a", "c", "B", "a"], (item) => item.toLowerCase());
    expect(deduped.unique).toEqual(["b", "A", "c"]);
    expect(deduped.keys).toEqual(["b", "a", "c"]);
    expect(deduped.slots).toEqual([0, 1, 1, 2, 0, 1]);
  });

  it("skips items whose key is null", () => {
    const deduped = dedupeByKey(["x", "", "x", " ", "y"], (item) => (item.trim() === "" ? null : item));
    expect(deduped.unique).toEqual(["x", "y"]);
    expect(deduped.slots).toEqual([0, null, 0, null, 1]);
  });

  it("passes each item's position to the key function", () => {
    const deduped = dedupeByKey(["p", "q", "r"], (_item, index) => (index === 1 ? null : "same"));
    expect(deduped.slots).toEqual([0, null, 0]);
  });

  it("handles no items", () => {
    expect(dedupeByKey([], () => "k")).toEqual({ unique: [], keys: [], slots: [] });
  });
});

describe("chunk", () => {
  it("splits into groups of the service's list-mode maximum by default", () => {
    const items = Array.from({ length: 2_501 }, (_, i) => i);
    const chunks = chunk(items);
    expect(DEFAULT_MAX_PER_REQUEST).toBe(1_000);
    expect(chunks.map((group) => group.length)).toEqual([1_000, 1_000, 501]);
    expect(chunks.flat()).toEqual(items);
  });

  it.each([
    [0, 3, []],
    [3, 3, [3]],
    [4, 3, [3, 1]],
    [7, 1, [1, 1, 1, 1, 1, 1, 1]],
  ])("splits %i items by %i into groups of %o", (count, max, sizes) => {
    const items = Array.from({ length: count }, (_, i) => i);
    expect(chunk(items, max).map((group) => group.length)).toEqual(sizes);
  });

  it.each([
    [0, "max must be a whole number of 1 or more; got 0."],
    [-1, "max must be a whole number of 1 or more; got -1."],
    [2.5, "max must be a whole number of 1 or more; got 2.5."],
    [Number.NaN, "max must be a whole number of 1 or more; got NaN."],
  ])("rejects a maximum of %s", (max, message) => {
    expect(() => chunk([1, 2], max)).toThrow(new RangeError(message));
  });
});

describe("spreadResults", () => {
  it("gives duplicates their shared result and skipped positions their own", () => {
    const cells = ["acme.com", "", "globex.com", "acme.com", "#N/A"];
    const deduped = dedupeByKey(cells, (cell) => (cell.includes(".") ? cell : null));
    const results = spreadResults(deduped, ["ACME", "GLOBEX"], (index) => `skipped ${index}`);
    expect(results).toEqual(["ACME", "skipped 1", "GLOBEX", "ACME", "skipped 4"]);
  });

  it("works through chunking: results of every chunk map back to every row", () => {
    const cells = Array.from({ length: 2_400 }, (_, i) => `org${i % 1_200}`);
    const deduped = dedupeByKey(cells, (cell) => cell);
    const uniqueResults = chunk(deduped.unique, 1_000).flatMap((group) =>
      group.map((cell) => cell.toUpperCase()),
    );
    const results = spreadResults(deduped, uniqueResults, () => "");
    expect(deduped.unique).toHaveLength(1_200);
    expect(results).toEqual(cells.map((cell) => cell.toUpperCase()));
  });

  it("rejects a result count that does not match the unique inputs", () => {
    const deduped = dedupeByKey(["a", "b", "a"], (cell) => cell);
    expect(() => spreadResults(deduped, ["A"], () => null)).toThrow(
      new RangeError("Expected 2 results, one per unique input; got 1."),
    );
  });
});
