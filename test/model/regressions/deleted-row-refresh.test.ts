// Found by the model (npm run model -- --bugs sort-refresh --seed 202 --runs 80 --max-commands 40 --weights
// Enrich=4,SaveRule=6,RefreshNow=10,SortSheet=3,SortIdentifiers=3,Advance=2; replayPath "ACACACCUH:VF"),
// Sheet1!A2:A7 = org0, org0, org0, org0, blank, org1:
//   enrich Sheet1!A2:A7 (the sidebar's poll and the dispatch trigger at once), delete Sheet1 row 2, save a
//   daily refresh rule (every row), Refresh now
// The ledger charged 9 credits against the price list's 12: Refresh now of every row bought one
// organization of two.
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts, truth } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("Refresh now after a row was deleted (model regression)", () => {
  it("buys every organization of the rows once and writes each row's own", async () => {
    const w = await createWorld();
    const [org0, org1] = w.pool as [string, string];
    w.gas.sheet("Sheet1").set("A2", [[org0], [org0], [org0], [org0], [null], [org1]]);
    const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(6);
    w.gas.sheet("Sheet1").deleteRows(2, 1);
    const rule = w.gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily" }) as { ruleId: string };
    const refresh = w.gas.run("refreshNow", rule.ruleId) as { jobId: string };
    for (let polls = 0; polls < 6; polls++) {
      const statuses = w.gas.run("pollJobs") as Array<{ jobId: string; state: string }>;
      if (statuses.find((s) => s.jobId === refresh.jobId)?.state === "done") break;
      w.gas.clock.advance("5m");
    }
    expect(charged(w)).toBe(12);
    expect(logFacts(w).map((fact) => fact.credits)).toEqual([6, 6]);
    const row = (id: string) => {
      const want = truth(w, id)!;
      return [id, want["name"], want["employee_count"], want["industry"], "Found"];
    };
    const blank = ["", "", "", "", ""];
    expect(w.gas.sheet("Sheet1").values("A2:E7")).toEqual([
      row(org0),
      row(org0),
      row(org0),
      blank,
      row(org1),
      blank,
    ]);
  });
});
