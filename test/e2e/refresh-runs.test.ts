// The Refreshes section's server calls through the bundle: each rule's last run with its notable changes
// first (read from the Changes sheet rows its report names, in one read), the per-rule threshold, "Select
// changed cells", and a schedule's price per run and per day before it is saved.
import { describe, expect, it } from "vitest";
import { INDUSTRIES } from "../../emulator/dataset/catalog/industries.ts";
import { call } from "../../emulator/testing.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import type {
  ChangedCellsSelection,
  RefreshRunView,
  SchedulePrice,
} from "../../src/server/refreshes/index.ts";
import { domains, FIELDS, failure, type JobsWorld, jobsWorld, run, UNIT } from "./bulk-world.ts";

/** What the emulator's data holds when the list is first enriched, so the changes read in round numbers. */
const HEADCOUNTS: Record<number, number> = { 1: 1200, 2: 1000, 4: 500, 7: 5 };
const INDUSTRY_ORG = 3;

async function ruleWorld() {
  const world = await jobsWorld({ orgs: 100 });
  const { gas, emulator } = world;
  for (const [index, count] of Object.entries(HEADCOUNTS))
    moveOrg(world, Number(index), { employee_count: count });
  moveOrg(world, INDUSTRY_ORG, { industry: "Information" });
  const list = domains(emulator, 10);
  gas.sheet("Sheet1").set("A1", [["Domain"], ...list.map((d) => [d])]);
  const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS });
  run(gas, "pollJobs");
  return { ...world, list, job };
}

/** The service's data moves, as the emulator's admin endpoint lets it (org i sits in sheet row i + 2). */
function moveOrg(
  world: Pick<JobsWorld, "emulator">,
  index: number,
  body: { employee_count?: number; industry?: string },
) {
  const org = world.emulator.dataset.orgs[index]!;
  const answer = call(world.emulator, "POST", "/__admin/organizations", { body: { id: org.id, ...body } });
  expect(answer.status).toBe(200);
}

/** Runs the rule now, as its Refresh now button does, to its end. */
function refreshNow(gas: JobsWorld["gas"], ruleId: string) {
  run(gas, "refreshNow", ruleId);
  run(gas, "pollJobs");
  return run<RuleView[]>(gas, "listRefreshRules").find((r) => r.ruleId === ruleId)!;
}

describe("the Refreshes section's server calls", () => {
  it("prices a schedule per run and per day before it is saved, every row and new rows only", async () => {
    const world = await ruleWorld();
    const { gas, job } = world;
    const hourly = run<SchedulePrice>(gas, "estimateRefreshSchedule", {
      jobId: job.jobId,
      frequency: "hourly",
    });
    expect(hourly).toEqual({
      frequency: "hourly",
      unitCost: UNIT,
      runsPerDay: 24,
      everyRow: { organizations: 10, perRun: 30, perDay: 720 },
      // Saving a finished run keeps which rows it enriched: none is new yet.
      newRowsOnly: { organizations: 0, perRun: 0, perDay: 0 },
      perRunLine: "Up to 30 credits a run · 10 organizations × 3",
      perDayLine: "Up to 720 credits a day · 24 runs a day",
      newRowsLine:
        "New rows only: 3 credits per row added or edited since the run before, nothing for the others; a day costs 3 credits per row added that day. None is waiting now: a run that finds no new rows costs nothing.",
    });
    // A run stopped before it bought anything leaves every row new to the rule.
    gas.sheet("Sheet1").set("F1", [["Domain"], ...domains(world.emulator, 4, 20).map((d) => [d])]);
    const stopped = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "F2:F5", fields: FIELDS });
    run(gas, "stopJob", stopped.jobId);
    const unfinished = run<SchedulePrice>(gas, "estimateRefreshSchedule", {
      jobId: stopped.jobId,
      frequency: "daily",
    });
    expect(unfinished.newRowsOnly).toEqual({ organizations: 4, perRun: 12, perDay: 12 });
    expect(unfinished.newRowsLine).toBe(
      "New rows only: 3 credits per row added or edited since the run before, nothing for the others; a day costs 3 credits per row added that day. The next run buys 4 organizations not yet kept as enriched: up to 12 credits.",
    );
    const weekly = run<SchedulePrice>(gas, "estimateRefreshSchedule", {
      jobId: job.jobId,
      frequency: "weekly",
    });
    expect(weekly.perDayLine).toBe("Up to 30 credits a week · about 5 a day");
    expect(failure(gas, "estimateRefreshSchedule", { jobId: job.jobId, frequency: "monthly" })).toBe(
      'Unknown frequency "monthly". Use one of: hourly, daily, weekly.',
    );
    expect(failure(gas, "estimateRefreshSchedule", "hourly")).toBe(
      "Price a schedule with {jobId, frequency}.",
    );
  });

  it("says the per-day cost of an hourly refresh of a 5,000-row column before it is saved", async () => {
    const world = await jobsWorld({ orgs: 2_000 });
    const { gas, emulator } = world;
    // 5,000 rows over 1,972 organizations, as a lead sheet repeats its accounts.
    const list = domains(emulator, 1_972);
    const rows = Array.from({ length: 5_000 }, (_, i) => [list[i % list.length]]);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...rows]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A5001", fields: FIELDS });
    while (["queued", "running"].includes(run(gas, "getJobStatus", job.jobId).state)) run(gas, "pollJobs");
    const price = run<SchedulePrice>(gas, "estimateRefreshSchedule", {
      jobId: job.jobId,
      frequency: "hourly",
    });
    expect([price.perRunLine, price.perDayLine]).toEqual([
      "Up to 5,916 credits a run · 1,972 organizations × 3",
      "Up to 141,984 credits a day · 24 runs a day",
    ]);
  });

  it("lists each rule's last run with the notable changes first, read in one range read", async () => {
    const world = await ruleWorld();
    const { gas, job, emulator } = world;
    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "daily" });
    expect(run<RefreshRunView[]>(gas, "refreshRuns")).toEqual([
      { ruleId: rule.ruleId, thresholdPercent: 10, lastRun: null },
    ]);

    // An earlier run's rows stay above this run's: only the rows the last run's report names are read.
    moveOrg(world, 9, { employee_count: 7_000 });
    expect(refreshNow(gas, rule.ruleId).lastRun).toMatchObject({
      cellsChanged: 1,
      changeRows: { first: 2, last: 2 },
    });

    // Three counts move (+21%, +5%, −20%), one industry changes, and a person types another organization
    // into row 8: its cells change because the row now holds another organization, so none is notable.
    moveOrg(world, 1, { employee_count: 1450 });
    moveOrg(world, 2, { employee_count: 1050 });
    moveOrg(world, INDUSTRY_ORG, { industry: "Finance and Insurance" });
    moveOrg(world, 4, { employee_count: 400 });
    const replaced = emulator.dataset.orgs[6]!;
    const newcomer = emulator.dataset.orgs[50]!;
    gas.sheet("Sheet1").set("A8", newcomer.domain);
    const newcomerCells = [
      [replaced.name, newcomer.name],
      [replaced.employeeCount, newcomer.employeeCount],
      [INDUSTRIES[replaced.industry]!.name, INDUSTRIES[newcomer.industry]!.name],
    ].filter(([was, now]) => was !== now).length;
    expect(newcomerCells).toBe(3);
    const last = refreshNow(gas, rule.ruleId);
    const cellsChanged = 4 + newcomerCells;
    expect(last.lastRun).toMatchObject({ cellsChanged, changeRows: { first: 3, last: 2 + cellsChanged } });

    const before = gas.executions.length;
    const [view] = run<RefreshRunView[]>(gas, "refreshRuns");
    const org = (i: number) => emulator.dataset.orgs[i]!.domain;
    expect(view).toEqual({
      ruleId: rule.ruleId,
      thresholdPercent: 10,
      lastRun: {
        at: last.lastRunAt,
        rowsChecked: 10,
        rowsBought: 10,
        cellsChanged,
        credits: 30,
        notable: [
          { kind: "count", organization: org(1), row: 3, words: "Employee count 1,200 → 1,450 (+21%)" },
          {
            kind: "category",
            organization: org(3),
            row: 5,
            words: "Industry Information → Finance and Insurance",
          },
          { kind: "count", organization: org(4), row: 6, words: "Employee count 500 → 400 (−20%)" },
        ],
        notableTotal: 3,
        others: 1 + newcomerCells,
      },
    });
    const [execution] = gas.executions.slice(before);
    // The jobs sheet once (rules), the Changes sheet once (the run's rows).
    expect(execution?.calls["Range.getValues"]).toBe(2);

    // A lower threshold, saved on the rule, makes the +5% notable too.
    const lowered = run<RefreshRunView>(gas, "saveRefreshThreshold", { ruleId: rule.ruleId, percent: 5 });
    expect(lowered.thresholdPercent).toBe(5);
    expect(lowered.lastRun?.notable.map((n) => n.words)).toEqual([
      "Employee count 1,200 → 1,450 (+21%)",
      "Employee count 1,000 → 1,050 (+5%)",
      "Industry Information → Finance and Insurance",
      "Employee count 500 → 400 (−20%)",
    ]);
    expect(lowered.lastRun?.others).toBe(newcomerCells);
    expect(run<RefreshRunView[]>(gas, "refreshRuns")[0]?.thresholdPercent).toBe(5);

    expect(failure(gas, "saveRefreshThreshold", { ruleId: rule.ruleId, percent: 0.5 })).toBe(
      "A count is notable past a change of 1% to 1,000%; got 0.5.",
    );
    expect(failure(gas, "saveRefreshThreshold", { ruleId: "nope", percent: 10 })).toBe(
      'There is no scheduled refresh "nope" in this spreadsheet.',
    );
    expect(failure(gas, "saveRefreshThreshold", 10)).toBe(
      "Give the refresh and its threshold: {ruleId, percent}.",
    );
  });

  it("selects the cells the last run changed as one RangeList on the rule's sheet", async () => {
    const world = await ruleWorld();
    const { gas, job } = world;
    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "daily" });
    expect(failure(gas, "selectChangedCells", rule.ruleId)).toBe(
      "This refresh has not run yet; there is nothing to select.",
    );
    moveOrg(world, 1, { employee_count: 1450 });
    moveOrg(world, 2, { employee_count: 1050 });
    moveOrg(world, INDUSTRY_ORG, { industry: "Finance and Insurance" });
    moveOrg(world, 7, { employee_count: 9 });
    expect(refreshNow(gas, rule.ruleId).lastRun).toMatchObject({ cellsChanged: 4 });
    gas.select("Changes!A1");

    const selected = run<ChangedCellsSelection>(gas, "selectChangedCells", rule.ruleId);
    expect(selected).toEqual({
      sheetName: "Sheet1",
      cells: 4,
      ranges: ["C3:C4", "C9", "D5"],
      message: "Selected 4 changed cells on Sheet1.",
    });
    expect(gas.selection()).toEqual({ sheet: "Sheet1", ranges: ["C3:C4", "C9", "D5"] });

    // A run that finds nothing moved changed no cells.
    expect(refreshNow(gas, rule.ruleId).lastRun).toMatchObject({ cellsChanged: 0, changeRows: null });
    expect(failure(gas, "selectChangedCells", rule.ruleId)).toBe(
      "The last run of this refresh changed no cells.",
    );
  });
});
