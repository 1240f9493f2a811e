// A bulk run through a fault storm: every row written once, the ledger equal to the logged credits.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import {
  addFault,
  domains,
  FIELDS,
  jobsWorld,
  ledgerTotal,
  loggedCredits,
  run,
  UNIT,
  writesPerRow,
} from "./bulk-world.ts";

describe("a bulk run in a fault storm", () => {
  it("writes every row exactly once and logs exactly what the service charged", async () => {
    const world = await jobsWorld({ mode: "addon", orgs: 6_000, scriptProperties: { DEPLOYMENT: "addon" } });
    const { gas, emulator } = world;
    const list = domains(emulator, 5_000);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...list.map((d) => [d])]);
    const path = "/v9/organizations";
    addFault(emulator, { path, status: 429, count: 4 });
    addFault(emulator, { path, status: 500, count: 2 });
    // A proxy's error page instead of JSON: the request never reached the service, nothing was charged.
    addFault(emulator, { path, status: 502, body: "malformed", count: 1 });
    addFault(emulator, { path, status: 503, count: 1 });
    addFault(emulator, { path, delay_ms: 25_000, count: 2 });

    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A5001", fields: FIELDS });
    expect(gas.triggers().map((t) => t.schedule)).toEqual([
      { kind: "every", intervalMs: 3_600_000, description: "every 1 hours" },
    ]);
    // The add-on relies on the sidebar's polling while it is open.
    let status: JobStatus | undefined;
    for (let polls = 0; polls < 10 && status?.state !== "done"; polls++) {
      status = run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === job.jobId);
    }
    expect(status).toMatchObject({ state: "done", rowsDone: 5_000, creditsSpent: 5_000 * UNIT, errors: [] });
    expect(writesPerRow(gas, "Sheet1", "B", 2, 5_001).every((n) => n === 1)).toBe(true);
    expect(writesPerRow(gas, "Sheet1", "D", 2, 5_001).every((n) => n === 1)).toBe(true);
    expect(gas.sheet("Sheet1").values("B5001")).toEqual([[emulator.dataset.orgs[4_999]!.name]]);
    expect(ledgerTotal(emulator)).toBe(5_000 * UNIT);
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
    const statuses = gas.fetches.map((f) => f.status);
    for (const code of [429, 500, 502, 503]) expect(statuses).toContain(code);
    expect(gas.fetches.some((f) => f.durationMs >= 25_000)).toBe(true);
    expect(gas.executions.every((e) => e.status === "completed")).toBe(true);
    // Idle again: the hourly trigger is gone.
    expect(gas.triggers()).toEqual([]);
  });
});
