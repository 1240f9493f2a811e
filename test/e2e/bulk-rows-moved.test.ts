// Sorting the sheet (or inserting rows) while a run writes: it stops rather than write into the wrong rows.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import {
  allBlank,
  domains,
  FIELDS,
  type JobsWorld,
  jobsWorld,
  ledgerTotal,
  loggedCredits,
  run,
  UNIT,
} from "./bulk-world.ts";

const MOVED =
  /^The rows of "Sheet1" moved since this run started \(sorted, or rows inserted or deleted\): from row [\d,]+ they no longer hold the organizations it planned\. It stopped without writing there, so no value lands in the wrong row; start a new run for the rest\./;

function statusOf(world: JobsWorld, jobId: string): JobStatus {
  return run<JobStatus[]>(world.gas, "pollJobs").find((s) => s.jobId === jobId)!;
}

describe("a bulk run whose rows move", () => {
  it("between planning and running: stops before buying or writing anything", async () => {
    const world = await jobsWorld({ orgs: 3_000 });
    const list = domains(world.emulator, 2_000);
    world.gas.sheet("Sheet1").set("A1", [["Domain"], ...list.map((d) => [d])]);
    const job = run(world.gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A1:A2001",
      fields: FIELDS,
    });
    // The person sorts the column Z→A before the dispatcher gets to it.
    world.gas.sheet("Sheet1").set(
      "A2",
      [...list].reverse().map((d) => [d]),
    );
    const status = statusOf(world, job.jobId);
    expect(status.state).toBe("failed");
    expect(status.message).toMatch(MOVED);
    expect(ledgerTotal(world.emulator)).toBe(0);
    expect(allBlank(world.gas, "Sheet1", "B2:B2001")).toBe(true);
  });

  it("while a request is out: writes nothing into the moved rows, and logs what was charged", async () => {
    const list: string[] = [];
    let sorted = false;
    const world = await jobsWorld({
      orgs: 3_000,
      intercept: (request, emulator) => {
        const answer = emulator(request);
        if (!sorted && request.path === "/v9/organizations") {
          sorted = true;
          world.gas.sheet("Sheet1").set(
            "A2",
            [...list].reverse().map((d) => [d]),
          );
        }
        return answer;
      },
    });
    list.push(...domains(world.emulator, 1_000));
    world.gas.sheet("Sheet1").set("A1", [["Domain"], ...list.map((d) => [d])]);
    const job = run(world.gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A1:A1001",
      fields: FIELDS,
    });
    const status = statusOf(world, job.jobId);
    expect(status.state).toBe("failed");
    expect(status.message).toMatch(MOVED);
    expect(allBlank(world.gas, "Sheet1", "B2:B1001")).toBe(true);
    // The answer was paid for: it is logged, and kept for a new run to use.
    expect(ledgerTotal(world.emulator)).toBe(1_000 * UNIT);
    expect(loggedCredits(world.gas)).toBe(ledgerTotal(world.emulator));
  });
});
