// Found by the model (test/model fault-commands.ts; `npm run model -- --runs 120 --seed 404 --bugs
// fault-after-charge --max-commands 8`, path "76:0:0:0:0:0:0:0:1", replayPath "ABAA:K"): a step of a
// run that the platform fails after the service charged it — Sheets failing mid-write, a lock timing out, a
// Cache call refused — leaves the job failed and its Enrichment log row saying 0 credits, with nothing
// possibly charged; only a Resume logs the charge. Shrunk sequence, Sheet1!A2:A7 = org0 ×5, unknown.example:
//   enrich Sheet1!A2:A7, Lock.waitLock #7 failing: "Lock timeout: another process was holding the lock for
//   too long."
// The ledger charged 3 credits; the log says 0 charged and 0 possibly (the log must equal the ledger, or say
// what may have been charged). The same with Range.setValues #3 ("Service Spreadsheets failed while
// accessing document with id <id>.") and Cache.put #5, over org0, org1, org2, org3, unknown.example, org1
// (12 credits), the rows below. Fixed: a failed step's journaled answers are counted and logged at the failure
// (core/bulk/failed-step.ts), and Resume, finding them counted, logs nothing more.
import { describe, expect, it } from "vitest";
import { GAS } from "../../../harness/index.ts";
import { charged, createWorld, logFacts, UNKNOWN } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

async function failedAfterCharge(call: string, nth: number, text: (id: string) => string) {
  const w = await createWorld();
  const [org0, org1, org2, org3] = w.pool;
  w.gas.sheet("Sheet1").set("A2", [[org0], [org1], [org2], [org3], [UNKNOWN], [org1]]);
  w.gas.run("estimateEnrichment", REQUEST);
  const { jobId } = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
  w.gas.failAt(call, nth, text(w.gas.spreadsheetId));
  for (let i = 0; i < 4; i++) {
    w.gas.clock.advance("5m");
    w.gas.run("pollJobs");
  }
  w.gas.run("getSettings");
  return { w, jobId };
}

function logged(w: Awaited<ReturnType<typeof createWorld>>) {
  const facts = logFacts(w);
  const sum = (kind: string) =>
    facts.filter((f) => f.kind === kind).reduce((total, f) => total + f.credits, 0);
  return { charged: sum("charged") + sum("settled"), possibly: sum("possibly") };
}

describe("a run the platform fails after the service charged it (model regression)", () => {
  for (const [call, nth, text] of [
    ["Range.setValues", 3, (id: string) => GAS.spreadsheetsFailed(id)],
    ["Lock.waitLock", 7, () => GAS.lockTimeout],
    ["Cache.put", 5, () => GAS.serverNotAvailable],
  ] as const) {
    it(`logs what the service charged at the failure, and Resume adds nothing (${call} #${nth} failing)`, async () => {
      const { w, jobId } = await failedAfterCharge(call, nth, text);
      expect(charged(w)).toBe(12);
      expect(logged(w)).toEqual({ charged: 12, possibly: 0 });
      w.gas.run("resumeJob", jobId);
      for (let i = 0; i < 2; i++) {
        w.gas.clock.advance("5m");
        w.gas.run("pollJobs");
      }
      expect(charged(w)).toBe(12);
      expect(logged(w)).toEqual({ charged: 12, possibly: 0 });
    });
  }
});
