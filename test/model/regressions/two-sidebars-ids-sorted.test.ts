// Issue 39, a case the lead found (the model, seed 23) and a weighted campaign found again once sort-refresh
// was fixed (npm run model -- --seed 505 --runs 70 --max-commands 35 --weights Enrich=3,SaveRule=5,
// RefreshNow=8,SortSheet=3,SortIdentifiers=3,Advance=2,RenameTarget=2,Resume=2; replayPath "ABABAAAACLe:VV":
// enrich two sheets at once, enrich Sheet1 again, sort the identifiers alone Z→A, save a daily rule (every
// row), Refresh now). Written here as the two-sidebar form, Sheet1!A2:A7 = org1, unknown, org2, org0, blank,
// org0:
//   enrich Sheet1!A2:A7 from two sidebars at once (both run: two column blocks), sort the range
//   Sheet1!A2:A7 alone Z→A, save a daily refresh rule (every row) from either run, Refresh now
// The rule's block was refreshed; the other run's block kept the values the sort parted from their
// identifiers, each saying Found beside another organization. Fixed: a refresh refills the other finished
// runs' blocks over its rows from what was bought (free).
import { describe, expect, it } from "vitest";
import { charged, createWorld, truth, UNKNOWN } from "../world.ts";
import { pollUntilDone } from "./poll-until-done.ts";

const fields = ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name }));
const REQUEST = { sheetName: "Sheet1", inputRange: "A2:A7", fields };

describe("two sidebars' runs, the identifier column sorted alone, Refresh now (model regression)", () => {
  for (const which of [0, 1])
    it(`leaves every block's rows showing their own organization (rule from run ${which + 1})`, async () => {
      const w = await createWorld();
      const [org0, org1, org2] = w.pool as [string, string, string];
      const sheet = w.gas.sheet("Sheet1");
      sheet.set("A2", [[org1], [UNKNOWN], [org2], [org0], [""], [org0]]);
      const settle = (jobId: string) => pollUntilDone(w, jobId);
      const start = () => w.gas.run("startEnrichment", REQUEST) as { jobId: string };
      const jobs = w.gas.concurrently([start, start]) as Array<{ jobId: string }>;
      for (const job of jobs) settle(job.jobId);
      expect(charged(w)).toBe(9);
      expect(sheet.values("A1:J1")[0]).toEqual([
        "Domain",
        "Name",
        "Employee count",
        "Industry",
        "Status",
        "Name",
        "Employee count",
        "Industry",
        "Status",
        "",
      ]);
      sheet.sortRange("A2:A7", { ascending: false });
      const rule = w.gas.run("saveRefreshRule", { jobId: jobs[which]!.jobId, frequency: "daily" }) as {
        ruleId: string;
      };
      const refresh = w.gas.run("refreshNow", rule.ruleId) as { jobId: string };
      settle(refresh.jobId);
      // Refresh now of every row buys its three organizations again; the other block is filled free.
      expect(charged(w)).toBe(18);
      for (const [id, ...cells] of sheet.values("A2:I7")) {
        if (id === "") continue;
        const want = truth(w, String(id));
        const line =
          want === null
            ? ["", "", "", "Not found"]
            : [want["name"], want["employee_count"], want["industry"], "Found"];
        expect([String(id), ...cells]).toEqual([String(id), ...line, ...line]);
      }
    });
});
