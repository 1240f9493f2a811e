// How old a formula's cached answer may be: a copy brought back into the fast cache lives no longer than its
// durable entry (the lifetime chosen in Settings holds), and a result the durable level dropped is aged by the
// fetch time its fast copy carries: an eviction alone never buys it again.
import { describe, expect, it } from "vitest";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

type World = Awaited<ReturnType<typeof addonWorld>>;

/** The organizations each request for them asked for, as the request named them (url). */
function bought(w: World): string[][] {
  return w.gas.fetches
    .filter((f) => f.url === `${BASE_URL}/v9/organizations`)
    .map((f) =>
      (JSON.parse(f.body) as { organizations: { url?: string }[] }).organizations.map((o) => o.url ?? ""),
    );
}

describe("a formula's cached answers", () => {
  it("copied back from the durable level into the fast cache, expire when their durable entry does", async () => {
    const w = await addonWorld();
    const { gas } = w;
    gas.run("saveFormulaSettings", { killSwitch: false, dailyCap: null, cacheLifetimeSeconds: 86_400 });
    const [first, second] = w.state.dataset.orgs;
    gas.sheet().set("A2", [[first!.domain], [second!.domain]]);
    // Fetched 10 hours apart: their durable entries expire 10 hours apart.
    gas.formula("C2", '=ORG_ATTR(A2, "industry")');
    gas.clock.advance("10h");
    gas.formula("C3", '=ORG_ATTR(A3, "industry")');
    expect(bought(w)).toEqual([[first!.domain], [second!.domain]]);
    // 20 hours on, one formula over both reads them from the durable level (the fast copies are gone) and
    // copies them back into the fast cache: the first has 4 hours left, the second 14.
    gas.clock.advance("10h");
    gas.formula("B2", '=ORG_ATTR(A2:A3, "industry")');
    expect(bought(w)).toHaveLength(2);
    gas.sheet().set("C2", [[""], [""]]);
    // 25 hours after it was fetched, the first is past the day chosen in Settings: bought again, alone.
    gas.clock.advance("5h");
    gas.recalculate();
    expect(bought(w).slice(2)).toEqual([[first!.domain]]);
  });

  it("whose durable entry was dropped, are aged by the fast copy's own fetch time: not bought again while young", async () => {
    const w = await addonWorld();
    const { gas } = w;
    gas.sheet().set("A2", [[w.state.dataset.orgs[0]!.domain]]);
    gas.formula("B2", '=ORG_ATTR(A2, "industry", 2)');
    gas.formula("C2", '=ORG_ATTR(A2, "industry", 0.01)');
    expect(bought(w)).toHaveLength(1);
    // The durable level forgets the entry (dropped to make room); the fast cache still holds a copy, stamped
    // with when it was fetched.
    const store = gas.properties.document();
    const durable = Object.keys(store.snapshot()).filter((key) => key.startsWith("dc"));
    expect(durable.length).toBeGreaterThan(0);
    store.update(Object.fromEntries(durable.map((key) => [key, null])), (message) => {
      throw new Error(message);
    });
    gas.clock.advance("1h");
    gas.recalculate();
    // An hour old: young enough for "2 days", so the eviction alone buys nothing; too old for "0.01 days"
    // (about 14 minutes), so that formula alone buys it again.
    expect(bought(w)).toHaveLength(2);
    expect([gas.cell("B2").error, gas.cell("C2").error]).toEqual([null, null]);
  });
});
