// Found by the model (test/model, fixed seed 33 once "sort-refresh" was on in every run; replayPath
// "AABCAFBAAX:qK"), Sheet1!A2:A7 = unknown, org0, org1, unknown, blank, org0:
//   enrich Sheet1!A2:A7 (its poll killed at Range.setValues #1), sort Sheet1 by column A Z→A,
//   save a daily refresh rule (every row), Refresh now
// The ledger charged 9 credits where Refresh now of every row makes it 12 (org0 and org1, twice each); every
// row's values and Status are right. It failed at the base commit too (ef7e08f); it passes since the merge of the
// stop's refresh and add-on-sheet work (the refresh follows cells that moved without a rule's prints).
import { describe, expect, it } from "vitest";
import { charged, createWorld, tryRun, UNKNOWN } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("a refresh saved after a sort of a killed run's rows (model regression)", () => {
  it("refreshes every organization of the rows", async () => {
    const w = await createWorld();
    const { gas } = w;
    const [org0, org1] = w.pool;
    const sheet = gas.sheet("Sheet1");
    sheet.set("A2", [[UNKNOWN], [org0], [org1], [UNKNOWN], [""], [org0]]);
    const job = gas.run("startEnrichment", REQUEST) as { jobId: string };
    gas.killAt("Range.setValues", 1);
    expect("error" in tryRun(w, "pollJobs")).toBe(true);
    for (let polls = 0; polls < 12; polls++) {
      gas.clock.advance("5m");
      const answer = tryRun(w, "pollJobs");
      const done = (s: { jobId: string; state: string }) => s.jobId === job.jobId && s.state === "done";
      if ("ok" in answer && (answer.ok as { jobId: string; state: string }[]).some(done)) break;
    }
    expect(charged(w)).toBe(6);
    sheet.sort(1, { ascending: false, headerRows: 1 });
    const rule = gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily" }) as { ruleId: string };
    gas.run("refreshNow", rule.ruleId);
    gas.run("pollJobs");
    expect(charged(w)).toBe(12);
  });
});
