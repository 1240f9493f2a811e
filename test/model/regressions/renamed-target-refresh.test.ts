// Found with the model's rename command (test/model, KNOWN_BUGS "rename-target"): after the person renames
// the sheet a run enriched, its refresh rule no longer finds it: Refresh now answers "The refresh could not
// start: There is no sheet named "Sheet1" in this spreadsheet." though the sheet is there under its new name
// (issue 38: after a renamed sheet a paid answer is used where its identifiers now are). Sequence,
// Sheet1!A2:A7 = org0, blank, org1:
//   enrich Sheet1!A2:A7, save a daily refresh rule (every row), rename Sheet1 to "Leads", Refresh now
// The model found its neighbour by itself (npm run model -- --bugs rename-target --seed 109 --runs 60;
// replayPath "ABAAAEAGF:VF"), Sheet1!A2:A7 = blank, org0, org0, org0, org0, unknown:
//   enrich Sheet1!A2:A7 and Stop at once, rename the sheet the runs enrich to "Leads", Resume
// where Resume buys nothing (the ledger 0 credits; the model's minimum 3).
// Both failed before the fix; runs and rules now follow the sheet by its id (getSheetId).
// Route: refresh-moves-2 (refreshes after rows and sheets move).
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts, truth } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("a refresh rule after its sheet is renamed (model regression)", () => {
  it("refreshes the sheet under its new name", async () => {
    const w = await createWorld();
    w.gas.sheet("Sheet1").set("A2", [[w.pool[0]!], [null], [w.pool[1]!]]);
    const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(6);
    const rule = w.gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily" }) as { ruleId: string };

    w.gas.renameSheet("Sheet1", "Leads");
    // Today: throws "The refresh could not start: There is no sheet named "Sheet1" in this spreadsheet."
    const refresh = w.gas.run("refreshNow", rule.ruleId) as { jobId: string };
    const [status] = (w.gas.run("pollJobs") as Array<{ jobId: string; state: string }>).filter(
      (s) => s.jobId === refresh.jobId,
    );
    expect(status!.state).toBe("done");
    expect(charged(w)).toBe(12);
    expect(logFacts(w).map((fact) => fact.credits)).toEqual([6, 6]);
  });

  it("resumes a stopped run on the sheet under its new name", async () => {
    const w = await createWorld();
    const [org0] = w.pool;
    w.gas.sheet("Sheet1").set("A2", [[null], [org0!], [org0!], [org0!], [org0!], [w.pool[1]!]]);
    const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    w.gas.run("stopJob", job.jobId);
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(0);

    w.gas.renameSheet("Sheet1", "Leads");
    w.gas.run("resumeJob", job.jobId);
    const [status] = (w.gas.run("pollJobs") as Array<{ jobId: string; state: string }>).filter(
      (s) => s.jobId === job.jobId,
    );
    expect(status!.state).toBe("done");
    expect(charged(w)).toBe(6);
    expect(logFacts(w).map((fact) => fact.credits)).toEqual([6]);
    const want = truth(w, org0!)!;
    expect(w.gas.sheet("Leads").values("B3:E3")).toEqual([
      [want["name"], want["employee_count"], want["industry"], "Found"],
    ]);
  });
});
