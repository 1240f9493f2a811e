// How many answers of a sheet's formulas are cached, and what a recalculation could cost: nothing sent.
import { describe, expect, it } from "vitest";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

describe("formulaSheetStatus", () => {
  it("counts ORG_ATTR lookups, those cached, and prices the rest, sending nothing", async () => {
    const w = await addonWorld();
    const domains = w.state.dataset.orgs.slice(0, 15).map((o) => o.domain);
    w.gas.sheet().set(
      "A2",
      Array.from({ length: 20 }, (_, i) => [domains[i % 15]!]),
    );
    w.gas.fill("B2:B21", '=ORG_ATTR(A2,"industry")');
    w.gas.formula("D2", '=ORG_ATTR(A2:A6,"name,employee_count")');
    const sent = w.gas.fetches.length;
    // Fetched just now: 15 organizations × (1 + industry) and 5 × (1 + name free + employee_count).
    expect(w.charged()).toBe(15 * 2 + 5 * 2);
    expect(w.gas.run("formulaSheetStatus")).toMatchObject({
      fetchedLastDay: 20,
      formulasSpentToday: w.charged(),
    });
    const filledBy = w.gas.clock.now();
    w.gas.clock.advance("2d");
    const status = w.gas.run("formulaSheetStatus") as { oldestFetchedAt: string };
    expect(status).toMatchObject({
      sheetName: "Sheet1",
      formulaCells: 21,
      orgAttrCells: 21,
      lookups: 15 + 5,
      cached: 20,
      upToCredits: 0,
      fetchedLastDay: 0,
      formulasSpentToday: 0,
    });
    // Two days on, the answers still say when they were fetched: while the sheet was filled.
    expect(Date.parse(status.oldestFetchedAt)).toBeLessThanOrEqual(filledBy);
    expect(Date.parse(status.oldestFetchedAt)).toBeGreaterThan(filledBy - 1_000);
    w.gas.run("clearFormulaCache");
    expect(w.gas.run("formulaSheetStatus")).toMatchObject({
      lookups: 20,
      cached: 0,
      upToCredits: 15 * 2 + 5 * 2,
    });
    expect(w.gas.fetches.filter((f) => f.url.startsWith(BASE_URL))).toHaveLength(sent);
  });

  it("says so when the sheet has no ORG_ATTR formulas", async () => {
    const w = await addonWorld();
    w.gas.sheet().set("A1", [["=1+1"], ["text"]]);
    expect(w.gas.run("formulaSheetStatus")).toMatchObject({ formulaCells: 1, orgAttrCells: 0, lookups: 0 });
  });
});
