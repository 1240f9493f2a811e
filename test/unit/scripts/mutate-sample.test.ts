// A change's mutants sampled at random with a seed, handed to Stryker as exact ranges, within the budget.
import { describe, expect, it } from "vitest";
import {
  contains,
  mutateEntry,
  type PlannedMutant,
  sampleMutants,
  seededRandom,
  shuffle,
} from "../../../scripts/mutate/sample.ts";

const mutant = (line: number, from: number, to: number, name = "ConditionalExpression"): PlannedMutant => ({
  file: "src/core/x.ts",
  start: { line, column: from },
  end: { line, column: to },
  mutatorName: name,
  replacement: "false",
});

describe("seededRandom and shuffle", () => {
  it("repeat for a seed and differ between seeds", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    for (const x of first) expect(x >= 0 && x < 1).toBe(true);
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(shuffle(items, 7)).toEqual(shuffle(items, 7));
    expect(shuffle(items, 7)).not.toEqual(shuffle(items, 8));
    expect([...shuffle(items, 7)].sort((x, y) => x - y)).toEqual(items);
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("draws every position about equally often", () => {
    const firsts = new Array(4).fill(0);
    for (let seed = 0; seed < 4000; seed++) firsts[shuffle([0, 1, 2, 3], seed)[0] as number]++;
    for (const count of firsts) expect(Math.abs(count - 1000)).toBeLessThan(120);
  });
});

describe("contains", () => {
  it("is Stryker's rule: the inner node lies wholly inside the outer one, in the same file", () => {
    const outer = mutant(10, 4, 30);
    expect(contains(outer, mutant(10, 4, 30))).toBe(true);
    expect(contains(outer, mutant(10, 8, 12))).toBe(true);
    expect(contains(outer, mutant(10, 3, 12))).toBe(false);
    expect(contains(outer, mutant(10, 8, 31))).toBe(false);
    expect(contains(outer, mutant(11, 8, 12))).toBe(false);
    expect(contains(outer, { ...mutant(10, 8, 12), file: "src/core/y.ts" })).toBe(false);
    const block = { ...mutant(5, 20, 0), end: { line: 9, column: 1 } };
    expect(contains(block, mutant(7, 0, 200))).toBe(true);
    expect(contains(block, mutant(5, 19, 25))).toBe(false);
  });
});

describe("sampleMutants", () => {
  const flat = Array.from({ length: 30 }, (_, i) => mutant(i + 1, 2, 9));

  it("takes exactly max mutants of a flat change, the same ones for the same seed", () => {
    const a = sampleMutants(flat, 12, 99);
    expect(a.mutants).toHaveLength(12);
    expect(a.entries).toHaveLength(12);
    expect(sampleMutants(flat, 12, 99)).toEqual(a);
    expect(sampleMutants(flat, 12, 100).mutants).not.toEqual(a.mutants);
    expect([...a.entries].sort()).toEqual(a.mutants.map(mutateEntry).sort());
  });

  it("counts the mutants nested in a drawn node, which its range takes too, and never passes max", () => {
    // Line 1: `a && b` (LogicalOperator over 0–6) holds `a` (0–1) and `b` (5–6); line 2 stands alone.
    const nested = [
      mutant(1, 0, 6, "LogicalOperator"),
      mutant(1, 0, 1, "BooleanLiteral"),
      mutant(1, 5, 6, "BooleanLiteral"),
      mutant(2, 0, 4),
    ];
    for (let seed = 0; seed < 50; seed++) {
      const { mutants, entries } = sampleMutants(nested, 2, seed);
      expect(mutants.length).toBeLessThanOrEqual(2);
      const taken = nested.filter((m) => entries.some((e) => e === mutateEntry(m)));
      // What Stryker will run: every mutant inside a chosen range.
      const runs = nested.filter((m) => taken.some((t) => contains(t, m)));
      expect(runs).toEqual(mutants);
    }
  });

  it("takes them all when they fit", () => {
    expect(sampleMutants(flat, 30, 1).mutants).toEqual(flat);
  });
});

describe("mutateEntry", () => {
  it("is Stryker's file:line:column-line:column with 1-based lines and 0-based columns", () => {
    expect(mutateEntry({ ...mutant(198, 15, 88), end: { line: 199, column: 3 } })).toBe(
      "src/core/x.ts:198:15-199:3",
    );
  });
});
