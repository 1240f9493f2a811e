// Found by a weighted campaign (npm run model -- --seed 606 --runs 50 --max-commands 35 --weights Enrich=3,
// SaveRule=5,RefreshNow=8,SortSheet=3,SortIdentifiers=3,Advance=2,EnrichTwiceAtOnce=3,EditAddonSheet=1;
// replayPath "GAAZNAI:VB"; it fails on main 407ec7e too), Sheet1!A2:A7 = org0, org0, unknown, org0, org0, blank:
//   enrich Sheet1!A2:A7, rename the sheet "Leads", save a daily refresh rule (new rows only), Refresh now
// The ledger charged 6 credits against 3: the rule looked for the run's sheet under its old name, kept no
// row prints, and its first "new rows only" run bought every row again.
import { describe, expect, it } from "vitest";
import { charged, createWorld, UNKNOWN } from "../world.ts";
import { pollUntilDone } from "./poll-until-done.ts";

const fields = ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name }));

describe("a new-rows-only rule saved after the run's sheet was renamed (regression)", () => {
  it("buys nothing at its first refresh", async () => {
    const w = await createWorld();
    const [org0] = w.pool as [string];
    w.gas.sheet("Sheet1").set("A2", [[org0], [org0], [UNKNOWN], [org0], [org0], [""]]);
    const settle = (jobId: string) => pollUntilDone(w, jobId);
    const job = w.gas.run("startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A7", fields }) as {
      jobId: string;
    };
    settle(job.jobId);
    expect(charged(w)).toBe(3);
    w.gas.renameSheet("Sheet1", "Leads");
    const rule = w.gas.run("saveRefreshRule", {
      jobId: job.jobId,
      frequency: "daily",
      newRowsOnly: true,
    }) as {
      ruleId: string;
    };
    settle((w.gas.run("refreshNow", rule.ruleId) as { jobId: string }).jobId);
    // Before the fix: 6.
    expect(charged(w)).toBe(3);
  });
});
