// A range formula and a filled-down column (or two range formulas) over the same rows, recalculated together
// when new organizations are pasted: they share one "being fetched" protocol under the document lock, so
// each organization is bought once, whatever the interleaving.
import { describe, expect, it } from "vitest";
import { explore, seedsFromEnv } from "../../harness/index.ts";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

const SEEDS = seedsFromEnv([1, 2, 3, 4, 5, 6]);
type World = Awaited<ReturnType<typeof addonWorld>>;
const orgRequests = (w: World) => w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`);

/** Pastes 20 organizations under formulas that read them, and returns the world after the round. */
async function pasteUnder(seed: number, formulas: (w: World) => void): Promise<World> {
  const w = await addonWorld({ harness: { seed } });
  formulas(w);
  expect(w.charged()).toBe(0);
  w.gas.sheet().set(
    "A2",
    w.state.dataset.orgs.slice(0, 20).map((o) => [o.domain]),
  );
  return w;
}

const sent = (w: World) =>
  orgRequests(w).flatMap((f) => JSON.parse(f.body).organizations.map((o: unknown) => JSON.stringify(o)));

describe("formulas over the same organizations recalculated together", () => {
  it("a range formula and a filled-down column buy each organization once", async () => {
    await explore(SEEDS, async (seed) => {
      const w = await pasteUnder(seed, (w) => {
        w.gas.formula("B2", '=ORG_ATTR(A2:A21,"industry")');
        w.gas.fill("C2:C21", '=ORG_ATTR(A2,"industry")');
      });
      // 1 base + industry for each of the 20 organizations, once.
      expect(w.charged()).toBe(40);
      expect(new Set(sent(w)).size).toBe(sent(w).length);
      expect(w.gas.sheet().values("B2:B21")).toEqual(w.gas.sheet().values("C2:C21"));
      expect(w.gas.cell("B21").value).not.toBe("");
    });
  }, 120_000);

  it("two identical range formulas buy each organization once", async () => {
    await explore(SEEDS, async (seed) => {
      const w = await pasteUnder(seed, (w) => {
        w.gas.formula("B2", '=ORG_ATTR(A2:A21,"industry")');
        w.gas.formula("C2", '=ORG_ATTR(A2:A21,"industry")');
      });
      expect(w.charged()).toBe(40);
      expect(new Set(sent(w)).size).toBe(sent(w).length);
      expect(w.gas.sheet().values("B2:B21")).toEqual(w.gas.sheet().values("C2:C21"));
    });
  }, 120_000);
});

// Unrelated formulas over the same organizations (other columns, other attributes): the one that buys reads
// the sheet's other ORG_ATTR formulas and buys, for each organization it buys anyway, the union of what they
// ask, so an organization's base credit is paid once and no attribute twice.
describe("formulas asking other attributes of the same organizations, recalculated together", () => {
  it("two filled-down columns buy each organization once, with both attributes", async () => {
    await explore(SEEDS, async (seed) => {
      const w = await pasteUnder(seed, (w) => {
        w.gas.fill("B2:B21", '=ORG_ATTR(A2,"industry")');
        w.gas.fill("C2:C21", '=ORG_ATTR(A2,"employee_count")');
      });
      // 1 base + industry + employee_count for each of the 20 organizations, once.
      expect(w.charged()).toBe(60);
      expect(new Set(sent(w)).size).toBe(sent(w).length);
      expect(w.gas.cell("B21").value).not.toBe("");
      expect(w.gas.cell("C21").value).not.toBe("");
    });
  }, 120_000);

  it("a range formula and a filled-down column of other attributes buy each organization once", async () => {
    await explore(SEEDS, async (seed) => {
      const w = await pasteUnder(seed, (w) => {
        w.gas.formula("B2", '=ORG_ATTR(A2:A21,"industry,name")');
        w.gas.fill("D2:D21", '=ORG_ATTR(A2,"employee_count")');
      });
      // name is free: 1 base + industry + employee_count each, once.
      expect(w.charged()).toBe(60);
      expect(new Set(sent(w)).size).toBe(sent(w).length);
      expect(w.gas.cell("C21").value).not.toBe("");
      expect(w.gas.cell("D21").value).not.toBe("");
    });
  }, 120_000);
});
