// Rows a bulk run could not enrich say so: the service's failures and lost answers give each row a Status
// and count in the sidebar's Errors, and once the rows are bought again nothing of them is left behind
// (issue 29 point 4).
import { describe, expect, it } from "vitest";
import type { EnrichmentRun } from "../../src/server/enrich/run.ts";
import {
  addFault,
  clearFaults,
  domains,
  FIELDS,
  type JobsWorld,
  jobsWorld,
  run,
  settle,
} from "./bulk-world.ts";

/** The Status column (E: after name, employee count and industry in B–D) of data rows `from`…`to`. */
function statuses(world: JobsWorld, from: number, to: number): string[] {
  return world.gas
    .sheet("Sheet1")
    .values(`E${from}:E${to}`)
    .map((row) => String(row[0]));
}

async function start(rows: number, fault: Record<string, unknown>) {
  const world = await jobsWorld({ orgs: 4_000 });
  world.gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(world.emulator, rows).map((d) => [d])]);
  addFault(world.emulator, { path: "/v9/organizations", ...fault });
  const job = run(world.gas, "startEnrichment", {
    sheetName: "Sheet1",
    inputRange: `A1:A${rows + 1}`,
    fields: FIELDS,
  });
  return { world, jobId: job.jobId };
}

describe("rows the service failed on (503 after every try)", () => {
  it("have a Status and count as errors; after Resume they are found and nothing of the failure is left", async () => {
    const { world, jobId } = await start(2_000, { status: 503, count: 100 });
    const failed = settle(world, jobId);
    expect(failed.state).toBe("failed");
    expect(failed.canResume).toBe(true);
    const shown = run<EnrichmentRun>(world.gas, "getEnrichmentRun", jobId);
    expect({ matched: shown.matched, unreadable: shown.unreadable, notEnriched: shown.notEnriched }).toEqual({
      matched: 0,
      unreadable: 0,
      notEnriched: 1_000,
    });
    expect(new Set(statuses(world, 2, 1_001))).toEqual(
      new Set(["Not enriched: the service failed; press Resume"]),
    );
    expect(shown.status.errors).toHaveLength(1);
    expect(shown.status.errors[0]).toMatch(/^Rows 2–1,001 could not be enriched after 3 tries: /);

    clearFaults(world.emulator);
    run(world.gas, "resumeJob", jobId);
    const done = settle(world, jobId);
    expect(done).toMatchObject({ state: "done", rowsDone: 2_000, errors: [], lostRows: 0 });
    const after = run<EnrichmentRun>(world.gas, "getEnrichmentRun", jobId);
    expect([after.matched, after.unreadable, after.notEnriched]).toEqual([2_000, 0, 0]);
    expect(new Set(statuses(world, 2, 2_001))).toEqual(new Set(["Found"]));
  });
});

describe("rows whose paid answer was lost", () => {
  it("have a Status and count as errors until Re-run lost rows buys them; then none of it remains", async () => {
    const { world, jobId } = await start(3_000, { body: "truncated", count: 1 });
    const lost = settle(world, jobId);
    expect(lost).toMatchObject({ state: "done", lostRows: 1_000 });
    const shown = run<EnrichmentRun>(world.gas, "getEnrichmentRun", jobId);
    expect([shown.matched, shown.unreadable, shown.notEnriched]).toEqual([2_000, 0, 1_000]);
    expect(new Set(statuses(world, 2, 1_001))).toEqual(new Set(["Answer lost: press Re-run lost rows"]));
    expect(shown.status.errors).toEqual([
      "Rows 2–1,001: the answer was lost (it could not be read); up to 3,000 credits may have been charged, so they were not bought again.",
    ]);

    run(world.gas, "rerunLostRows", jobId);
    const done = settle(world, jobId);
    expect(done).toMatchObject({ state: "done", rowsDone: 3_000, errors: [], lostRows: 0 });
    const after = run<EnrichmentRun>(world.gas, "getEnrichmentRun", jobId);
    expect([after.matched, after.unreadable, after.notEnriched]).toEqual([3_000, 0, 0]);
    expect(new Set(statuses(world, 2, 3_001))).toEqual(new Set(["Found"]));
  });
});
