// A paid formula answer the durable cache cannot keep (its store is full) is never dropped silently: the
// Enrichment log says it will be bought again once the 6-hour cache forgets it (issue: durable room).
import { describe, expect, it } from "vitest";
import { RESERVED_FOR_RECORDS_BYTES } from "../../src/core/spending/storage-budget.ts";
import { notKeptNote } from "../../src/functions/org-fetch.ts";
import { addonWorld } from "../support/addon-world.ts";
import { fillStore } from "../support/fill-store.ts";
import { logRows, orgRequests } from "./bulk-world.ts";

const NOT_KEPT = `20 matched, 0 not matched. ${notKeptNote(20)}`;

/** 20 domains in column A, and formula answers kept for 30 days: past the 6-hour cache, only the durable level holds them. */
async function twentyDomainsKeptAMonth() {
  const w = await addonWorld();
  w.gas.sheet().set(
    "A2",
    w.state.dataset.orgs.slice(0, 20).map((o) => [o.domain]),
  );
  w.gas.run("saveFormulaSettings", {
    killSwitch: false,
    dailyCap: null,
    cacheLifetimeSeconds: 30 * 86_400,
  });
  return w;
}

describe("a formula column whose paid answers do not fit in the durable cache", () => {
  it("says in the Enrichment log that they were not kept; filed in the purchase record by that sidebar call, they are not bought 7 days on", async () => {
    const w = await twentyDomainsKeptAMonth();
    // Room for the records paying needs, not for the answers: the durable write is refused.
    fillStore(w.gas.properties.document(), RESERVED_FOR_RECORDS_BYTES + 300);
    w.gas.formula("B2", '=ORG_ATTR(A2:A21, "industry")');
    expect(w.charged()).toBe(40);
    expect(Object.keys(w.gas.properties.document().snapshot()).filter((k) => k.startsWith("dc:b"))).toEqual(
      [],
    );
    w.gas.run("formulaSheetStatus");
    expect(logRows(w.gas).map((row) => [row[1], row[3], row[5]])).toEqual([
      ["Formulas: ORG_ATTR (Industry)", 40, NOT_KEPT],
    ]);
    // A week on the 6-hour cache is gone and the durable level never had them: the record answers.
    w.gas.clock.advance("7d");
    w.gas.recalculate();
    expect(orgRequests(w)).toHaveLength(1);
    expect(w.charged()).toBe(40);
  }, 60_000);

  it("with no sidebar call or menu entry for 6 hours, buys them again once, as the log row said", async () => {
    const w = await twentyDomainsKeptAMonth();
    fillStore(w.gas.properties.document(), RESERVED_FOR_RECORDS_BYTES + 300);
    w.gas.formula("B2", '=ORG_ATTR(A2:A21, "industry")');
    w.gas.clock.advance("7d");
    w.gas.recalculate();
    expect(w.charged()).toBe(80);
    w.gas.run("formulaSheetStatus");
    expect(logRows(w.gas).map((row) => [row[1], row[3], row[5]])).toEqual([
      ["Formulas: ORG_ATTR (Industry)", 40, NOT_KEPT],
      ["Formulas: ORG_ATTR (Industry)", 40, NOT_KEPT],
    ]);
    // Filed by that call: not bought a third time.
    w.gas.clock.advance("7d");
    w.gas.recalculate();
    expect(w.charged()).toBe(80);
  }, 60_000);

  it("with room, keeps them: reopened 7 days on, nothing is bought and the log row says only what matched", async () => {
    const w = await twentyDomainsKeptAMonth();
    w.gas.formula("B2", '=ORG_ATTR(A2:A21, "industry")');
    w.gas.run("formulaSheetStatus");
    expect(logRows(w.gas).map((row) => [row[1], row[3], row[5]])).toEqual([
      ["Formulas: ORG_ATTR (Industry)", 40, "20 matched, 0 not matched"],
    ]);
    w.gas.clock.advance("7d");
    w.gas.recalculate();
    expect(orgRequests(w)).toHaveLength(1);
    expect(w.charged()).toBe(40);
  }, 60_000);
});
