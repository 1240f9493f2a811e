// A formula dragged down a column, as most people write it: every cell is its own execution, many at once,
// and the first to miss the cache fetches for the whole column while the others wait for it.
import { describe, expect, it } from "vitest";
import { explore, seedsFromEnv } from "../../harness/index.ts";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

const SEEDS = seedsFromEnv([1, 2, 3, 4]);
const orgRequests = (w: Awaited<ReturnType<typeof addonWorld>>) =>
  w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`);

async function filledColumn(rows: number, unique: number, options: Parameters<typeof addonWorld>[0] = {}) {
  const w = await addonWorld(options);
  const domains = w.state.dataset.orgs.slice(0, unique).map((o) => o.domain);
  w.gas.sheet().set(
    "A2",
    Array.from({ length: rows }, (_, i) => [domains[i % unique]!]),
  );
  const runs = w.gas.fill(`B2:B${rows + 1}`, '=ORG_ATTR(A2,"industry")');
  return { w, runs, domains };
}

describe("a custom function filled down a column", () => {
  it("starts one execution per cell, many at the same moment", async () => {
    const { w, runs } = await filledColumn(200, 200);
    const formulas = runs.filter((e) => e.kind === "customFunction");
    expect(formulas).toHaveLength(200);
    const starts = new Map<number, number>();
    for (const e of formulas) starts.set(e.start, (starts.get(e.start) ?? 0) + 1);
    expect(Math.max(...starts.values())).toBeGreaterThanOrEqual(2);
    expect(w.gas.sheet().formulas("B3:B4")).toEqual([
      ['=ORG_ATTR(A3,"industry")'],
      ['=ORG_ATTR(A4,"industry")'],
    ]);
  });

  it("over 150 organizations sends one request and pays the price list's minimum once, whatever the interleaving", async () => {
    await explore(SEEDS, async (seed) => {
      const { w, domains } = await filledColumn(200, 150, { harness: { seed } });
      expect(orgRequests(w).length).toBeLessThanOrEqual(2);
      expect(
        new Set(orgRequests(w).flatMap((f) => JSON.parse(f.body).organizations.map(JSON.stringify))).size,
      ).toBe(orgRequests(w).reduce((n, f) => n + JSON.parse(f.body).organizations.length, 0));
      // 1 base + industry, each organization once.
      expect(w.charged()).toBe(150 * 2);
      const cells = Array.from({ length: 200 }, (_, i) => w.gas.cell(`B${i + 2}`));
      expect(cells.filter((c) => c.error !== null)).toEqual([]);
      // A duplicate row shows what its first row shows.
      expect(cells[150]!.value).toBe(cells[0]!.value);
      expect(domains).toHaveLength(150);
    });
  });

  it("answers a recalculation from the cache: no request, no credit", async () => {
    const { w } = await filledColumn(120, 100);
    const before = { requests: orgRequests(w).length, charged: w.charged() };
    const reopened = w.gas.reopen();
    expect(reopened.filter((e) => e.kind === "customFunction")).toHaveLength(120);
    expect(orgRequests(w)).toHaveLength(before.requests);
    expect(w.charged()).toBe(before.charged);
  });

  it("reopened a day and a week later costs nothing more: results outlive the 6-hour cache", async () => {
    const { w } = await filledColumn(200, 150);
    const before = { requests: orgRequests(w).length, charged: w.charged() };
    for (const later of ["1d", "6d"] as const) {
      w.gas.clock.advance(later);
      w.gas.reopen();
      expect(orgRequests(w)).toHaveLength(before.requests);
      expect(w.charged()).toBe(before.charged);
    }
    expect(Array.from({ length: 200 }, (_, i) => w.gas.cell(`B${i + 2}`).error).filter(Boolean)).toEqual([]);
    // After 30 days the durable results have expired: the column is bought again, once.
    w.gas.clock.advance("24d");
    w.gas.reopen();
    expect(orgRequests(w)).toHaveLength(before.requests + 1);
    expect(w.charged()).toBe(2 * before.charged);
  });

  it("skips blank and unreadable sibling rows and still answers every cell", async () => {
    const w = await addonWorld();
    const org = w.state.dataset.orgs[3]!;
    w.gas.sheet().set("A2", [[org.domain], [""], [-5], [org.domain]]);
    w.gas.fill("B2:B5", '=ORG_ATTR(A2,"name")');
    expect(w.gas.sheet().values("B2:B5")).toEqual([[org.name], [""], ["#ERROR!"], [org.name]]);
    expect(w.gas.cell("B4").error).toBe("-5 is not an organization id (ids are positive whole numbers).");
    expect(orgRequests(w)).toHaveLength(1);
    expect(JSON.parse(orgRequests(w)[0]!.body).organizations).toHaveLength(1);
  });

  it("5,000 cells over 2,000 organizations finish inside 30 s each under the latency model, for the minimum", async () => {
    const { w, runs } = await filledColumn(5_000, 2_000, {
      emulator: { orgs: 5_000 },
      harness: { latency: "apps-script" },
    });
    const formulas = runs.filter((e) => e.kind === "customFunction");
    expect(formulas).toHaveLength(5_000);
    expect(formulas.every((e) => e.status === "completed" && e.durationMs < 30_000)).toBe(true);
    expect(orgRequests(w)).toHaveLength(2);
    expect(w.charged()).toBe(2_000 * 2);
  }, 120_000);

  it("with a typo in the attribute answers every cell with the nearest name, and sends nothing", async () => {
    const { w } = await filledColumn(30, 30, {});
    const before = orgRequests(w).length;
    w.gas.fill("C2:C31", '=ORG_ATTR(A2,"industy")');
    expect(w.gas.cell("C2").error).toBe(
      'Unknown attribute "industy" in "attributes". Did you mean "industry"? Use one of: ' +
        `${String(w.gas.cell("C2").error).split("Use one of: ")[1]}`,
    );
    expect(w.gas.cell("C31").error).toBe(w.gas.cell("C2").error);
    expect(orgRequests(w)).toHaveLength(before);
  });
});
