// How many mutants a `--changed` run affords in its minutes after the initial run of its test files.
import { describe, expect, it } from "vitest";
import { estimatedMinutes, MIN_MUTANTS, mutantBudget } from "../../../scripts/mutate/budget.ts";

const costs = { setupSeconds: 60, unitFileSeconds: 20, bundleFileSeconds: 150, mutantSeconds: 60 };

describe("mutantBudget", () => {
  it("spends what the setup and the initial run leave", () => {
    // 1,200 s − 60 − 4 × 20 − 3 × 150 = 610 s: ten whole mutants of 60 s.
    expect(mutantBudget(20, 4, 3, costs)).toBe(10);
    expect(mutantBudget(60, 4, 3, costs)).toBe(50);
  });

  it("never goes under the minimum, even when the initial run alone overruns", () => {
    expect(mutantBudget(5, 4, 3, costs)).toBe(MIN_MUTANTS);
  });
});

describe("estimatedMinutes", () => {
  it("adds the setup, the initial run and the mutants", () => {
    // 60 + 80 + 450 + 10 × 60 = 1,190 s.
    expect(estimatedMinutes(4, 3, 10, costs)).toBe(20);
    expect(estimatedMinutes(0, 0, 0, costs)).toBe(1);
  });
});
