// Scheduled refresh end to end: a rule fires on the harness clock and rewrites its own columns.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import {
  allBlank,
  domains,
  FIELDS,
  failure,
  jobsWorld,
  ledgerTotal,
  loggedCredits,
  logRows,
  run,
  UNIT,
} from "./bulk-world.ts";

describe("a scheduled refresh", () => {
  it("fires on the clock and rewrites the columns its enrichment made, except a cell someone typed", async () => {
    const world = await jobsWorld({ orgs: 100 });
    const { gas, emulator } = world;
    const list = domains(emulator, 10);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...list.map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS });
    run(gas, "pollJobs");
    expect(gas.sheet("Sheet1").values("A1:D1")).toEqual([["Domain", "Name", "Employee count", "Industry"]]);

    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });
    const savedAt = gas.clock.now();
    expect(rule).toEqual({
      ruleId: rule.ruleId,
      sheetName: "Sheet1",
      inputRange: "A2:A11",
      fields: ["name", "employee_count", "industry"],
      // The sidebar names them as the columns' headers do.
      fieldLabels: ["Name", "Employee count", "Industry"],
      mode: "new-columns",
      frequency: "hourly",
      nextRunAt: new Date(savedAt + 3_600_000).toISOString(),
      nextRunText: utcText(new Date(savedAt + 3_600_000).toISOString()),
      lastRunAt: null,
      lastCredits: null,
      lastResult: null,
      newRowsOnly: false,
      thresholds: { countChange: 0.1 },
      lastRun: null,
      // Saved here, it runs here (a copy of the file would name this one).
      copiedFrom: null,
    });
    // With only a rule pending, the trigger ticks hourly.
    expect(gas.triggers().map((t) => t.schedule.kind === "every" && t.schedule.intervalMs)).toEqual([
      3_600_000,
    ]);

    // Meanwhile the sheet changes: another organization in A3, a value cleared, one typed over.
    const other = emulator.dataset.orgs[50]!;
    gas.sheet("Sheet1").set("A3", other.domain);
    gas.sheet("Sheet1").set("B4", "");
    gas.sheet("Sheet1").set("C5", "typed over");

    gas.clock.advance("1h");
    const [refreshed] = run<RuleView[]>(gas, "listRefreshRules");
    expect(refreshed).toMatchObject({
      ruleId: rule.ruleId,
      lastCredits: 10 * UNIT,
      lastResult:
        "Done: 10 rows, 10 organizations matched and 0 not found, for 30 credits. 1 cell someone edited since the last run was left as it was.",
      nextRunAt: new Date(savedAt + 2 * 3_600_000).toISOString(),
      nextRunText: utcText(new Date(savedAt + 2 * 3_600_000).toISOString()),
    });
    expect(refreshed!.lastRunAt).not.toBeNull();
    const orgs = emulator.dataset.orgs;
    expect(gas.sheet("Sheet1").values("B3:C5")).toEqual([
      [other.name, other.employeeCount],
      [orgs[2]!.name, orgs[2]!.employeeCount],
      // Typed by a person after the add-on wrote it: never overwritten by a refresh.
      [orgs[3]!.name, "typed over"],
    ]);
    // No new columns: the refresh wrote into B:D and the run's Status column E.
    expect(gas.sheet("Sheet1").values("E1:E3")).toEqual([["Status"], ["Found"], ["Found"]]);
    expect(allBlank(gas, "Sheet1", "F1:F11")).toBe(true);
    expect(logRows(gas).map((r) => [r[1], r[3]])).toEqual([
      ["Enrich Sheet1!A2:A11", 30],
      ["Refresh Sheet1!A2:A11", 30],
    ]);
    expect(ledgerTotal(emulator)).toBe(2 * 10 * UNIT);
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));

    expect(run<RuleView[]>(gas, "deleteRefreshRule", rule.ruleId)).toEqual([]);
    expect(gas.triggers()).toEqual([]);
  });

  it("from a request: the first run makes the columns, later runs refresh the same ones", async () => {
    const world = await jobsWorld({ orgs: 100 });
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 3).map((d) => [d])]);
    const rule = run<RuleView>(gas, "saveRefreshRule", {
      request: { sheetName: "Sheet1", inputRange: "A:A", fields: [FIELDS[0]] },
      frequency: "daily",
    });
    expect(rule.nextRunAt).toBe(new Date(gas.clock.now() + 86_400_000).toISOString());
    const first = run(gas, "refreshNow", rule.ruleId);
    expect(first.title).toBe("Refresh Sheet1!A2:A4");
    expect(failure(gas, "refreshNow", rule.ruleId)).toBe("This refresh is already running.");
    run(gas, "pollJobs");
    gas.sheet("Sheet1").set("A5", emulator.dataset.orgs[9]!.domain);
    run(gas, "refreshNow", rule.ruleId);
    run<JobStatus[]>(gas, "pollJobs");
    expect(gas.sheet("Sheet1").values("A1:C5")).toEqual([
      ["Domain", "Name", "Status"],
      [emulator.dataset.orgs[0]!.domain, emulator.dataset.orgs[0]!.name, "Found"],
      [emulator.dataset.orgs[1]!.domain, emulator.dataset.orgs[1]!.name, "Found"],
      [emulator.dataset.orgs[2]!.domain, emulator.dataset.orgs[2]!.name, "Found"],
      [emulator.dataset.orgs[9]!.domain, emulator.dataset.orgs[9]!.name, "Found"],
    ]);
    expect(run<RuleView[]>(gas, "listRefreshRules")[0]?.lastCredits).toBe(4);
  });

  it("refuses malformed rules with exact messages", async () => {
    const { gas } = await jobsWorld();
    expect(failure(gas, "saveRefreshRule", null)).toBe(
      "A scheduled refresh needs {jobId, frequency} or {request, frequency}.",
    );
    expect(failure(gas, "saveRefreshRule", { jobId: "j", frequency: "monthly" })).toBe(
      'Unknown frequency "monthly". Use one of: hourly, daily, weekly.',
    );
    expect(failure(gas, "saveRefreshRule", { frequency: "daily" })).toBe(
      "A scheduled refresh needs {jobId, frequency} or {request, frequency}.",
    );
    expect(failure(gas, "saveRefreshRule", { jobId: "j", frequency: "daily" })).toBe(
      'There is no job "j" in this spreadsheet.',
    );
    expect(
      failure(gas, "saveRefreshRule", {
        request: { sheetName: "Leads", inputRange: "A:A", fields: FIELDS },
        frequency: "weekly",
      }),
    ).toBe('There is no sheet named "Leads" in this spreadsheet.');
    const people = run(gas, "startPeopleSearch", { filter: { organization_ids: [1] }, select: {} });
    expect(failure(gas, "saveRefreshRule", { jobId: people.jobId, frequency: "daily" })).toBe(
      "Only a bulk enrichment can be scheduled to refresh.",
    );
    // Twenty rules over rows of their own (a second rule over a rule's rows is refused: issue 38).
    const request = (i: number) => ({
      sheetName: "Sheet1",
      inputRange: `A${i * 10 + 2}:A${i * 10 + 11}`,
      fields: FIELDS,
    });
    for (let i = 0; i < 20; i++) run(gas, "saveRefreshRule", { request: request(i), frequency: "weekly" });
    expect(failure(gas, "saveRefreshRule", { request: request(20), frequency: "weekly" })).toBe(
      "This spreadsheet already has 20 scheduled refreshes. Delete one first.",
    );
    expect(run<RuleView[]>(gas, "listRefreshRules")).toHaveLength(20);
    expect(failure(gas, "deleteRefreshRule")).toBe("Give the id of a scheduled refresh (ruleId).");
    expect(failure(gas, "deleteRefreshRule", "r1")).toBe(
      'There is no scheduled refresh "r1" in this spreadsheet.',
    );
    expect(failure(gas, "refreshNow", "r1")).toBe('There is no scheduled refresh "r1" in this spreadsheet.');
  });
});

/** A time as the sidebar says it in a UTC spreadsheet: "2026-03-10 10:00 (UTC)". */
function utcText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} (UTC)`;
}
