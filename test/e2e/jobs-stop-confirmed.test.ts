// A confirmed Stop is followed by no new request (issue 38, case 9). A published add-on's clock trigger
// runs the owner's 11,000-row run with no document, so it shares no lock with a collaborator's sidebar:
// the collaborator's Stop, written at a precise moment of the trigger's checkpoint, was overwritten (the
// run went on: a whole wave of 10 requests, 30,000 credits, after the sidebar said it was stopping), or
// was read too late (a wave sent after the Stop had returned). Whatever the moment, no paid request may
// start after the Stop's execution has answered, the run ends stopped, and the log equals the ledger.
import { describe, expect, it } from "vitest";
import type { ExecutionRecord, Harness } from "../../harness/index.ts";
import { STOPPED_BY_COLLABORATOR } from "../../src/core/jobs/enrichment-log.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { domains, FIELDS, jobsWorld, ledgerTotal, logRows, run, UNIT } from "./bulk-world.ts";

const ANN = "user@example.com";
const BOB = "bob@example.com";
const ROWS = 11_000;
const STOPPING = "Stopping: the request already sent will be written; nothing more is bought.";

/**
 * Ann's hourly trigger (documentless) and, `delayMs` into it, Bob's Stop, as two executions at once. The
 * trigger's execution is started by gas.clock.advance inside the thunk, on its first call only (the
 * harness calls a thunk twice: once to learn what it starts, once to hand it its outcome).
 */
function triggerAndStop(
  gas: Harness,
  jobId: string,
  delayMs: number,
): { stop: ExecutionRecord; answer: JobStatus } {
  const before = gas.executions.length;
  let fired = false;
  const [, answer] = gas.concurrently([
    () => {
      if (!fired) {
        fired = true;
        gas.clock.advance("1h");
      }
    },
    gas.delayed(delayMs, () => {
      gas.setUser(BOB);
      try {
        return gas.run("stopJob", jobId) as JobStatus;
      } finally {
        gas.setUser(ANN);
      }
    }),
  ]);
  const runs = gas.executions.slice(before);
  const trigger = runs.find((e) => e.functionName === "dispatchJobs");
  expect(trigger).toMatchObject({ kind: "trigger", documentId: null, status: "completed" });
  const stop = runs.find((e) => e.functionName === "stopJob") as ExecutionRecord;
  expect(stop.status).toBe("completed");
  return { stop, answer: answer as JobStatus };
}

// Delays into the trigger's run (apps-script latency, seed 1): the Stop lands while the trigger claims the
// run, just before and while its first request is out, and as it checkpoints that request's answer.
const CASES = [
  { delayMs: 1_300, answer: "Stopped after 0 of 11,000 rows. Press Resume to continue.", requests: 0 },
  { delayMs: 1_700, answer: STOPPING, requests: 0 },
  { delayMs: 2_200, answer: STOPPING, requests: 1 },
  { delayMs: 2_800, answer: STOPPING, requests: 1 },
] as const;

describe("a collaborator's Stop during the owner's documentless trigger run", () => {
  it.each(CASES)(
    "pressed $delayMs ms in: nothing is bought after it answers ($requests requests in all)",
    async ({ delayMs, answer, requests }) => {
      const { gas, emulator } = await jobsWorld({
        mode: "addon",
        orgs: ROWS + 1_000,
        seed: 1,
        latency: "apps-script",
        latencyMs: 1_000,
        scriptProperties: { DEPLOYMENT: "addon" },
      });
      gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, ROWS).map((d) => [d])]);
      const job = run(gas, "startEnrichment", {
        sheetName: "Sheet1",
        inputRange: `A1:A${ROWS + 1}`,
        fields: FIELDS,
      });
      const { stop, answer: said } = triggerAndStop(gas, job.jobId, delayMs);
      const paid = gas.fetches.filter((f) => f.url.endsWith("/v9/organizations"));
      expect(paid.filter((f) => f.start > stop.end)).toEqual([]);
      expect(paid).toHaveLength(requests);
      expect(ledgerTotal(emulator)).toBe(requests * 1_000 * UNIT);
      // What the collaborator's sidebar read is what happened.
      expect(said.message).toBe(answer);
      expect(said.canStop).toBe(false);

      // Later triggers buy nothing more: the run is stopped, and says how far it got.
      gas.clock.advance("2h");
      const status = run<JobStatus>(gas, "getJobStatus", job.jobId);
      expect(status).toMatchObject({
        state: "stopped",
        rowsDone: requests * 1_000,
        creditsSpent: requests * 1_000 * UNIT,
        canResume: true,
      });
      expect(ledgerTotal(emulator)).toBe(requests * 1_000 * UNIT);
      expect(logRows(gas).map((row) => [row[1], row[2], row[3], row[5]])).toEqual([
        [
          `Enrich Sheet1!A2:A${ROWS + 1}`,
          requests * 1_000,
          requests * 1_000 * UNIT,
          `Stopped after ${requests === 0 ? "0" : "1,000"} of 11,000 rows. Press Resume to continue. ${STOPPED_BY_COLLABORATOR}`,
        ],
      ]);
    },
    120_000,
  );
});
