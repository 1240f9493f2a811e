// Found by a campaign once sort-refresh was fixed (npm run model -- --seed 505 --runs 70 --max-commands 35
// --weights Enrich=3,SaveRule=5,RefreshNow=8,SortSheet=3,SortIdentifiers=3,Advance=2,RenameTarget=2,Resume=2;
// replayPath "ABABAAAACLa:VV"), Sheet1!A2:A7 = blank, unknown, org2, org0, blank, org0:
//   enrich Sheet1!A2:A7 (a 429 first, retried), sort the range Sheet1!A2:A7 alone Z→A, save a daily refresh
//   rule (new rows only), Refresh now
// The ledger charged 9 credits against 6, and rows showed other organizations' values: the rule's prints
// took org0 beside org2's values, and the unknown company beside org0's, for seen (the record holds them and
// the rows show values), so the refresh filled org0's other row with org2's values and bought org2 again.
// Fixed: a row beside values not its answer's gets a stray print; its organization, bought, is filled free.
import { describe, expect, it } from "vitest";
import { addFault, charged, createWorld, truth, UNKNOWN } from "../world.ts";
import { pollUntilDone } from "./poll-until-done.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("the identifier column sorted alone, then a new-rows-only rule (model regression)", () => {
  it("fills every row with its own organization's values from what was bought, buying nothing", async () => {
    const w = await createWorld();
    const [org0, , org2] = w.pool as [string, string, string];
    const sheet = w.gas.sheet("Sheet1");
    sheet.set("A2", [[""], [UNKNOWN], [org2], [org0], [""], [org0]]);
    addFault(w, { path: "/v9/organizations", status: 429, count: 1 });
    const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    const settle = (jobId: string) => pollUntilDone(w, jobId);
    settle(job.jobId);
    expect(charged(w)).toBe(6);
    sheet.sortRange("A2:A7", { ascending: false });
    const rule = w.gas.run("saveRefreshRule", {
      jobId: job.jobId,
      frequency: "daily",
      newRowsOnly: true,
    }) as {
      ruleId: string;
    };
    const refresh = w.gas.run("refreshNow", rule.ruleId) as { jobId: string };
    settle(refresh.jobId);
    // Before the fix: 9, org0's rows showing org2's values and the unknown company's org0's.
    expect(charged(w)).toBe(6);
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
