// Found by a weighted campaign with sort-refresh on (npm run model -- --bugs sort-refresh --seed 505 --runs 30
// --max-commands 35 --weights Enrich=3,SaveRule=5,RefreshNow=8,SortSheet=3,SortIdentifiers=3,Advance=2,
// RenameTarget=2,Resume=2; replayPath "BAABCNE:VB"), Sheet1!A2:A7 = org0, org0, org0, unknown, org2, unknown
// and F!A2:A7 = org0 ×6:
//   enrich Sheet1!A2:A7 and F!A2:A7 at once, sort Sheet1 by column A A→Z, save a daily refresh rule (every
//   row), sort Sheet1 by column A Z→A, Refresh now
// The ledger charged 9 credits against the price list's 12 (the F run plays no part): the rule's prints were
// taken after the first sort while the hidden copy kept the run's places, so the refresh read the rows the
// second sort moved against the wrong places, took the add-on's values for someone's edits and left those
// rows unbought. Fixed: saving the prints makes the copy follow the moved cells first.
import { describe, expect, it } from "vitest";
import { charged, createWorld, truth, UNKNOWN } from "../world.ts";
import { pollUntilDone } from "./poll-until-done.ts";

const fields = ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name }));
const request = (sheetName: string) => ({ sheetName, inputRange: "A2:A7", fields });

describe("two sheets enriched at once, sorts around a rule, Refresh now (model regression)", () => {
  it("buys every organization of the rows again and shows each row's own values", async () => {
    const w = await createWorld();
    const [org0, , org2] = w.pool as [string, string, string];
    const sheet = w.gas.sheet("Sheet1");
    sheet.set("A2", [[org0], [org0], [org0], [UNKNOWN], [org2], [UNKNOWN]]);
    w.gas.sheet("F").set("A2", [[org0], [org0], [org0], [org0], [org0], [org0]]);
    const [own] = w.gas.concurrently([
      () => w.gas.run("startEnrichment", request("Sheet1")),
      () => w.gas.run("startEnrichment", request("F")),
    ]) as [{ jobId: string }, { jobId: string }];
    const settle = (jobId: string) => pollUntilDone(w, jobId, 6);
    settle(own.jobId);
    expect(charged(w)).toBe(6);
    sheet.sort(1, { ascending: true, headerRows: 1 });
    const rule = w.gas.run("saveRefreshRule", { jobId: own.jobId, frequency: "daily" }) as { ruleId: string };
    sheet.sort(1, { ascending: false, headerRows: 1 });
    const refresh = w.gas.run("refreshNow", rule.ruleId) as { jobId: string };
    settle(refresh.jobId);
    // Before the fix: 9.
    expect(charged(w)).toBe(12);
    for (const [id, name, employees, industry, status] of sheet.values("A2:E7")) {
      const want = truth(w, String(id));
      if (want === null) expect([name, employees, industry, status]).toEqual(["", "", "", "Not found"]);
      else
        expect([name, employees, industry, status]).toEqual([
          want["name"],
          want["employee_count"],
          want["industry"],
          "Found",
        ]);
    }
  });
});
