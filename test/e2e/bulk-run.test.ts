// Bulk enrichment end to end: 10,000 rows across executions, out of credits and resumed, stop, modes.
import { describe, expect, it } from "vitest";
import { LOG_SHEET } from "../../src/core/jobs/enrichment-log.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import {
  addAccount,
  advanceUntil,
  domains,
  FIELDS,
  jobsWorld,
  ledger,
  ledgerTotal,
  loggedCredits,
  logRows,
  run,
  UNIT,
  writesPerRow,
} from "./bulk-world.ts";

const request = (inputRange: string, extra: Record<string, unknown> = {}) => ({
  sheetName: "Sheet1",
  inputRange,
  fields: FIELDS,
  ...extra,
});

describe("a 10,000-row bulk enrichment", () => {
  it("runs across several executions, cut at the time budget, writing every row once and paying once", async () => {
    // The account is shared with another tool: its rate limit leaves few requests for this run, so the
    // first execution spends its budget waiting on 429s and hands over to the next trigger.
    const world = await jobsWorld({
      orgs: 10_000,
      emulator: { rateLimit: { perSecond: 1 / 200, burst: 8 } },
    });
    const { gas, emulator } = world;
    const known = domains(emulator, 9_500);
    const rows: string[] = [];
    for (let i = 0; i < 9_500; i++) {
      rows.push(known[i]!);
      if (i % 25 === 24) rows.push(known[i - 10]!.toUpperCase()); // 380 repeats, in another case
    }
    for (let i = 0; rows.length < 10_000; i++) rows.push(`no-such-company-${i}.example`);
    gas.sheet("Sheet1").set("A1", [["Website"], ...rows.map((d) => [d])]);

    const estimate = run<{ rows: number; unique: number; credits: number; requests: number }>(
      gas,
      "estimateEnrichment",
      request("A:A"),
    );
    expect(estimate).toMatchObject({ rows: 10_000, unique: 9_620, requests: 10, credits: 9_620 * UNIT });

    const started = run(gas, "startEnrichment", request("A:A"));
    expect(started).toMatchObject({ state: "queued", rowsDone: 0, rowsTotal: 10_000, creditsSpent: 0 });
    expect(gas.triggers().map((t) => [t.handler, t.schedule])).toEqual([
      ["dispatchJobs", { kind: "every", intervalMs: 60_000, description: "every 1 minutes" }],
    ]);

    gas.clock.advance("1m");
    const first = run(gas, "getJobStatus", started.jobId);
    expect(first.state).toBe("queued");
    expect(first.rowsDone).toBeGreaterThan(0);
    expect(first.rowsDone).toBeLessThan(10_000);
    expect(first.message).toMatch(
      /^Paused at the time limit after [\d,]+ of 10,000 rows; it continues in the next run\.$/,
    );
    const firstRun = gas.executions.find((e) => e.functionName === "dispatchJobs")!;
    expect(firstRun.status).toBe("completed");
    expect(firstRun.durationMs).toBeLessThan(360_000);

    advanceUntil(world, () => run(gas, "getJobStatus", started.jobId).state === "done");
    const done = run(gas, "getJobStatus", started.jobId);
    expect(done).toMatchObject({ state: "done", rowsDone: 10_000, creditsSpent: 9_500 * UNIT, errors: [] });
    expect(done.message).toBe(
      "Done: 10,000 rows, 9,500 organizations matched and 120 not found, for 28,500 credits.",
    );

    const dispatches = gas.executions.filter((e) => e.functionName === "dispatchJobs");
    const working = dispatches.filter(
      (e) => (e.calls["UrlFetchApp.fetchAll"] ?? 0) + (e.calls["UrlFetchApp.fetch"] ?? 0) > 0,
    );
    expect(working.length).toBeGreaterThan(1);
    expect(dispatches.every((e) => e.status === "completed")).toBe(true);

    // Every row written by exactly one setValues; header labels above them.
    expect(gas.sheet("Sheet1").values("A1:D1")).toEqual([["Website", "Name", "Employee count", "Industry"]]);
    expect(writesPerRow(gas, "Sheet1", "B", 2, 10_001).every((n) => n === 1)).toBe(true);
    const org = emulator.dataset.orgs[9_499]!;
    const row = rows.indexOf(org.domain) + 2;
    expect(gas.sheet("Sheet1").values(`B${row}:C${row}`)).toEqual([[org.name, org.employeeCount]]);
    expect(gas.sheet("Sheet1").values("B10001:D10001")).toEqual([["", "", ""]]);

    // The ledger, the job and the log agree, and each organization was charged once.
    expect(ledgerTotal(emulator)).toBe(9_500 * UNIT);
    expect(loggedCredits(gas)).toBe(9_500 * UNIT);
    expect(ledger(emulator).length).toBe(10);
    expect(logRows(gas).at(-1)?.[5]).toBe(done.message);
    // Idle again: the minute trigger is gone.
    expect(gas.triggers()).toEqual([]);
  }, 120_000);
});

describe("running out of credits", () => {
  it("stops cleanly half-way and, after a top-up, pays only for the rows not yet done", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 3_000, apiKey: "small-account-key-0001" });
    addAccount(emulator, "small-account-key-0001", 2 * 1_000 * UNIT + 100);
    const list = domains(emulator, 3_000);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...list.map((d) => [d])]);

    const job = run(gas, "startEnrichment", request("A1:A3001"));
    const [stopped] = run<JobStatus[]>(gas, "pollJobs");
    expect(stopped).toMatchObject({
      jobId: job.jobId,
      state: "out_of_credits",
      rowsDone: 2_000,
      canResume: true,
    });
    expect(stopped!.message).toBe(
      "Out of credits after 2,000 of 3,000 rows; nothing written was charged twice. Top up, then press Resume.",
    );
    expect(gas.sheet("Sheet1").values("B2001:B2002")).toEqual([[emulator.dataset.orgs[1_999]!.name], [""]]);
    const paidBefore = ledgerTotal(emulator, "small-account-key-0001");
    expect(paidBefore).toBe(2_000 * UNIT);

    // The top-up (the admin API makes the account afresh, so its ledger restarts).
    addAccount(emulator, "small-account-key-0001", 1_000_000);
    expect(run(gas, "resumeJob", job.jobId)).toMatchObject({
      state: "queued",
      canResume: false,
      message: "Resuming after 2,000 of 3,000 rows.",
    });
    const [finished] = run<JobStatus[]>(gas, "pollJobs");
    expect(finished).toMatchObject({ state: "done", rowsDone: 3_000 });
    expect(paidBefore + ledgerTotal(emulator, "small-account-key-0001")).toBe(3_000 * UNIT);
    expect(finished!.creditsSpent).toBe(3_000 * UNIT);
    expect(loggedCredits(gas)).toBe(3_000 * UNIT);
    expect(writesPerRow(gas, "Sheet1", "C", 2, 3_001).every((n) => n === 1)).toBe(true);
    expect(logRows(gas).map((r) => r[5])).toEqual([stopped!.message, finished!.message]);
  });
});

describe("stopping", () => {
  it("stops a queued run at once and resumes it where it stopped", async () => {
    const world = await jobsWorld();
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 40).map((d) => [d]),
    );
    const job = run(gas, "startEnrichment", request("A1:A40"));
    const stopped = run(gas, "stopJob", job.jobId);
    expect(stopped).toMatchObject({ state: "stopped", canResume: true, canStop: false });
    expect(stopped.message).toBe("Stopped after 0 of 40 rows. Press Resume to continue.");
    expect(run<JobStatus[]>(gas, "pollJobs")[0]?.state).toBe("stopped");
    expect(ledger(emulator)).toEqual([]);
    run(gas, "resumeJob", job.jobId);
    expect(run<JobStatus[]>(gas, "pollJobs")[0]).toMatchObject({
      state: "done",
      rowsDone: 40,
      creditsSpent: 40 * UNIT,
    });
  });
});

describe("where values go", () => {
  it("fills only empty cells in empty-only mode and pays nothing for rows already filled", async () => {
    const world = await jobsWorld();
    const { gas, emulator } = world;
    const list = domains(emulator, 3);
    gas.sheet("Sheet1").set("A1", [
      ["Domain", "Name", "Size"],
      [list[0], "Typed by hand", 7],
      [list[1], "", "=1+1"],
      [list[2], "", ""],
    ]);
    const fields = [FIELDS[0], FIELDS[1]];
    const estimate = run<{ organizations: number; credits: number }>(
      gas,
      "estimateEnrichment",
      request("A1:A4", { fields, output: { mode: "empty-only", targetColumn: "B" } }),
    );
    expect(estimate).toMatchObject({ organizations: 2, credits: 4 });
    run(
      gas,
      "startEnrichment",
      request("A1:A4", { fields, output: { mode: "empty-only", targetColumn: "B" } }),
    );
    run(gas, "pollJobs");
    const [b, c] = [1, 2].map((i) => emulator.dataset.orgs[i]!);
    expect(gas.sheet("Sheet1").values("B2:C2")).toEqual([["Typed by hand", 7]]);
    expect(gas.sheet("Sheet1").values("B3:B4")).toEqual([[b!.name], [c!.name]]);
    expect(gas.sheet("Sheet1").values("C4")).toEqual([[c!.employeeCount]]);
    expect(gas.sheet("Sheet1").formulas("C3")).toEqual([["=1+1"]]);
    expect(ledgerTotal(emulator)).toBe(4);
  });

  it("leaves what a person typed into the new columns after Start, before the run wrote there", async () => {
    const world = await jobsWorld();
    const { gas, emulator } = world;
    const list = domains(emulator, 3);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...list.map((d) => [d])]);
    const fields = [FIELDS[0], FIELDS[1]];
    run(gas, "startEnrichment", request("A1:A4", { fields }));
    // The run's new columns are B and C (Status in D); she types in them before its first wave.
    gas.sheet("Sheet1").set("B3", [["Typed by hand", "=1+1"]]);
    run(gas, "pollJobs");
    const [a, , c] = [0, 1, 2].map((i) => emulator.dataset.orgs[i]!);
    expect(gas.sheet("Sheet1").values("B1:C2")).toEqual([
      ["Name", "Employee count"],
      [a!.name, a!.employeeCount],
    ]);
    expect(gas.sheet("Sheet1").values("B3")).toEqual([["Typed by hand"]]);
    expect(gas.sheet("Sheet1").formulas("C3")).toEqual([["=1+1"]]);
    expect(gas.sheet("Sheet1").values("B4:C4")).toEqual([[c!.name, c!.employeeCount]]);
    // Her row was filled by hand: not bought.
    expect(ledgerTotal(emulator)).toBe(2 * 2);
  });

  it("leaves a formula showing nothing that a person put in a later wave's rows after Start", async () => {
    const world = await jobsWorld({ orgs: 3_000 });
    const { gas, emulator } = world;
    const list = domains(emulator, 3_000);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...list.map((d) => [d])]);
    run(gas, "startEnrichment", request("A:A"));
    // In the second wave's rows of the new columns: a formula whose value is empty, which a look at the
    // values alone would take for an empty cell.
    gas.sheet("Sheet1").set("B1500", [['=""']]);
    for (
      let poll = 0;
      poll < 20 && (run<JobStatus[]>(gas, "pollJobs")[0]?.state ?? "done") !== "done";
      poll++
    );
    expect(gas.sheet("Sheet1").formulas("B1500")).toEqual([['=""']]);
    const org = emulator.dataset.orgs[1_498]!;
    expect(gas.sheet("Sheet1").values("C1500")).toEqual([[org.employeeCount]]);
    expect(gas.sheet("Sheet1").values("B1501")).toEqual([[emulator.dataset.orgs[1_499]!.name]]);
    // Every organization bought once: her row still lacked its other cell.
    expect(ledgerTotal(emulator)).toBe(3_000 * UNIT);
  });

  it("overwrites only with consent", async () => {
    const world = await jobsWorld();
    const { gas, emulator } = world;
    const list = domains(emulator, 2);
    gas.sheet("Sheet1").set("A1", [
      [list[0], "old"],
      [list[1], "old"],
    ]);
    const fields = [FIELDS[0]];
    expect(() =>
      gas.run(
        "startEnrichment",
        request("A1:A2", { fields, output: { mode: "overwrite", targetColumn: "B" } }),
      ),
    ).toThrow(
      "Overwriting needs your consent: values already in B1:B2 would be replaced. Confirm, then start again.",
    );
    run(
      gas,
      "startEnrichment",
      request("A1:A2", { fields, output: { mode: "overwrite", targetColumn: "B", consent: true } }),
    );
    run(gas, "pollJobs");
    expect(gas.sheet("Sheet1").values("B1:B2")).toEqual([
      [emulator.dataset.orgs[0]!.name],
      [emulator.dataset.orgs[1]!.name],
    ]);
    expect(gas.sheet(LOG_SHEET).values("A1:F1")[0]).toEqual([
      "Time (UTC)",
      "Action",
      "Rows",
      "Credits used",
      "Credits remaining",
      "Result",
    ]);
  });
});
