// A daily quota running out mid-run: the person reads one sentence where they look, the job waits for the
// quota to renew and then finishes, and no organization is bought twice.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { domains, FIELDS, failure, jobsWorld, ledgerTotal, loggedCredits, run, UNIT } from "./bulk-world.ts";

const USED_UP =
  "Google Apps Script's daily limit of reads and writes of add-on settings for your account is used up. It renews 24 hours after its first use today. Nothing was lost: background jobs wait and carry on by themselves then.";

describe("the properties quota running out", () => {
  it("pauses a bulk run until the quota renews, says so in the sidebar, and loses nothing", async () => {
    const world = await jobsWorld({
      orgs: 3_000,
      emulator: { rateLimit: { perSecond: 1 / 200, burst: 1 } },
    });
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set("A1", [["Website"], ...domains(emulator, 3_000).map((d) => [d])]);
    const started = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A:A", fields: FIELDS });
    gas.clock.advance("1m");
    const first = run(gas, "getJobStatus", started.jobId);
    expect(first.rowsDone).toBeGreaterThan(0);
    expect(first.rowsDone).toBeLessThan(3_000);

    // The user's other scripts use up today's property reads and writes.
    gas.quotas.spend("properties", 50_000);
    const spentAt = gas.clock.now();
    let paused = first;
    for (let i = 0; i < 20 && paused.message !== USED_UP; i++) {
      gas.clock.advance("1m");
      paused = run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === started.jobId)!;
    }
    expect(paused).toMatchObject({ state: "queued", message: USED_UP });
    expect(gas.clock.now() - spentAt).toBeLessThan(20 * 60_000);
    expect(failure(gas, "getSettings")).toBe(USED_UP);
    const paidSoFar = ledgerTotal(emulator);

    // A day later the quota has renewed: the run goes on from where it stopped.
    let status = paused;
    for (let i = 0; i < 60 && status.state !== "done"; i += 1) {
      gas.clock.advance(i === 0 ? "24h" : "1m");
      status = run(gas, "getJobStatus", started.jobId);
    }
    expect(status).toMatchObject({ state: "done", rowsDone: 3_000, creditsSpent: 3_000 * UNIT });
    expect(paidSoFar).toBeLessThan(3_000 * UNIT);
    expect(ledgerTotal(emulator)).toBe(3_000 * UNIT);
    expect(loggedCredits(gas)).toBe(3_000 * UNIT);
  }, 120_000);
});
