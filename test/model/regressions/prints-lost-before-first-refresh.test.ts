// Found by the model (npm run model -- --seed 37 --runs 60, shrunk): a "new rows only" rule saved from a
// finished run keeps that run's row prints at once; the person deletes the hidden "Enrichment row prints"
// sheet before the rule ever ran, then presses Refresh now. Sequence (Sheet1!A2:A7 = org0, blank, org0,
// org0, blank, org0):
//   enrich Sheet1!A2:A7, save a daily "new rows only" rule from that run, delete the sheet
//   "Enrichment row prints", Refresh now
// The ledger charged 6 credits against the model's 3: the prints were rebuilt from the sheet and the
// purchase record only for a rule that had run, so this one took every row for new and bought them again.
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts, truth } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("the row prints deleted before a new-rows-only rule's first run (model regression)", () => {
  it("Refresh now buys nothing: the rows were enriched by the run the rule was saved from", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [null], [org0], [org0], [null], [org0]]);
    const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(3);
    const rule = w.gas.run("saveRefreshRule", {
      jobId: job.jobId,
      frequency: "daily",
      newRowsOnly: true,
    }) as { ruleId: string };

    w.gas.deleteSheet("Enrichment row prints");
    const refresh = w.gas.run("refreshNow", rule.ruleId) as { jobId: string };
    for (let polls = 0; polls < 6; polls++) {
      const statuses = w.gas.run("pollJobs") as Array<{ jobId: string; state: string }>;
      if (statuses.find((s) => s.jobId === refresh.jobId)?.state === "done") break;
      w.gas.clock.advance("5m");
    }
    expect(charged(w)).toBe(3);
    expect(logFacts(w).map((fact) => [fact.action, fact.kind, fact.credits])).toEqual([
      ["Enrich Sheet1!A2:A7", "charged", 3],
      ["Refresh Sheet1!A2:A7", "charged", 0],
    ]);
    const [saved] = w.gas.run("listRefreshRules") as Array<{ lastResult: string | null }>;
    expect(saved!.lastResult).toBe(
      'Done: 6 rows, 0 organizations matched and 0 not found, for 0 credits. The hidden sheet "Enrichment row prints" no longer held this rule\'s prints (deleted or edited): 4 rows were taken as seen, since the purchase record holds their organizations and the rows show what was written for them.',
    );
    const want = truth(w, org0)!;
    const row = [org0, want["name"], want["employee_count"], want["industry"], "Found"];
    const blank = ["", "", "", "", ""];
    expect(w.gas.sheet("Sheet1").values("A2:E7")).toEqual([row, blank, row, row, blank, row]);
  });
});
