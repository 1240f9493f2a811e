// Found by the model (test/model, KNOWN_BUGS "addon-sheet-edit"): after the person types over the header of
// the hidden "Enrichment purchases" sheet, a second Enrich buys again what the first run bought, though the
// first run's journal still holds it and nothing tells the person. Shrunk sequence (npm run model -- --seed 104
// --runs 200; replayPath "GPH:F"), Sheet1!A2:A7 = org0, blank, org0, org0, blank, org0:
//   enrich Sheet1!A2:A7 (its poll killed at Range.setValues #5), type "typed over" into
//   "Enrichment purchases"!A1, enrich Sheet1!A2:A7 (its poll killed at Range.setValues #1)
// Written here without the kills, which play no part. The ledger charged 6 credits; the model's minimum is 3.
// Route: addon-sheets (the add-on's sheets and their repair) or formula-record (the purchase record).
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("typing over the hidden purchase record (model regression)", () => {
  it("does not make a second Enrich buy again what the first run bought", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [null], [org0], [org0], [null], [org0]]);
    w.gas.run("startEnrichment", REQUEST);
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(3);

    w.gas.sheet("Enrichment purchases").set("A1", [["typed over"]]);
    const again = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    w.gas.run("pollJobs");
    expect((w.gas.run("getJobStatus", again.jobId) as { state: string }).state).toBe("done");
    // Before the fix: 6 (the first wave's marker cell typed over made the whole wave unreadable).
    expect(charged(w)).toBe(3);
    // Each run has its log row; the second bought nothing.
    expect(logFacts(w).map((fact) => [fact.action, fact.credits])).toEqual([
      ["Enrich Sheet1!A2:A7", 3],
      ["Enrich Sheet1!A2:A7", 0],
    ]);
  });
});
