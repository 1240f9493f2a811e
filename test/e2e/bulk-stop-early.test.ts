// Stop pressed as a 5,000-row run gets going: nothing is sent after Stop, and at most the first chunk is paid.
import { describe, expect, it } from "vitest";
import { explore, seedsFromEnv } from "../../harness/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { domains, FIELDS, jobsWorld, ledger, ledgerTotal, loggedCredits, run, UNIT } from "./bulk-world.ts";

describe("Stop pressed while a run starts", () => {
  it("pays at most the first chunk of 1,000, under every interleaving of the two executions", async () => {
    await explore(seedsFromEnv([1, 2, 3, 4, 5, 6]), async (seed) => {
      // Each request takes the service a second: Stop, pressed half a second in, meets the first one out.
      const { gas, emulator } = await jobsWorld({ orgs: 6_000, seed, latencyMs: 1_000 });
      gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 5_000).map((d) => [d])]);
      const job = run(gas, "startEnrichment", {
        sheetName: "Sheet1",
        inputRange: "A1:A5001",
        fields: FIELDS,
      });
      gas.concurrently([
        () => gas.run("dispatchJobs"),
        gas.delayed(500, () => gas.run("stopJob", job.jobId)),
      ]);
      const status = run<JobStatus>(gas, "getJobStatus", job.jobId);
      expect(status.state).toBe("stopped");
      expect(ledger(emulator).length).toBeLessThanOrEqual(1);
      expect(ledgerTotal(emulator)).toBeLessThanOrEqual(1_000 * UNIT);
      // Nothing spent, nothing to log (the log sheet appears with the first paid action).
      if (ledgerTotal(emulator) > 0) expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
      expect(status.message).toMatch(/^Stopped after /);
    });
  });
});
