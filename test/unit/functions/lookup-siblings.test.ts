// A lookup cell filled down a column: bought with its siblings' texts inside the document lock, or, when the
// lock is not had in time, nothing bought and the cell says to recalculate.
import { describe, expect, it } from "vitest";
import type { FormulaEnv, Siblings } from "../../../src/functions/formula-env.ts";
import { LOOKUP_BUSY_MESSAGE } from "../../../src/functions/lookups.ts";
import { jobFunction } from "../../../src/functions/text-lookups.ts";
import { formulaWorld } from "./formula-world.ts";

/** Siblings reading `identifiers`, whose lock is had (or never had) at once; no pause between looks. */
function siblings(env: FormulaEnv, identifiers: unknown[], lockFree: boolean): Siblings {
  return {
    identifiers: () => identifiers,
    sheetUses: () => [],
    exclusive: (fn) => (lockFree ? { acquired: true, value: fn(env) } : { acquired: false }),
    pause: () => undefined,
  };
}

describe("a lookup filled down a column", () => {
  it("looks up its siblings' texts with its own, once each, in one request", () => {
    const w = formulaWorld();
    const column = ["Senior Engineer", "Florist", "senior engineer", "", 42, "Staff Engineer"];
    const env = { ...w.env, siblings: siblings(w.env, column, true) };
    // Florist is not matched: an empty cell.
    expect(jobFunction(env, "Florist")).toBe("");
    expect(w.service.requests.map((r) => r.body)).toEqual([
      { titles: ["Florist", "Senior Engineer", "Staff Engineer"] },
    ]);
    // The siblings' answers are in the cache: a sibling cell sends nothing.
    expect(jobFunction(env, "Staff Engineer")).toBe("Engineering");
    expect(w.service.requests).toHaveLength(1);
  });

  it("buys nothing when the document lock is not had in time, and says to recalculate", () => {
    const w = formulaWorld();
    const env = { ...w.env, siblings: siblings(w.env, ["Florist", "Staff Engineer"], false) };
    expect(jobFunction(env, "Florist")).toBe(LOOKUP_BUSY_MESSAGE);
    expect(w.service.requests).toEqual([]);
    // A range with texts the cache lacks: the same, cell by cell.
    expect(jobFunction(env, [["Florist"], ["Staff Engineer"]])).toEqual([
      [LOOKUP_BUSY_MESSAGE],
      [LOOKUP_BUSY_MESSAGE],
    ]);
    expect(w.service.requests).toEqual([]);
  });
});
