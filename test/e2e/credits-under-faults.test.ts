// Credits under faults, kills and concurrency: after every interleaving the ledger equals the Enrichment
// log, no chunk is charged twice, no row is written twice and no typed cell changes.
import { describe, expect, it } from "vitest";
import { explore, seedsFromEnv } from "../../harness/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import {
  addFault,
  domains,
  FIELDS,
  jobsWorld,
  ledger,
  ledgerTotal,
  run,
  tolerate,
  UNIT,
  writesPerRow,
} from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

const SEEDS = seedsFromEnv([1, 2, 3, 4, 5, 6, 7, 8]);
const ROWS = 3_000;
const TYPED = "typed by hand";

describe("a bulk run under faults with two executions at a time", () => {
  it("charges each chunk once, logs exactly what was charged, writes each row once and keeps typed cells", async () => {
    await explore(SEEDS, async (seed) => {
      const { gas, emulator } = await jobsWorld({ orgs: 4_000, seed, fetchDeadlineMs: 60_000 });
      gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, ROWS).map((d) => [d])]);
      gas.sheet("Sheet1").set("B500", TYPED);
      const path = "/v9/organizations";
      addFault(emulator, { path, status: 429, count: 2 });
      addFault(emulator, { path, body: "truncated", count: 1 });
      addFault(emulator, { path, status: 500, count: 1 });
      addFault(emulator, { path, delay_ms: 70_000, count: 1 });
      const job = run(gas, "startEnrichment", {
        sheetName: "Sheet1",
        inputRange: "A1:A3001",
        fields: FIELDS,
      });
      let status: JobStatus | undefined;
      for (let round = 0; round < 15; round++) {
        gas.concurrently([tolerate(() => gas.run("pollJobs")), tolerate(() => gas.run("dispatchJobs"))]);
        status = run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === job.jobId);
        if (status && status.state !== "running" && status.state !== "queued") break;
        gas.clock.advance("5m");
      }
      expect(status?.state).toBe("done");
      expect(status?.message).toMatch(/^Done: /);
      // No chunk of 1,000 is charged twice: lost answers are never bought again without the user.
      expect(ledger(emulator).length).toBeLessThanOrEqual(3);
      expect(ledger(emulator).every((entry) => entry.credits <= 1_000 * UNIT)).toBe(true);
      // What the log calls charged was charged; what the service charged beyond it is logged as possibly
      // charged (a lost answer cannot say whether it was, so those rows count the most it could cost).
      const facts = logFacts(gas);
      const sum = (kind: string) =>
        facts.filter((f) => f.kind === kind).reduce((t, f) => t + (f.credits ?? 0), 0);
      const possibly = sum("possibly");
      const confirmed = sum("charged");
      expect(confirmed).toBeLessThanOrEqual(ledgerTotal(emulator));
      expect(ledgerTotal(emulator)).toBeLessThanOrEqual(confirmed + possibly);
      if (possibly === 0) expect(confirmed).toBe(ledgerTotal(emulator));
      for (const column of ["B", "C", "D"]) {
        expect(writesPerRow(gas, "Sheet1", column, 2, ROWS + 1).every((n) => n <= 1)).toBe(true);
      }
      expect(gas.sheet("Sheet1").values("B500")).toEqual([[TYPED]]);
    });
  });
});
