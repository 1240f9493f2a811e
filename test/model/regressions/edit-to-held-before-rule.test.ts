// Issue 39's printsAtSave limit (the neighbour of edit-before-rule.test.ts): an identifier typed over the
// run's rows naming an organization the purchase record already holds, beside the values of the row's old
// organization, then a "new rows only" rule saved from the run. Sheet1!A2:A4 = org0, org1, org2:
//   enrich Sheet1!A2:A4, type Sheet1!A2: org1, save a daily refresh rule (new rows only), Refresh now
// The rule took row 2 for seen (the record holds org1 and the row shows values), so the refresh skipped it
// and row 2 kept showing org0's values beside org1, with Found and no word of it.
import { describe, expect, it } from "vitest";
import { charged, createWorld, truth } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A4",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("an identifier edited to an organization already bought, then a new-rows-only rule (regression)", () => {
  it("shows the edited row its own organization's values at the first refresh, bought once", async () => {
    const w = await createWorld();
    const [org0, org1, org2] = w.pool as [string, string, string];
    const sheet = w.gas.sheet("Sheet1");
    sheet.set("A2", [[org0], [org1], [org2]]);
    const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(9);
    sheet.set("A2", [[org1]]);
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
    const rows = sheet.values("A2:E4");
    for (const [id, ...cells] of rows) {
      const want = truth(w, String(id))!;
      expect(cells).toEqual([want["name"], want["employee_count"], want["industry"], "Found"]);
    }
    // org1's values were bought and are on the sheet (row 3): filled from there, nothing bought again.
    expect(charged(w)).toBe(9);
  });
});
