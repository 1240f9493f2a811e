// Background work as a published add-on's clock trigger runs it, with no document (it opens each
// spreadsheet by id), and as a bound script's trigger runs it, inside its spreadsheet.
import { describe, expect, it } from "vitest";
import type { Harness } from "../../harness/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { domains, FIELDS, jobsWorld, ledger, ledgerTotal, loggedCredits, run, UNIT } from "./bulk-world.ts";

const HOUR = 3_600_000;

const MODES = [
  { mode: "addon", tick: "1h", props: { DEPLOYMENT: "addon" } },
  { mode: "bound", tick: "1m", props: {} },
] as const;

/** The dispatcher's trigger executions: all completed, each without a document or in its spreadsheet. */
function triggerRuns(gas: Harness) {
  return gas.executions.filter((e) => e.kind === "trigger" && e.functionName === "dispatchJobs");
}

function expectTriggersRan(gas: Harness, mode: "addon" | "bound", spreadsheetId: string): void {
  const runs = triggerRuns(gas);
  expect(runs.length).toBeGreaterThan(0);
  expect(runs.map((e) => [e.status, e.error])).toEqual(runs.map(() => ["completed", null]));
  if (mode === "addon") {
    expect(runs.map((e) => e.documentId)).toEqual(runs.map(() => null));
    expect(runs.every((e) => (e.calls["SpreadsheetApp.openById"] ?? 0) >= 1)).toBe(true);
  } else {
    expect(runs.map((e) => e.documentId)).toEqual(runs.map(() => spreadsheetId));
    expect(runs.some((e) => e.calls["SpreadsheetApp.openById"])).toBe(false);
  }
}

const peopleSearch = (organizationId: number, sheetName: string) => ({
  filter: { organization_ids: [organizationId] },
  select: { attributes: ["name", "job_title", "current_employer"] },
  limit: 25,
  sheetName,
});

describe.each(MODES)("in a $mode deployment, the clock trigger", ({ mode, tick, props }) => {
  it("finishes a people search after the sidebar closed", async () => {
    const world = await jobsWorld({ mode, scriptProperties: props });
    const { gas, emulator } = world;
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 5)!;
    const started = run(gas, "startPeopleSearch", peopleSearch(org.id, "CTOs"));
    expect(started).toMatchObject({ kind: "people", state: "waiting", creditsSpent: 0 });
    expect(ledger(emulator)).toEqual([]);

    gas.clock.advance(tick);
    const done = run(gas, "getJobStatus", started.jobId);
    expect(done).toMatchObject({ state: "done", sheetName: "CTOs" });
    expect(gas.sheet("CTOs").values().length - 1).toBe(done.rowsDone);
    expect(ledger(emulator)).toHaveLength(1);
    expect(done.creditsSpent).toBe(ledgerTotal(emulator));
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
    expectTriggersRan(gas, mode, gas.spreadsheetId);
    // Idle again: the trigger is gone.
    expect(gas.triggers()).toEqual([]);
  });

  it("finishes a long bulk run over several executions, paying once for each organization", async () => {
    // The account's rate limit leaves two requests at a time, so each execution hands over to the next.
    const world = await jobsWorld({
      mode,
      orgs: 5_000,
      scriptProperties: props,
      emulator: { rateLimit: { perSecond: 1 / 200, burst: 2 } },
    });
    const { gas, emulator } = world;
    const list = domains(emulator, 5_000);
    gas.sheet("Sheet1").set("A1", [["Website"], ...list.map((d) => [d])]);
    const started = run(gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A:A",
      fields: FIELDS,
    });
    expect(started).toMatchObject({ state: "queued", rowsTotal: 5_000, creditsSpent: 0 });

    let status: JobStatus = started;
    for (let i = 0; i < 12 && status.state !== "done"; i++) {
      gas.clock.advance(tick);
      status = run(gas, "getJobStatus", started.jobId);
    }
    expect(status).toMatchObject({ state: "done", rowsDone: 5_000, creditsSpent: 5_000 * UNIT });
    const working = triggerRuns(gas).filter((e) => (e.calls["UrlFetchApp.fetchAll"] ?? 0) > 0);
    expect(working.length).toBeGreaterThan(1);
    expect(ledgerTotal(emulator)).toBe(5_000 * UNIT);
    expect(loggedCredits(gas)).toBe(5_000 * UNIT);
    const last = emulator.dataset.orgs[4_999]!;
    expect(gas.sheet("Sheet1").values("B5001")).toEqual([[last.name]]);
    expectTriggersRan(gas, mode, gas.spreadsheetId);
    expect(gas.triggers()).toEqual([]);
  }, 120_000);

  it("runs an hourly refresh rule", async () => {
    const world = await jobsWorld({ mode, orgs: 100, scriptProperties: props });
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 10).map((d) => [d])]);
    const rule = run<RuleView>(gas, "saveRefreshRule", {
      request: { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS },
      frequency: "hourly",
    });
    expect(ledger(emulator)).toEqual([]);
    gas.clock.advance("1h");
    // A bound script's minute trigger may take a few more minutes to finish the run it started.
    if (mode === "bound") gas.clock.advance("5m");
    const [ran] = run<RuleView[]>(gas, "listRefreshRules");
    expect(ran).toMatchObject({
      ruleId: rule.ruleId,
      lastCredits: 10 * UNIT,
      lastResult: "Done: 10 rows, 10 organizations matched and 0 not found, for 30 credits.",
    });
    expect(gas.sheet("Sheet1").values("B1:B2")).toEqual([["Name"], [emulator.dataset.orgs[0]!.name]]);
    expect(ledgerTotal(emulator)).toBe(10 * UNIT);
    expect(loggedCredits(gas)).toBe(10 * UNIT);
    expectTriggersRan(gas, mode, gas.spreadsheetId);
    // The rule stays: so does an hourly trigger.
    expect(gas.triggers().map((t) => t.schedule.kind === "every" && t.schedule.intervalMs)).toEqual([HOUR]);
  });
});

describe("a published add-on's one trigger per user", () => {
  it("serves the user's work in every spreadsheet, opening each by id", async () => {
    const world = await jobsWorld({ mode: "addon", scriptProperties: { DEPLOYMENT: "addon" } });
    const { gas, emulator } = world;
    const [a, b] = emulator.dataset.orgs.filter((o) => o.peopleCount >= 5);
    const first = run(gas, "startPeopleSearch", peopleSearch(a!.id, "People"));
    const firstBook = gas.spreadsheetId;
    const secondBook = gas.addSpreadsheet({ name: "Second" });
    gas.useSpreadsheet(secondBook);
    const second = run(gas, "startPeopleSearch", peopleSearch(b!.id, "People"));
    expect(gas.triggers()).toHaveLength(1);

    gas.clock.advance("1h");
    expect(run(gas, "getJobStatus", second.jobId)).toMatchObject({ state: "done" });
    gas.useSpreadsheet(firstBook);
    expect(run(gas, "getJobStatus", first.jobId)).toMatchObject({ state: "done" });
    const [trigger] = triggerRuns(gas);
    expect(triggerRuns(gas)).toHaveLength(1);
    expect(trigger!.calls["SpreadsheetApp.openById"]).toBe(2);
    expect(ledger(emulator)).toHaveLength(2);
    expect(gas.triggers()).toEqual([]);
  });
});

describe("the sidebar's poll", () => {
  it("reads the job store once, and no property, while the job it watches has not moved", async () => {
    const world = await jobsWorld({ mode: "addon", scriptProperties: { DEPLOYMENT: "addon" } });
    const { gas, emulator } = world;
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 5)!;
    const started = run(gas, "startPeopleSearch", peopleSearch(org.id, "CTOs"));
    run<JobStatus[]>(gas, "pollJobs");
    const polls = () => gas.executions.filter((e) => e.functionName === "pollJobs");
    const before = polls().length;
    for (let i = 0; i < 3; i++) run<JobStatus[]>(gas, "pollJobs");
    for (const poll of polls().slice(before)) {
      const propertyCalls = Object.entries(poll.calls).filter(([name]) => name.startsWith("Properties."));
      expect(propertyCalls).toEqual([]);
      expect(poll.calls["Range.getValues"]).toBe(1);
      expect(poll.calls["UrlFetchApp.fetch"] ?? 0).toBe(0);
    }
    expect(run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === started.jobId)).toBeDefined();
  });
});
