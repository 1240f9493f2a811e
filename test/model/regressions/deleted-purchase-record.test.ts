// Found by the model (test/model, KNOWN_BUGS "addon-sheet-delete"): once the person deletes the hidden
// "Enrichment purchases" sheet (after a run is done no journal holds its answers), the next Enrich buys again
// what the first run bought, and its price says nothing of it. The product cannot know what it bought, so
// the model allows the purchase again, but it must at least tell the person before they agree. Sequence
// (Sheet1!A2:A7 = org0, blank, org0, org0, blank, org0, seen as the shrunk step of seed 104's campaign
// with a delete in place of the typed-over header):
//   enrich Sheet1!A2:A7, delete the sheet "Enrichment purchases", enrich Sheet1!A2:A7
// Before the fix the price read "Up to 3 credits · 1 organization × 3 (1 base + 2 for fields)", as for a
// spreadsheet that never bought anything; now it says the record was deleted and what may be bought again.
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("the purchase record deleted (model regression)", () => {
  it("the price asked before buying again says what was bought may be bought again", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [null], [org0], [org0], [null], [org0]]);
    w.gas.run("startEnrichment", REQUEST);
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(3);

    w.gas.deleteSheet("Enrichment purchases");
    const told = (w.gas.run("estimateEnrichment", REQUEST) as { message: string }).message;
    w.gas.run("startEnrichment", REQUEST);
    w.gas.run("pollJobs");
    // Bought again: allowed, as the product cannot know, and said before the click.
    expect(charged(w)).toBe(6);
    expect(told).toBe(
      'Up to 3 credits · 1 organization × 3 (1 base + 2 for fields) · the hidden sheet "Enrichment purchases" was deleted, so organizations bought before it may be bought again',
    );
    expect(logFacts(w).map((fact) => [fact.action, fact.kind, fact.credits])).toEqual([
      ["Enrich Sheet1!A2:A7", "charged", 3],
      ["Enrich Sheet1!A2:A7", "charged", 3],
    ]);
    // The second run made the record again: the next price is plain.
    expect((w.gas.run("estimateEnrichment", REQUEST) as { message: string }).message).toBe(
      "Up to 3 credits · 1 organization × 3 (1 base + 2 for fields)",
    );
  });
});
