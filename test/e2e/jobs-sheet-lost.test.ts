// Issue 38 case 7 (the jobs sheet): a person deletes the hidden "Enrichment jobs" sheet. The refresh rules
// it held are not wiped silently: the add-on keeps a copy of each in the document's properties, brings
// them back, says so on the rule, and they go on buying what they bought before, no more and no less.
import { describe, expect, it } from "vitest";
import { JOBS_SHEET } from "../../src/core/addon-sheets/registry.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import {
  addAccount,
  domains,
  FIELDS,
  jobsWorld,
  ledger,
  ledgerTotal,
  logRows,
  run,
  UNIT,
} from "./bulk-world.ts";

const BROUGHT_BACK =
  'Brought back: the hidden sheet "Enrichment jobs" was deleted, and this scheduled refresh with it. The add-on kept a copy, so it runs as before; bringing it back bought nothing.';

describe('the hidden "Enrichment jobs" sheet deleted', () => {
  it("brings an hourly rule back from its copy and says so: its next runs buy its 10 rows once an hour, as before", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 100 });
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 10).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS });
    run(gas, "pollJobs");
    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });
    gas.clock.advance(Date.parse(rule.nextRunAt) - gas.clock.now());
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([10 * UNIT, 10 * UNIT]);
    // A person unhides the add-on's sheets and deletes this one.
    gas.deleteSheet(JOBS_SHEET);
    const [back] = run<RuleView[]>(gas, "listRefreshRules");
    expect(back).toMatchObject({ ruleId: rule.ruleId, frequency: "hourly", lastResult: BROUGHT_BACK });
    // Its next run comes at its hour, as before the sheet was lost.
    gas.clock.advance("1h");
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([10 * UNIT, 10 * UNIT, 10 * UNIT]);
    expect(logRows(gas).map((r) => [r[1], r[2], r[3]])).toEqual([
      ["Enrich Sheet1!A2:A11", 10, 10 * UNIT],
      ["Refresh Sheet1!A2:A11", 10, 10 * UNIT],
      ["Refresh Sheet1!A2:A11", 10, 10 * UNIT],
    ]);
  }, 60_000);
});

describe('the hidden "Enrichment jobs" sheet deleted while a run is out of credits', () => {
  it("rebuilds the run from the purchase record, says what it bought and what Resume costs: 15,000 credits in all, the minimum", async () => {
    const key = "small-account-key-0038";
    const { gas, emulator } = await jobsWorld({ orgs: 6_000, apiKey: key });
    // Room for two chunks of 1,000.
    addAccount(emulator, key, 2 * 1_000 * UNIT + 100);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 5_000).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A5001", fields: FIELDS });
    const [paused] = run<JobStatus[]>(gas, "pollJobs");
    expect(paused).toMatchObject({ state: "out_of_credits", rowsDone: 2_000 });
    expect(ledgerTotal(emulator, key)).toBe(2_000 * UNIT);
    gas.deleteSheet(JOBS_SHEET);
    const [rebuilt] = run<JobStatus[]>(gas, "pollJobs");
    expect(rebuilt).toMatchObject({
      jobId: job.jobId,
      state: "stopped",
      title: "Enrich Sheet1!A2:A5001",
      creditsSpent: 2_000 * UNIT,
      message:
        'Stopped: the hidden sheet "Enrichment jobs" was deleted, and this run with it; it was rebuilt from the purchase record. The 2,000 organizations it bought (6,000 credits, in the Enrichment log) are kept: Resume writes them without buying them again, then buys only what no run bought, at most 3,000 organizations (9,000 credits).',
    });
    addAccount(emulator, key, 1_000_000);
    run(gas, "resumeJob", job.jobId);
    const [finished] = run<JobStatus[]>(gas, "pollJobs");
    expect(finished).toMatchObject({ state: "done", rowsDone: 5_000, creditsSpent: 5_000 * UNIT });
    // The topped-up account's ledger: only the 3,000 never bought, so 15,000 in all, the price list's minimum.
    expect(ledgerTotal(emulator, key)).toBe(3_000 * UNIT);
    expect(logRows(gas).map((r) => [r[1], r[2], r[3]])).toEqual([
      ["Enrich Sheet1!A2:A5001", 2_000, 2_000 * UNIT],
      ["Enrich Sheet1!A2:A5001", 3_000, 3_000 * UNIT],
    ]);
    const first = emulator.dataset.orgs[0]!;
    const last = emulator.dataset.orgs[4_999]!;
    expect(gas.sheet("Sheet1").values("B2:C2")).toEqual([[first.name, first.employeeCount]]);
    expect(gas.sheet("Sheet1").values("B5001:C5001")).toEqual([[last.name, last.employeeCount]]);
  }, 120_000);
});

/** The 1-based row of the jobs sheet holding the record whose key starts with `prefix`. */
function rowOf(gas: Awaited<ReturnType<typeof jobsWorld>>["gas"], prefix: string): number {
  const at = gas
    .sheet(JOBS_SHEET)
    .values()
    .findIndex((row) => String(row[0]).startsWith(prefix));
  expect(at).toBeGreaterThanOrEqual(0);
  return at + 1;
}

describe('a row of the hidden "Enrichment jobs" sheet typed over or cleared', () => {
  it("rebuilds a run whose row was cleared while it was out of credits: Resume buys only the rest, 7,500 credits in all", async () => {
    const key = "small-account-key-0038b";
    const { gas, emulator } = await jobsWorld({ orgs: 3_000, apiKey: key });
    addAccount(emulator, key, 1_000 * UNIT + 100);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 2_500).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A2501", fields: FIELDS });
    const [paused] = run<JobStatus[]>(gas, "pollJobs");
    expect(paused).toMatchObject({ state: "out_of_credits", rowsDone: 1_000 });
    // A person unhides the sheet and clears the run's row (Delete over A:C).
    gas.sheet(JOBS_SHEET).set(`A${rowOf(gas, "job:")}`, [["", "", ""]]);
    const [rebuilt] = run<JobStatus[]>(gas, "pollJobs");
    expect(rebuilt).toMatchObject({
      jobId: job.jobId,
      state: "stopped",
      creditsSpent: 1_000 * UNIT,
      message:
        'Stopped: a row of the hidden sheet "Enrichment jobs" was typed over or cleared, and this run with it; it was rebuilt from the purchase record. The 1,000 organizations it bought (3,000 credits, in the Enrichment log) are kept: Resume writes them without buying them again, then buys only what no run bought, at most 1,500 organizations (4,500 credits).',
    });
    addAccount(emulator, key, 1_000_000);
    run(gas, "resumeJob", job.jobId);
    const [finished] = run<JobStatus[]>(gas, "pollJobs");
    expect(finished).toMatchObject({ state: "done", rowsDone: 2_500, creditsSpent: 2_500 * UNIT });
    expect(ledgerTotal(emulator, key)).toBe(1_500 * UNIT);
    expect(logRows(gas).map((r) => [r[1], r[2], r[3]])).toEqual([
      ["Enrich Sheet1!A2:A2501", 1_000, 1_000 * UNIT],
      ["Enrich Sheet1!A2:A2501", 1_500, 1_500 * UNIT],
    ]);
  }, 120_000);

  it("reads a run whose key cell was typed over, and brings back a rule whose record was typed over, saying so", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 100 });
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 10).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS });
    run(gas, "pollJobs");
    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });
    gas.sheet(JOBS_SHEET).set(`A${rowOf(gas, "job:")}`, [["typed over"]]);
    // The rule's value typed over alone is read from its row's copy; both typed over, it is brought back.
    const ruleRow = rowOf(gas, "rule:");
    gas.sheet(JOBS_SHEET).set(`B${ruleRow}`, [["typed over"]]);
    expect(run<RuleView[]>(gas, "listRefreshRules")).toMatchObject([
      { ruleId: rule.ruleId, lastResult: null },
    ]);
    gas.sheet(JOBS_SHEET).set(`D${ruleRow}`, [["typed over"]]);
    const [back] = run<RuleView[]>(gas, "listRefreshRules");
    expect(back).toMatchObject({
      ruleId: rule.ruleId,
      frequency: "hourly",
      lastResult:
        'Brought back: a row of the hidden sheet "Enrichment jobs" was typed over or cleared, and this scheduled refresh with it. The add-on kept a copy, so it runs as before; bringing it back bought nothing.',
    });
    expect(run<JobStatus>(gas, "getJobStatus", job.jobId)).toMatchObject({ state: "done", rowsDone: 10 });
    gas.clock.advance("1h");
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([10 * UNIT, 10 * UNIT]);
    expect(logRows(gas).map((r) => [r[1], r[2], r[3]])).toEqual([
      ["Enrich Sheet1!A2:A11", 10, 10 * UNIT],
      ["Refresh Sheet1!A2:A11", 10, 10 * UNIT],
    ]);
  }, 60_000);
});
