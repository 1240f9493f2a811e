// Sorting the sheet (or inserting rows) while a run writes: a sort is planned again where the rows are now,
// using what was bought; another move stops the run before it writes into the wrong rows, and what it
// bought stays in the purchase record, so enriching the rows again buys only what no run bought (issue 38
// case 3: 3,000 rows over 2,000 organizations cost 9,000 or 12,000 credits against 6,000).
import { describe, expect, it } from "vitest";
import type { Harness } from "../../harness/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import {
  allBlank,
  domains,
  FIELDS,
  type JobsWorld,
  jobsWorld,
  ledgerTotal,
  run,
  settle,
  UNIT,
} from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

const MOVED =
  /^The rows of "Sheet1" moved since this run started \(sorted, or rows inserted or deleted\): from row [\d,]+ they no longer hold the organizations it planned\. It stopped without writing there, so no value lands in the wrong row\. What it bought is kept: enrich the rows where they are now and only organizations no run has bought are bought, or put the rows back\./;

function statusOf(world: JobsWorld, jobId: string): JobStatus {
  return run<JobStatus[]>(world.gas, "pollJobs").find((s) => s.jobId === jobId)!;
}

/** Every data row's values are those of the organization its column A holds (or it is empty). */
function valuesMatchRows(world: JobsWorld, last: number, first = 2): boolean {
  const byDomain = new Map(world.emulator.dataset.orgs.map((org) => [org.domain, org]));
  return world.gas
    .sheet("Sheet1")
    .values(`A${first}:C${last}`)
    .every(([domain, name, employees]) => {
      const org = byDomain.get(String(domain));
      return org ? name === org.name && employees === org.employeeCount : name === "";
    });
}

/** 3,000 rows over 2,000 organizations (the first 1,000 twice), moved by `move` during request `at`. */
async function movedDuring(at: number, move: (gas: Harness) => void) {
  let requests = 0;
  const world: JobsWorld = await jobsWorld({
    orgs: 3_000,
    intercept: (request, emulator) => {
      const answer = emulator(request);
      if (request.path === "/v9/organizations" && ++requests === at) move(world.gas);
      return answer;
    },
  });
  const list = domains(world.emulator, 2_000);
  world.gas.sheet("Sheet1").set("A1", [["Domain"], ...[...list, ...list.slice(0, 1_000)].map((d) => [d])]);
  const job = run(world.gas, "startEnrichment", {
    sheetName: "Sheet1",
    inputRange: "A1:A3001",
    fields: FIELDS,
  });
  return { world, job };
}

describe("a bulk run whose rows move", () => {
  it("sorted between planning and running: planned again where the rows are, each organization bought once", async () => {
    const world = await jobsWorld({ orgs: 3_000 });
    const list = domains(world.emulator, 2_000);
    world.gas.sheet("Sheet1").set("A1", [["Domain"], ...list.map((d) => [d])]);
    const job = run(world.gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A1:A2001",
      fields: FIELDS,
    });
    // The person sorts the column Z→A before the dispatcher gets to it.
    world.gas.sheet("Sheet1").sort("A", { ascending: false, headerRows: 1 });
    expect(settle(world, job.jobId)).toMatchObject({ state: "done", rowsDone: 2_000 });
    expect(ledgerTotal(world.emulator)).toBe(2_000 * UNIT);
    expect(valuesMatchRows(world, 2_001)).toBe(true);
  }, 120_000);

  for (const at of [1, 2]) {
    it(`sorted while request ${at} is out: the answer is written where its rows are now, 6,000 credits in all`, async () => {
      const { world, job } = await movedDuring(at, (gas) =>
        gas.sheet("Sheet1").sort("A", { ascending: false, headerRows: 1 }),
      );
      const done = settle(world, job.jobId);
      expect(done).toMatchObject({ state: "done", rowsDone: 3_000, creditsSpent: 6_000 });
      expect(done.message).toBe(
        "Done: 3,000 rows, 2,000 organizations matched and 0 not found, for 6,000 credits.",
      );
      expect(ledgerTotal(world.emulator)).toBe(2_000 * UNIT);
      expect(logFacts(world.gas)).toEqual([
        { action: "Enrich Sheet1!A2:A3001", kind: "charged", credits: 6_000 },
      ]);
      expect(valuesMatchRows(world, 3_001)).toBe(true);
    }, 120_000);
  }

  for (const at of [1, 2]) {
    it(`a row inserted above the header while request ${at} is out: the run follows its rows, 6,000 credits in all`, async () => {
      const { world, job } = await movedDuring(at, (gas) => gas.sheet("Sheet1").insertRows(1, 1));
      const done = settle(world, job.jobId);
      expect(done).toMatchObject({ state: "done", rowsDone: 3_000, creditsSpent: 6_000 });
      expect(done.message).toBe(
        "Done: 3,000 rows, 2,000 organizations matched and 0 not found, for 6,000 credits.",
      );
      expect(ledgerTotal(world.emulator)).toBe(2_000 * UNIT);
      expect(logFacts(world.gas)).toEqual([
        { action: "Enrich Sheet1!A2:A3001", kind: "charged", credits: 6_000 },
      ]);
      expect(valuesMatchRows(world, 3_002, 3)).toBe(true);
      // The labels moved down with their header; the new row above stays empty.
      expect(world.gas.sheet("Sheet1").values("A1:B2")).toEqual([
        ["", ""],
        ["Domain", "Name"],
      ]);
    }, 120_000);
  }

  it("a row deleted among its rows while request 2 is out: stops unwritten, and enriching the rows again buys nothing twice", async () => {
    const { world, job } = await movedDuring(2, (gas) => gas.sheet("Sheet1").deleteRows(1_500, 1));
    const status = statusOf(world, job.jobId);
    expect(status.state).toBe("failed");
    expect(status.message).toMatch(MOVED);
    // Nothing landed in the moved rows the second wave was to fill.
    expect(allBlank(world.gas, "Sheet1", "B1002:D3000")).toBe(true);
    expect(ledgerTotal(world.emulator)).toBe(2_000 * UNIT);
    // The person enriches the rows where they are now: every organization is in the record.
    const again = run(world.gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A1:A3000",
      fields: FIELDS,
    });
    expect(settle(world, again.jobId)).toMatchObject({ state: "done", rowsDone: 2_999, creditsSpent: 0 });
    expect(ledgerTotal(world.emulator)).toBe(2_000 * UNIT);
    expect(logFacts(world.gas)).toEqual([
      { action: "Enrich Sheet1!A2:A3001", kind: "charged", credits: 6_000 },
      { action: "Enrich Sheet1!A2:A3000", kind: "charged", credits: 0 },
    ]);
    const org = world.emulator.dataset.orgs[1_600]!;
    expect(world.gas.sheet("Sheet1").values("F1601:G1601")).toEqual([[org.name, org.employeeCount]]);
  }, 120_000);
});
