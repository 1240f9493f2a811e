// A document store with (almost) no room left: a formula pays only when what it spends can be recorded, and
// a paid answer is never turned into an error by bookkeeping that fails afterwards.
import { describe, expect, it } from "vitest";
import { AFTER_ANSWER_BYTES, encodeIntent } from "../../src/core/spending/formula-intents.ts";
import { addonWorld, BASE_URL, fillDocumentStore } from "../support/addon-world.ts";

type World = Awaited<ReturnType<typeof addonWorld>>;
/**
 * Room a formula over the sample's first 20 organizations needs beyond its spend record to be sent: its
 * request's intent ("paid:orgs:<time><nonce>:0") and what its answer's bookkeeping is left.
 */
const intentRoom = (w: World) => {
  const now = w.gas.clock.now();
  const keys = w.state.dataset.orgs.slice(0, 20).map((o) => `url:${o.domain}`);
  return (
    `paid:orgs:${now.toString(36)}nnnn:0`.length +
    encodeIntent(now, ["a:industry"], keys).length +
    AFTER_ANSWER_BYTES
  );
};
const orgRequests = (w: World) => w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`);
const STORE_FULL =
  "This spreadsheet's storage is full, so what this formula would spend cannot be recorded: nothing was sent and no credits were spent. Free space in Settings (Storage: clear cached results, or delete finished jobs), then recalculate.";

/** 100 organizations in A2:A101, the daily formula cap at 50 credits, then the store filled. */
async function capped(free: number | ((w: World) => number)): Promise<World> {
  const w = await addonWorld();
  w.gas.run("saveFormulaSettings", { killSwitch: false, dailyCap: 50, cacheLifetimeSeconds: 30 * 86_400 });
  fillDocumentStore(w, { organizations: 100, free: typeof free === "number" ? free : free(w) });
  return w;
}

/** Five formulas of 20 rows each (40 credits at most each), in B2, B22, … B82. */
function fiveFormulas(w: World): void {
  for (let i = 0; i < 5; i++) {
    const top = 2 + 20 * i;
    w.gas.formula(`B${top}`, `=ORG_ATTR(A${top}:A${top + 19},"industry")`);
  }
}

const spentToday = (w: World) => (w.gas.run("getSettings") as { spentToday: number }).spentToday;

describe("formulas in a spreadsheet whose document store is full", () => {
  it("with no byte free, refuse before paying and say what to do", async () => {
    const w = await capped(0);
    fiveFormulas(w);
    expect(orgRequests(w)).toHaveLength(0);
    expect(w.charged()).toBe(0);
    for (const top of [2, 22, 42, 62, 82]) expect(w.gas.cell(`B${top}`).error).toBe(STORE_FULL);
    expect(spentToday(w)).toBe(0);
  });

  it("with 100 bytes free beside room for one request's intent, the cap still counts: one formula pays, is recorded and answers; the rest are refused", async () => {
    const w = await capped((w) => 100 + intentRoom(w));
    fiveFormulas(w);
    expect(w.charged()).toBe(40);
    expect(spentToday(w)).toBe(40);
    const answered = w.gas.sheet().values("B2:B21").flat();
    expect(answered.filter((v) => v !== "" && v !== "#ERROR!")).toHaveLength(20);
    for (const top of [22, 42, 62, 82]) {
      expect(w.gas.cell(`B${top}`).error).toBe(
        "The daily formula cap of 50 credits would be passed: 40 credits spent today, and this formula could cost up to 40 credits. No credits were spent. Raise the cap in Settings or try again tomorrow.",
      );
    }
  });

  it("a filled column with max_age_days is bought once and not again on recalculation", async () => {
    const w = await addonWorld();
    fillDocumentStore(w, { organizations: 20, free: 300 + intentRoom(w) });
    w.gas.fill("B2:B21", '=ORG_ATTR(A2,"industry",7)');
    expect(w.charged()).toBe(40);
    expect(spentToday(w)).toBe(40);
    for (const later of ["10m", "1h"] as const) {
      w.gas.clock.advance(later);
      w.gas.recalculate();
      expect(w.charged()).toBe(40);
    }
    expect(orgRequests(w)).toHaveLength(1);
    expect(
      w.gas
        .sheet()
        .values("B2:B21")
        .flat()
        .filter((v) => v === "" || v === "#ERROR!"),
    ).toEqual([]);
  });
});
