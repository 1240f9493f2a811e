// The harness's people actions against the real bundle: a sort or an insert while a paid request is out.
// The run follows the rows where they are now (issue 38 case 3): every row ends with its own organization's
// values, nothing is bought twice, and the Enrichment log equals the ledger.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import {
  domains,
  FIELDS,
  type JobsWorld,
  jobsWorld,
  ledgerTotal,
  loggedCredits,
  run,
  settle,
  UNIT,
} from "./bulk-world.ts";

const ROWS = 200;
function statusOf(world: JobsWorld, jobId: string): JobStatus {
  return settle(world, jobId);
}

/** Each row from `first` holds its column A organization's name and employee count, or nothing when blank. */
function rowsTrue(world: JobsWorld, first: number, last: number): boolean {
  const byDomain = new Map(world.emulator.dataset.orgs.map((org) => [org.domain, org]));
  return world.gas
    .sheet("Sheet1")
    .values(`A${first}:C${last}`)
    .every(([domain, name, employees]) => {
      const org = byDomain.get(String(domain));
      return org ? name === org.name && employees === org.employeeCount : name === "" && employees === "";
    });
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
  it("sorting column A alone (Data ▸ Sort range, Z→A): the run writes each answer beside its identifier", async () => {
    const { world, status } = await runAcross((w) =>
      w.gas.sheet("Sheet1").sortRange(`A2:A${ROWS + 1}`, { ascending: false }),
    );
    expect(status.state).toBe("done");
    expect(rowsTrue(world, 2, ROWS + 1)).toBe(true);
    expect(ledgerTotal(world.emulator)).toBe(ROWS * UNIT);
    expect(loggedCredits(world.gas)).toBe(ledgerTotal(world.emulator));
  });

  it("inserting a row between the header and the data: the run follows the data rows down", async () => {
    const { world, status } = await runAcross((w) => w.gas.sheet("Sheet1").insertRows(2, 1));
    expect(world.gas.sheet("Sheet1").values("A2")).toEqual([[""]]);
    expect(status.state).toBe("done");
    // The labels follow the rows too, to B2:D2 beside the blank inserted row, though the header stayed in
    // row 1: left for the next stop (closing note); the data rows are what must be right.
    expect(rowsTrue(world, 3, ROWS + 2)).toBe(true);
    expect(ledgerTotal(world.emulator)).toBe(ROWS * UNIT);
    expect(loggedCredits(world.gas)).toBe(ledgerTotal(world.emulator));
  });
});
