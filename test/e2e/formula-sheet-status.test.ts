// How many organizations a sheet's formulas name and have kept answers for (the unit Settings counts too), and what a recalculation could cost: nothing sent.
import { describe, expect, it } from "vitest";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

/** 20 rows naming 15 organizations, five of them asked for a second set of attributes: 20 lookups. */
async function fifteenOrganizations() {
  const w = await addonWorld();
  const domains = w.state.dataset.orgs.slice(0, 15).map((o) => o.domain);
  w.gas.sheet().set(
    "A2",
    Array.from({ length: 20 }, (_, i) => [domains[i % 15]!]),
  );
  w.gas.fill("B2:B21", '=ORG_ATTR(A2,"industry")');
  w.gas.formula("D2", '=ORG_ATTR(A2:A6,"name,employee_count")');
  return w;
}

describe("formulaSheetStatus", () => {
  it("counts the organizations ORG_ATTR names, those with kept answers, and prices the rest, sending nothing", async () => {
    const w = await fifteenOrganizations();
    const sent = w.gas.fetches.length;
    // Fetched just now: 15 organizations × (1 + industry) and 5 × (1 + name free + employee_count).
    expect(w.charged()).toBe(15 * 2 + 5 * 2);
    expect(w.gas.run("formulaSheetStatus")).toMatchObject({
      fetchedLastDay: 15,
      formulasSpentToday: w.charged(),
    });
    const filledBy = w.gas.clock.now();
    w.gas.clock.advance("2d");
    const status = w.gas.run("formulaSheetStatus") as { oldestFetchedAt: string };
    expect(status).toMatchObject({
      sheetName: "Sheet1",
      formulaCells: 21,
      orgAttrCells: 21,
      organizations: 15,
      keptOrganizations: 15,
      toFetch: 0,
      upToCredits: 0,
      fetchedLastDay: 0,
      formulasSpentToday: 0,
    });
    // Two days on, the answers still say when they were fetched: while the sheet was filled.
    expect(Date.parse(status.oldestFetchedAt)).toBeLessThanOrEqual(filledBy);
    expect(Date.parse(status.oldestFetchedAt)).toBeGreaterThan(filledBy - 1_000);
    w.gas.run("clearFormulaCache");
    expect(w.gas.run("formulaSheetStatus")).toMatchObject({
      organizations: 15,
      keptOrganizations: 0,
      // One lookup per organization and set of attributes: five organizations are asked for two sets.
      toFetch: 15 + 5,
      upToCredits: 15 * 2 + 5 * 2,
    });
    expect(w.gas.fetches.filter((f) => f.url.startsWith(BASE_URL))).toHaveLength(sent);
  });

  it("says so when the sheet has no ORG_ATTR formulas", async () => {
    const w = await addonWorld();
    w.gas.sheet().set("A1", [["=1+1"], ["text"]]);
    expect(w.gas.run("formulaSheetStatus")).toMatchObject({
      formulaCells: 1,
      orgAttrCells: 0,
      organizations: 0,
    });
  });

  it("Settings and Check this sheet both say how many organizations have kept answers (issue 29 point 1)", async () => {
    const w = await fifteenOrganizations();
    // A job-title lookup is kept too, and counted apart from organizations.
    w.gas.sheet().set("F2", [["Head of Sales"]]);
    w.gas.formula("G2", "=JOB_FUNCTION(F2)");
    const settings = w.gas.run("getSettings") as { kept: unknown };
    const status = w.gas.run("formulaSheetStatus") as Record<string, unknown>;
    expect(settings.kept).toEqual({ organizations: 15, lookups: 1 });
    expect(status).toMatchObject({ organizations: 15, keptOrganizations: 15, toFetch: 0, upToCredits: 0 });
    expect(w.gas.run("clearFormulaCache")).toEqual({ organizations: 15, lookups: 1 });
    expect((w.gas.run("getSettings") as { kept: unknown }).kept).toEqual({ organizations: 0, lookups: 0 });
    expect(w.gas.run("formulaSheetStatus")).toMatchObject({
      organizations: 15,
      keptOrganizations: 0,
      toFetch: 20,
      upToCredits: 15 * 2 + 5 * 2,
    });
  });
});
