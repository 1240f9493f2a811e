// Found by a weighted campaign (npm run model -- --seed 606 --runs 50 --max-commands 35 --weights Enrich=3,
// SaveRule=5,RefreshNow=8,SortSheet=3,SortIdentifiers=3,Advance=2,EnrichTwiceAtOnce=3,EditAddonSheet=1;
// replayPath "GAAZM:V"; it fails on main 407ec7e too), Sheet1!A2:A7 = org0, org0, unknown, org0, org0, blank:
//   enrich Sheet1!A2:A7 (its answer lost: a truncated body), save a daily refresh rule (new rows only),
//   Re-run lost rows, Refresh now
// The ledger charged 9 credits against 6: the rule kept the lost rows as new ("-"), Re-run lost rows then
// enriched them, and the first "new rows only" refresh bought them again.
import { describe, expect, it } from "vitest";
import { addFault, charged, createWorld, truth, UNKNOWN } from "../world.ts";

const fields = ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name }));
const REQUEST = { sheetName: "Sheet1", inputRange: "A2:A7", fields };

describe("a rule saved while rows were lost, Re-run lost rows, then a new-rows-only refresh (regression)", () => {
  it("buys nothing at the refresh: the re-run enriched the rows", async () => {
    const w = await createWorld();
    const [org0] = w.pool as [string];
    const sheet = w.gas.sheet("Sheet1");
    sheet.set("A2", [[org0], [org0], [UNKNOWN], [org0], [org0], [""]]);
    const settle = (jobId: string) => {
      for (let polls = 0; polls < 12; polls++) {
        const statuses = w.gas.run("pollJobs") as Array<{ jobId: string; state: string; lostRows: number }>;
        const status = statuses.find((s) => s.jobId === jobId);
        if (status && ["done", "failed", "stopped"].includes(status.state)) return status;
        w.gas.clock.advance("5m");
      }
      throw new Error(`job ${jobId} never came to rest`);
    };
    addFault(w, { path: "/v9/organizations", body: "truncated", count: 1 });
    const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    expect(settle(job.jobId).lostRows).toBeGreaterThan(0);
    const lostCharge = charged(w);
    const rule = w.gas.run("saveRefreshRule", {
      jobId: job.jobId,
      frequency: "daily",
      newRowsOnly: true,
    }) as {
      ruleId: string;
    };
    w.gas.run("rerunLostRows", job.jobId);
    expect(settle(job.jobId).lostRows).toBe(0);
    const afterRerun = charged(w);
    expect(afterRerun).toBe(lostCharge + 3);
    settle((w.gas.run("refreshNow", rule.ruleId) as { jobId: string }).jobId);
    // Before the fix: 3 more (org0 bought again).
    expect(charged(w)).toBe(afterRerun);
    for (const [id, ...cells] of sheet.values("A2:E7")) {
      if (id === "") continue;
      const want = truth(w, String(id));
      expect(cells).toEqual(
        want === null
          ? ["", "", "", "Not found"]
          : [want["name"], want["employee_count"], want["industry"], "Found"],
      );
    }
  });
});
