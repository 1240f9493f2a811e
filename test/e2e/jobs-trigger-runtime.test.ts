// The day's trigger runtime (90 minutes on a consumer account) used up by a long published-mode run's own
// executions (issue 38 case 4): the dispatcher counts its executions' time, starts no wave the rest of the
// day cannot finish and checkpoint, and the run waits at a wave boundary, saying until when, instead of
// being stopped mid-wave by the platform with a wave's answer lost.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { domains, FIELDS, jobsWorld, ledgerTotal, loggedCredits, run, UNIT } from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

const ROWS = 24_000;
const CUT = "Service using too much computer time for one day";
const WAITING =
  /^Paused: today's background running time for your account \(90 minutes on a consumer account\) is nearly used up, so no new part of this job starts now; nothing was lost\. It goes on by itself after \d{2}:\d{2} \(UTC\)\.$/;

describe("a published-mode run longer than the day's trigger runtime", () => {
  it("waits at a wave boundary for the day's time to renew, loses no wave, and buys each row once", async () => {
    // One request every 300 seconds: each hourly execution spends most of its budget, so the run's own
    // executions use up the day's 90 minutes long before it is done.
    const world = await jobsWorld({
      mode: "addon",
      orgs: ROWS,
      emulator: { rateLimit: { perSecond: 1 / 300, burst: 1 } },
      scriptProperties: { DEPLOYMENT: "addon" },
    });
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set("A1", [["Website"], ...domains(emulator, ROWS).map((d) => [d])]);
    const started = run<JobStatus>(gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A:A",
      fields: FIELDS,
    });
    const messages = new Set<string>();
    let status = started;
    for (let hour = 0; hour < 72 && status.state !== "done" && status.state !== "failed"; hour++) {
      gas.clock.advance("1h");
      status = run<JobStatus>(gas, "getJobStatus", started.jobId);
      if (status.message) messages.add(status.message);
    }
    const triggers = gas.executions.filter((e) => e.kind === "trigger");
    expect(triggers.filter((e) => e.error?.includes(CUT)).length).toBe(0);
    expect([...messages].some((m) => WAITING.test(m))).toBe(true);
    expect(status).toMatchObject({ state: "done", rowsDone: ROWS, creditsSpent: ROWS * UNIT });
    expect(ledgerTotal(emulator)).toBe(ROWS * UNIT);
    expect(logFacts(gas).filter((f) => f.kind !== "charged")).toEqual([]);
    expect(loggedCredits(gas)).toBe(ROWS * UNIT);
  }, 900_000);
});
