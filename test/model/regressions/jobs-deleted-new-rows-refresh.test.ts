// Found by the model (campaign seed 303 weighted to the add-on's sheets, there after an Enrich whose
// Properties.setProperty failed; the fault is not needed): the person deletes "Enrichment jobs" after a run
// is done, the run comes back from the purchase record, and a "new rows only" rule saved on it took every
// row for new, so Refresh now bought them all again. Shrunk sequence, Sheet1!A2:A7 = org0, blank, org0, org0,
// blank, org0:
//   enrich Sheet1!A2:A7, delete the sheet "Enrichment jobs", save a daily refresh rule (new rows only),
//   Refresh now
// The ledger charged 6 credits against a minimum of 3: the run rebuilt done had no chunk marked done, so the
// rule's row prints said no row was enriched.
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("a run brought back from the purchase record, then a new-rows-only refresh (model regression)", () => {
  it("buys no row the run enriched", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [null], [org0], [org0], [null], [org0]]);
    w.gas.run("startEnrichment", REQUEST);
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(3);
    w.gas.deleteSheet("Enrichment jobs");
    const jobs = w.gas.run("pollJobs") as { jobId: string; state: string }[];
    expect(jobs.map((job) => job.state)).toEqual(["done"]);

    const rule = w.gas.run("saveRefreshRule", {
      jobId: jobs[0]!.jobId,
      frequency: "daily",
      newRowsOnly: true,
    }) as { ruleId: string };
    w.gas.run("refreshNow", rule.ruleId);
    for (let i = 0; i < 3; i++) {
      w.gas.clock.advance("5m");
      w.gas.run("pollJobs");
    }
    expect(charged(w)).toBe(3);
    expect(logFacts(w).map((fact) => [fact.action, fact.kind, fact.credits])).toEqual([
      ["Enrich Sheet1!A2:A7", "charged", 3],
      ["Refresh Sheet1!A2:A7", "charged", 0],
    ]);
    expect(
      w.gas
        .sheet("Sheet1")
        .values()
        .slice(1, 7)
        .map((row) => row[4]),
    ).toEqual(["Found", "", "Found", "Found", "", "Found"]);
  });
});
