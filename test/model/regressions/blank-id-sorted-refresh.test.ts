// Issue 39, a case the lead found and left open: Sheet1!A2:A7 = org0, blank, org1, org2, unknown, org1:
//   enrich Sheet1!A2:A7, sort the range Sheet1!A2:A7 alone (the blank goes last, onto org1's values),
//   Refresh now (a rule of every row, or of new rows only)
// Row 7's identifier cell is blank, yet it kept org1's values with Status "Found", after the refresh too.
// Expected: the refresh leaves the person's cells alone and says in the row's Status that its identifier
// was removed after the row was enriched; every other row shows its own organization.
import { describe, expect, it } from "vitest";
import { REMOVED } from "../check.ts";
import { charged, createWorld, truth, UNKNOWN, type World } from "../world.ts";
import { pollUntilDone } from "./poll-until-done.ts";

const fields = ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name }));
const REQUEST = { sheetName: "Sheet1", inputRange: "A2:A7", fields };

const line = (w: World, id: string) => {
  const want = truth(w, id);
  return want === null
    ? ["", "", "", "Not found"]
    : [want["name"], want["employee_count"], want["industry"], "Found"];
};

describe("a blank sorted onto an enriched row, then Refresh now (model regression)", () => {
  for (const newRowsOnly of [false, true])
    it(`marks the blank row's Status and keeps every other row true (${newRowsOnly ? "new rows only" : "every row"})`, async () => {
      const w = await createWorld();
      const [org0, org1, org2] = w.pool as [string, string, string];
      const sheet = w.gas.sheet("Sheet1");
      sheet.set("A2", [[org0], [""], [org1], [org2], [UNKNOWN], [org1]]);
      const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
      pollUntilDone(w, job.jobId);
      const bought = charged(w);
      const org1Line = line(w, org1);
      expect(sheet.values("B7:E7")[0]).toEqual(org1Line);
      sheet.sortRange("A2:A7");
      const ids = sheet.values("A2:A7").map((r) => String(r[0]));
      expect(ids[5]).toBe("");
      expect([...ids].sort()).toEqual(["", UNKNOWN, org0, org1, org1, org2].sort());
      const rule = w.gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily", newRowsOnly }) as {
        ruleId: string;
      };
      const refresh = w.gas.run("refreshNow", rule.ruleId) as { jobId: string };
      pollUntilDone(w, refresh.jobId);
      // Every row refreshed buys its organizations again; new rows only fills them from what was bought.
      expect(charged(w) - bought).toBe(newRowsOnly ? 0 : bought);
      const rows = sheet.values("A2:E7").map((r) => r.map((cell) => cell));
      expect(rows).toEqual([
        ...ids.slice(0, 5).map((id) => [id, ...line(w, id)]),
        // Before the fix: ["", ...org1's values, "Found"].
        ["", ...org1Line.slice(0, 3), REMOVED],
      ]);
      // An identifier typed back into the marked row: the next refresh writes the row, its mark gone.
      sheet.set("A7", [[org2]]);
      const again = w.gas.run("refreshNow", rule.ruleId) as { jobId: string };
      pollUntilDone(w, again.jobId);
      expect(sheet.values("A7:E7")).toEqual([[org2, ...line(w, org2)]]);
      expect(charged(w) - bought).toBe(newRowsOnly ? 0 : 2 * bought);
    });

  it("marks the blank row in the other sidebar's block too, which the refresh refills free", async () => {
    const w = await createWorld();
    const [org0, org1, org2] = w.pool as [string, string, string];
    const sheet = w.gas.sheet("Sheet1");
    sheet.set("A2", [[org0], [""], [org1], [org2], [UNKNOWN], [org1]]);
    const start = () => w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    const jobs = w.gas.concurrently([start, start]) as Array<{ jobId: string }>;
    for (const job of jobs) pollUntilDone(w, job.jobId);
    const bought = charged(w);
    const org1Line = line(w, org1);
    expect(sheet.values("B7:I7")[0]).toEqual([...org1Line, ...org1Line]);
    sheet.sortRange("A2:A7", { ascending: false });
    const ids = sheet.values("A2:A7").map((r) => String(r[0]));
    expect(ids[5]).toBe("");
    const rule = w.gas.run("saveRefreshRule", { jobId: jobs[0]!.jobId, frequency: "daily" }) as {
      ruleId: string;
    };
    const refresh = w.gas.run("refreshNow", rule.ruleId) as { jobId: string };
    pollUntilDone(w, refresh.jobId);
    // The two runs at once bought each organization once; Refresh now of every row buys them again, once.
    expect(bought).toBe(9);
    expect(charged(w)).toBe(18);
    const marked = [...org1Line.slice(0, 3), REMOVED];
    expect(sheet.values("A2:I7")).toEqual([
      ...ids.slice(0, 5).map((id) => [id, ...line(w, id), ...line(w, id)]),
      ["", ...marked, ...marked],
    ]);
  });
});
