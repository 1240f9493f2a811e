// A job store with no room left: the job says so, with what to delete, instead of running forever.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { domains, FIELDS, fillJobStore, jobsWorld, ledgerTotal, run } from "./bulk-world.ts";

describe("a job in a spreadsheet whose job store is full", () => {
  it("shows as failed with what to delete, and the sidebar's poll still answers", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 3_000 });
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 2_500).map((d) => [d]),
    );
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A2500", fields: FIELDS });
    // Other records fill the job store's 500 KB to the last byte.
    fillJobStore(gas);
    const status = run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === job.jobId)!;
    expect(status.state).toBe("failed");
    expect(status.message).toMatch(
      /^This spreadsheet has no room left to keep background work \(it would need .* of the 500 KB the add-on keeps for background work per spreadsheet\)\. Delete finished jobs or refresh rules, then try again\.$/,
    );
    // The claim could not be recorded, so nothing was sent: no credit spent.
    expect(ledgerTotal(emulator)).toBe(0);
  });
});
