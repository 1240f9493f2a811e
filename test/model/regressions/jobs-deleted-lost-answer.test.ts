// Found by the model (campaign seed 303): a run's answer lost (the sidebar's poll killed at
// UrlFetchApp.fetch #1, the outcome unknown), then the person deletes "Enrichment jobs" and enriches again.
// Shrunk sequence, Sheet1!A2:A7 = org0, blank, org0, org0, blank, org0:
//   enrich Sheet1!A2:A7, the poll killed at UrlFetchApp.fetch #1, delete the sheet "Enrichment jobs",
//   enrich Sheet1!A2:A7 (Properties.setProperty #1 failing)
// A lost answer was known only to its job, and the run is not rebuilt from the purchase record (it put no
// answer there), so the price said nothing of org0: a paid request with an unknown outcome would be sent
// again unasked. The Enrichment log's possibly-charged row (visible, durable) carries it now.
import { describe, expect, it } from "vitest";
import { GAS } from "../../../harness/index.ts";
import { charged, createWorld, logFacts } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};
const PRICE = "Up to 3 credits · 1 organization × 3 (1 base + 2 for fields)";
const price = (w: Awaited<ReturnType<typeof createWorld>>) =>
  (w.gas.run("estimateEnrichment", REQUEST) as { message: string }).message;

function settle(w: Awaited<ReturnType<typeof createWorld>>): void {
  for (let i = 0; i < 3; i++) {
    try {
      w.gas.run("pollJobs");
    } catch {
      // a killed poll: the next one takes over, as the sidebar's does
    }
    w.gas.clock.advance("5m");
  }
}

describe("a lost answer, then the jobs sheet deleted (model regression)", () => {
  it("the next price still names the rows whose answer was lost", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [null], [org0], [org0], [null], [org0]]);
    w.gas.run("startEnrichment", REQUEST);
    w.gas.killAt("UrlFetchApp.fetch", 1);
    settle(w);
    w.gas.killAt("Nothing.happens", 1);
    expect(charged(w)).toBe(0);
    expect(logFacts(w).map((fact) => [fact.action, fact.kind, fact.credits])).toEqual([
      ["Enrich Sheet1!A2:A7", "charged", 0],
      ["Enrich Sheet1!A2:A7", "possibly", 3],
    ]);
    // The model's askPrice asks before each Enrich: the price names the 4 rows of org0 before and after.
    const named = `${PRICE} · 4 rows whose last answer was lost may be charged again`;
    expect(price(w)).toBe(named);

    w.gas.deleteSheet("Enrichment jobs");
    expect(price(w)).toBe(named);
    w.gas.failAt("Properties.setProperty", 1, GAS.tooManyInShortTime("properties"));
    let started: unknown;
    try {
      started = w.gas.run("startEnrichment", REQUEST);
    } catch (error) {
      started = (error as Error).message;
    }
    settle(w);
    expect(started).toBe(
      "Service invoked too many times in a short time: properties. Try Utilities.sleep(1000) between calls.",
    );
    // The person said yes to the price that named org0: bought again, knowingly, and now in the record.
    expect(charged(w)).toBe(3);
    expect(logFacts(w).map((fact) => [fact.action, fact.kind, fact.credits])).toEqual([
      ["Enrich Sheet1!A2:A7", "charged", 0],
      ["Enrich Sheet1!A2:A7", "possibly", 3],
      ["Enrich Sheet1!A2:A7", "charged", 3],
    ]);
    expect(price(w)).toBe(PRICE);
  });
});
