// The harness's people actions against the real bundle: a sort or an insert while a paid request is out.
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

const ROWS = 200;
const MOVED =
  /^The rows of "Sheet1" moved since this run started \(sorted, or rows inserted or deleted\): from row [\d,]+ they no longer hold the organizations it planned\./;

function statusOf(world: JobsWorld, jobId: string): JobStatus {
  return run<JobStatus[]>(world.gas, "pollJobs").find((s) => s.jobId === jobId)!;
}

/** A bulk run over A2:A201 during whose first paid request `act` runs, as a person's edit would land. */
async function runAcross(act: (world: JobsWorld) => void): Promise<{ world: JobsWorld; status: JobStatus }> {
  let acted = false;
  const holder: { world?: JobsWorld } = {};
  const world = await jobsWorld({
    orgs: 1_000,
    intercept: (request, emulator) => {
      const answer = emulator(request);
      if (!acted && request.path === "/v9/organizations") {
        acted = true;
        act(holder.world!);
      }
      return answer;
    },
  });
  holder.world = world;
  world.gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(world.emulator, ROWS).map((d) => [d])]);
  const job = run(world.gas, "startEnrichment", {
    sheetName: "Sheet1",
    inputRange: `A1:A${ROWS + 1}`,
    fields: FIELDS,
  });
  return { world, status: statusOf(world, job.jobId) };
}

describe("people actions while a bulk request is out", () => {
  it("sorting column A alone (Data ▸ Sort range, Z→A): the run stops and writes nothing into moved rows", async () => {
    const { world, status } = await runAcross((w) =>
      w.gas.sheet("Sheet1").sortRange(`A2:A${ROWS + 1}`, { ascending: false }),
    );
    expect(status.state).toBe("failed");
    expect(status.message).toMatch(MOVED);
    expect(allBlank(world.gas, "Sheet1", `B2:D${ROWS + 1}`)).toBe(true);
    expect(ledgerTotal(world.emulator)).toBe(ROWS * UNIT);
    expect(loggedCredits(world.gas)).toBe(ledgerTotal(world.emulator));
  });

  it("inserting a row above the data: the run stops, and the rows below were not written", async () => {
    const { world, status } = await runAcross((w) => w.gas.sheet("Sheet1").insertRows(2, 1));
    expect(world.gas.sheet("Sheet1").values("A2")).toEqual([[""]]);
    expect(status.state).toBe("failed");
    expect(status.message).toMatch(MOVED);
    expect(allBlank(world.gas, "Sheet1", `B2:D${ROWS + 2}`)).toBe(true);
    expect(ledgerTotal(world.emulator)).toBe(ROWS * UNIT);
    expect(loggedCredits(world.gas)).toBe(ledgerTotal(world.emulator));
  });
});
