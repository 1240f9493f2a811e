// Found by the model (campaign seed 24, weighted to the add-on's sheets, kills and two sheets at once), with
// no switch on: Sheet1 and F (the same organizations) are enriched at once, F's run buys them all and
// Sheet1's buys nothing itself, then the person deletes "Enrichment jobs". Only runs the purchase record named
// came back, and Sheet1's run had no wave, so it vanished: saving a refresh rule on it said there was no
// such job. Shrunk sequence, Sheet1!A2:A7 = org0 ×5, blank and F!A2:A7 = org0 ×4, blank, org0:
//   enrich Sheet1!A2:A7 and F!A2:A7 at once, delete the sheet "Enrichment jobs",
//   save a daily refresh rule (every row)
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("a run that bought nothing itself, then the jobs sheet deleted (model regression)", () => {
  it("comes back done from the purchase record, and a rule saved on it buys each organization once", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [org0], [org0], [org0], [org0], [null]]);
    w.gas.sheet("F").set("A2", [[org0], [org0], [org0], [org0], [null], [org0]]);
    const [own] = w.gas.concurrently([
      () => w.gas.run("startEnrichment", REQUEST) as { jobId: string },
      () => w.gas.run("startEnrichment", { ...REQUEST, sheetName: "F" }),
    ]) as [{ jobId: string }, unknown];
    for (let i = 0; i < 2; i++) {
      w.gas.clock.advance("5m");
      w.gas.run("pollJobs");
    }
    expect(charged(w)).toBe(3);
    w.gas.deleteSheet("Enrichment jobs");
    const back = (w.gas.run("pollJobs") as { jobId: string; state: string; message: string }[]).find(
      (job) => job.jobId === own.jobId,
    );
    expect(back?.state).toBe("done");
    expect(back?.message).toBe(
      'Done: the hidden sheet "Enrichment jobs" was deleted, and this run with it; it was rebuilt from the purchase record. It bought nothing itself: other runs had bought its organizations.',
    );
    const rule = w.gas.run("saveRefreshRule", { jobId: own.jobId, frequency: "daily" }) as { ruleId: string };
    w.gas.run("refreshNow", rule.ruleId);
    for (let i = 0; i < 2; i++) {
      w.gas.clock.advance("5m");
      w.gas.run("pollJobs");
    }
    expect(charged(w)).toBe(6);
    // The refresh of every row buys org0 again, as the person asked.
    expect(logFacts(w).map((fact) => [fact.action, fact.kind, fact.credits])).toEqual([
      ["Enrich F!A2:A7", "charged", 3],
      ["Enrich Sheet1!A2:A7", "charged", 0],
      ["Refresh Sheet1!A2:A7", "charged", 3],
    ]);
  });
});
