// Tests for chunking inputs into requests of at most the list-mode maximum.
import { describe, expect, it } from "vitest";
import { chunk, DEFAULT_MAX_PER_REQUEST } from "../../../src/core/organizations/batching.ts";

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
