// A run's journal of paid answers belongs to that run: a later run of the same organizations whose answer
// is lost does not take an earlier run's answers for its own (they may be stale, and they were not what
// this run was charged for). Its rows are reported lost, to be bought again only if the person says so.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { addFault, domains, FIELDS, jobsWorld, ledger, run, UNIT } from "./bulk-world.ts";
import { possiblyCharged } from "./log-rows.ts";

describe("a refresh whose request outlives its execution, after an enrichment of the same rows", () => {
  it("reports its rows lost and possibly charged, never fills them from the earlier run's answers", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 100, fetchDeadlineMs: 600_000 });
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 10).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS });
    run(gas, "pollJobs");
    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });
    addFault(emulator, { path: "/v9/organizations", delay_ms: 400_000, count: 1 });
    // The owner's trigger starts the refresh; its execution dies with the request out.
    gas.clock.advance(Date.parse(rule.nextRunAt) - gas.clock.now());
    expect(gas.executions.at(-1)!.error).toMatch(/Exceeded maximum execution time/);
    gas.clock.advance("10m");
    const refresh = run<JobStatus[]>(gas, "pollJobs").find((s) => s.title === "Refresh Sheet1!A2:A11")!;
    expect(refresh).toMatchObject({ state: "done", lostRows: 10, lostCredits: 10 * UNIT, creditsSpent: 0 });
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([10 * UNIT, 10 * UNIT]);
    expect(possiblyCharged(gas)).toEqual([
      { action: "Refresh Sheet1!A2:A11", kind: "possibly", credits: 10 * UNIT },
    ]);
  });
});
