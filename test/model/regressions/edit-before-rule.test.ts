// Found by a weighted campaign (npm run model -- --bugs sort-refresh --seed 303 --runs 60 --max-commands 35
// --weights Enrich=3,SaveRule=5,RefreshNow=6,RenameTarget=4,Resume=3,EnrichKilled=2,SortSheet=2,Advance=2;
// replayPath "CAAAAADAn:VF"), Sheet1!A2:A7 = org0, blank, org0, org0, org0, org0:
//   enrich Sheet1!A2:A7, type Sheet1!A6: unknown.example, org1, save a daily refresh rule (new rows only),
//   Refresh now
// The ledger charged 3 credits against 6: the rule, saved from the finished run after the edit, takes the
// rows as they are then for enriched (its row prints), so org1, typed beside org0's values, is never new and
// never bought, and row 7 shows org0's values beside org1. KNOWN_BUGS "edit-before-rule", fixed: a rule
// saved from a run keeps rows whose chunk changed since the run only as the purchase record shows them.
import { describe, expect, it } from "vitest";
import { charged, createWorld, truth, UNKNOWN } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("a new-rows-only rule saved after an identifier was edited (model regression)", () => {
  it("buys the edited row's organization at the first refresh", async () => {
    const w = await createWorld();
    const [org0, org1] = w.pool as [string, string];
    w.gas.sheet("Sheet1").set("A2", [[org0], [null], [org0], [org0], [org0], [org0]]);
    const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(3);
    w.gas.sheet("Sheet1").set("A6", [[UNKNOWN], [org1]]);
    const rule = w.gas.run("saveRefreshRule", {
      jobId: job.jobId,
      frequency: "daily",
      newRowsOnly: true,
    }) as {
      ruleId: string;
    };
    const refresh = w.gas.run("refreshNow", rule.ruleId) as { jobId: string };
    for (let polls = 0; polls < 6; polls++) {
      const statuses = w.gas.run("pollJobs") as Array<{ jobId: string; state: string }>;
      if (statuses.find((s) => s.jobId === refresh.jobId)?.state === "done") break;
      w.gas.clock.advance("5m");
    }
    // Before the fix: 3 (org1 never bought) and row 7 showed org0's values beside org1.
    expect(charged(w)).toBe(6);
    const want = truth(w, org1)!;
    expect(w.gas.sheet("Sheet1").values("A7:E7")).toEqual([
      [org1, want["name"], want["employee_count"], want["industry"], "Found"],
    ]);
  });
});
