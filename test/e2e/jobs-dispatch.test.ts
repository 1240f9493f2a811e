// The job queue end to end: overlapping dispatchers, the deployment's trigger rules, job control.
import { describe, expect, it } from "vitest";
import { explore, seedsFromEnv } from "../../harness/index.ts";
import { missingBaseUrl } from "../../src/api/errors.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import {
  domains,
  FIELDS,
  failure,
  jobsWorld,
  ledger,
  ledgerTotal,
  loggedCredits,
  run,
  UNIT,
  writesPerRow,
} from "./bulk-world.ts";

describe("overlapping dispatcher executions", () => {
  it("process each job once: no organization bought twice, no row written twice", async () => {
    const world = await jobsWorld({ orgs: 3_000 });
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 1_500).map((d) => [d]),
    );
    const jobs = [
      run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A750", fields: FIELDS }),
      run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A751:A1500", fields: FIELDS }),
    ];
    const [a, b] = gas.concurrently([() => gas.run("dispatchJobs"), () => gas.run("dispatchJobs")]);
    expect([a, b]).toEqual([undefined, undefined]);
    const dispatches = gas.executions.filter((e) => e.functionName === "dispatchJobs");
    expect(dispatches).toHaveLength(2);
    expect(dispatches.every((e) => e.status === "completed")).toBe(true);
    expect(dispatches[0]!.start).toBe(dispatches[1]!.start);
    for (const job of jobs) expect(run(gas, "getJobStatus", job.jobId).state).toBe("done");
    expect(ledgerTotal(emulator)).toBe(1_500 * UNIT);
    expect(ledger(emulator)).toHaveLength(2);
    expect(loggedCredits(gas)).toBe(1_500 * UNIT);
    expect(writesPerRow(gas, "Sheet1", "B", 1, 1_500).every((n) => n === 1)).toBe(true);
  });

  it("leave a job another execution is working on to that execution", async () => {
    const world = await jobsWorld();
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 20).map((d) => [d]),
    );
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A20", fields: FIELDS });
    gas.concurrently([() => gas.run("pollJobs"), () => gas.run("pollJobs"), () => gas.run("dispatchJobs")]);
    expect(run(gas, "getJobStatus", job.jobId)).toMatchObject({ state: "done", creditsSpent: 20 * UNIT });
    expect(ledger(emulator)).toHaveLength(1);
  });
});

describe("dispatchers finishing jobs at the same moment", () => {
  // Seed 1 (and most others) lost an Enrichment-log row: both appends read the same last row.
  it("log every charge: the log equals the ledger under every interleaving", async () => {
    await explore(seedsFromEnv([1, 2, 3, 4, 5, 6]), async (seed) => {
      const { gas, emulator } = await jobsWorld({ orgs: 400, seed });
      gas.sheet("Sheet1").set(
        "A1",
        domains(emulator, 60).map((d) => [d]),
      );
      const jobs = [
        run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A30", fields: FIELDS }),
        run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A31:A60", fields: FIELDS }),
      ];
      gas.concurrently([
        () => gas.run("dispatchJobs"),
        () => gas.run("dispatchJobs"),
        () => gas.run("pollJobs"),
      ]);
      for (const job of jobs) expect(run(gas, "getJobStatus", job.jobId).state).toBe("done");
      expect(ledgerTotal(emulator)).toBe(60 * UNIT);
      expect(loggedCredits(gas)).toBe(60 * UNIT);
      expect(writesPerRow(gas, "Sheet1", "B", 1, 60).every((n) => n === 1)).toBe(true);
    });
  });
});

describe("the dispatcher's trigger", () => {
  it("is hourly in an add-on told by its installation source, without a DEPLOYMENT property or a refused minute trigger", async () => {
    const world = await jobsWorld({ mode: "addon" });
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 5).map((d) => [d]),
    );
    // The sidebar knows it must drive the work itself (an add-on's trigger is hourly at most).
    expect(run<{ sidebarDrivesJobs: boolean }>(gas, "getEnrichCatalog").sidebarDrivesJobs).toBe(true);
    run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A5", fields: FIELDS });
    expect(gas.triggers().map((t) => t.schedule)).toEqual([
      { kind: "every", intervalMs: 3_600_000, description: "every 1 hours" },
    ]);
    // Asked hourly at once: no minute trigger tried and refused first.
    expect(gas.executions.some((e) => e.calls["ClockTriggerBuilder.everyMinutes"])).toBe(false);
    expect(gas.executions.some((e) => e.calls["ScriptApp.getInstallationSource"])).toBe(true);
    // A second job in the same document shares the one trigger an add-on may hold there.
    run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A5", fields: FIELDS });
    expect(gas.triggers()).toHaveLength(1);
    gas.clock.advance("1h");
    expect(run<JobStatus[]>(gas, "listJobs").map((s) => s.state)).toEqual(["done", "done"]);
    expect(gas.triggers()).toEqual([]);
    expect(gas.executions.every((e) => e.status === "completed")).toBe(true);
  });

  it("runs every minute in a bound script (installation source NONE)", async () => {
    const { gas, emulator } = await jobsWorld({ mode: "bound" });
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 5).map((d) => [d]),
    );
    expect(run<{ sidebarDrivesJobs: boolean }>(gas, "getEnrichCatalog").sidebarDrivesJobs).toBe(false);
    run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A5", fields: FIELDS });
    expect(gas.triggers().map((t) => t.schedule)).toEqual([
      { kind: "every", intervalMs: 60_000, description: "every 1 minutes" },
    ]);
  });

  it("is not left behind when nothing is pending", async () => {
    const { gas } = await jobsWorld();
    expect(run<JobStatus[]>(gas, "pollJobs")).toEqual([]);
    expect(gas.triggers()).toEqual([]);
  });
});

describe("job control", () => {
  it("answers every mistake with an exact sentence", async () => {
    const world = await jobsWorld();
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set("A1", [[domains(emulator, 1)[0]], ["#N/A"]]);
    expect(failure(gas, "getJobStatus")).toBe("Give the id of a job (jobId).");
    expect(failure(gas, "getJobStatus", "nope")).toBe('There is no job "nope" in this spreadsheet.');
    expect(failure(gas, "stopJob", "nope")).toBe('There is no job "nope" in this spreadsheet.');
    expect(failure(gas, "resumeJob", 42)).toBe("Give the id of a job (jobId).");
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A2", fields: FIELDS });
    expect(failure(gas, "resumeJob", job.jobId)).toBe("This job is still running.");
    const [done] = run<JobStatus[]>(gas, "pollJobs");
    expect(done).toMatchObject({ state: "done", errors: ["Row 2: The cell holds the error #N/A."] });
    expect(failure(gas, "stopJob", job.jobId)).toBe(
      "This job is not running (done); there is nothing to stop.",
    );
    expect(failure(gas, "resumeJob", job.jobId)).toBe("This job is done; there is nothing to resume.");
  });

  it("refuses bulk requests the sheet or the settings cannot serve, before anything is spent", async () => {
    const world = await jobsWorld();
    const { gas } = world;
    gas.sheet("Sheet1").set("A1", [["Domain"], [""], ["#REF!"]]);
    expect(
      failure(gas, "estimateEnrichment", { sheetName: "Leads", inputRange: "A1:A3", fields: FIELDS }),
    ).toBe('There is no sheet named "Leads" in this spreadsheet.');
    expect(
      failure(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A3", fields: FIELDS }),
    ).toBe("A2:A3 has no organization identifiers to enrich.");
    expect(
      failure(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:B3", fields: FIELDS }),
    ).toBe(
      '"A1:B3" is not a single column. Select one column of organization identifiers, for example A2:A501.',
    );
    expect(failure(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A3", fields: [] })).toBe(
      "Choose at least one attribute or metric to add.",
    );
    expect(gas.fetches).toEqual([]);

    const unconfigured = await jobsWorld({ scriptProperties: { API_BASE_URL: "" } });
    unconfigured.gas.sheet("Sheet1").set("A1", "acme.com");
    expect(
      failure(unconfigured.gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1", fields: FIELDS }),
    ).toBe(missingBaseUrl().message);
    expect(run<JobStatus[]>(unconfigured.gas, "listJobs")).toEqual([]);
  });
});
