// A people search's lost poll is counted once in the Enrichment log: when a later poll shows which poll
// paid, the possibly-charged row is settled, so the log's credits add up to exactly what the ledger shows.
import { describe, expect, it } from "vitest";
import type { EmulatorRequest, EmulatorResponse } from "../../emulator/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { jobsWorld, ledger, ledgerTotal, loggedCredits, logRows, run, tolerate } from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

const ACTION = "People search: People search for a filter";

/** Loses the answer of the first poll `lost` picks (the service served it; its answer arrives cut off). */
function loseOnePoll(lost: (body: string) => boolean) {
  const state = { lost: 0 };
  const intercept = (request: EmulatorRequest, emulator: (r: EmulatorRequest) => EmulatorResponse) => {
    const answer = emulator(request);
    const body = String(answer.body);
    if (
      state.lost === 0 &&
      request.path === "/v9/people" &&
      /"request_id"/.test(String(request.body)) &&
      lost(body)
    ) {
      state.lost++;
      return { ...answer, body: body.slice(0, 40) };
    }
    return answer;
  };
  return { state, intercept };
}

async function searchUntilDone(lost: (body: string) => boolean) {
  const loss = loseOnePoll(lost);
  const world = await jobsWorld({ intercept: loss.intercept });
  const { gas, emulator, clock } = world;
  const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 25)!;
  const started = run(gas, "startPeopleSearch", {
    filter: { organization_ids: [org.id] },
    select: { attributes: ["name", "job_title", "current_employer"] },
    limit: 25,
    sheetName: "Found",
  });
  let status = run(gas, "getJobStatus", started.jobId);
  for (let i = 0; i < 20 && status.state !== "done"; i++) {
    tolerate(() => gas.run("pollJobs"))();
    clock.advance("1m");
    status = run(gas, "getJobStatus", started.jobId);
  }
  expect(loss.state.lost).toBe(1);
  return { ...world, done: status };
}

/** The people sheet was written once: one "Found" sheet (no "Found (2)"), its header and 25 people. */
function expectPeopleWrittenOnce(gas: Awaited<ReturnType<typeof jobsWorld>>["gas"], done: JobStatus) {
  expect(done).toMatchObject({ state: "done", sheetName: "Found", rowsDone: 25 });
  expect(() => gas.sheet("Found (2)")).toThrow(/No sheet named "Found \(2\)"/);
  expect(
    gas
      .sheet("Found")
      .values()
      .filter((row) => row[0] !== ""),
  ).toHaveLength(26);
}

describe("a people search whose poll lost its answer", () => {
  it("settles the possibly-charged row when a later poll is the one that pays", async () => {
    // The lost poll found the search still going (charged nothing); the next succeeded poll pays 75.
    const { gas, emulator, done } = await searchUntilDone((body) =>
      /"status":"(pending|running)"/.test(body),
    );
    expect(ledger(emulator)).toHaveLength(1);
    expect(ledgerTotal(emulator)).toBe(75);
    expect(loggedCredits(gas)).toBe(75);
    expect(logFacts(gas)).toEqual([
      { action: ACTION, kind: "possibly", credits: 75 },
      { action: ACTION, kind: "settled", credits: -75 },
      { action: ACTION, kind: "charged", credits: 75 },
    ]);
    // What the person reads: the possible charge, why it was not one, and the poll that paid.
    expect(logRows(gas).map((row) => [Number(row[3]), row[5]])).toEqual([
      [
        75,
        "75 credits possibly charged: an answer was lost after its request went out; its rows were not bought again.",
      ],
      [
        -75,
        "Settled: 75 credits possibly charged above were not charged; the service charges a search once, and the poll logged below is the one that paid.",
      ],
      [75, 'Done: 25 people written to "Found" for 75 credits.'],
    ]);
    expect(done.creditsSpent).toBe(75);
    expect(done.message).toBe('Done: 25 people written to "Found" for 75 credits.');
    expectPeopleWrittenOnce(gas, done);
  });

  it("keeps the possibly-charged row, and adds nothing, when the lost poll was the one that paid", async () => {
    // The lost poll was charged; the next poll returns the same people for free.
    const { gas, emulator, done } = await searchUntilDone((body) => /"credits_used":\s*[1-9]/.test(body));
    expect(ledger(emulator)).toHaveLength(1);
    expect(ledgerTotal(emulator)).toBe(75);
    expect(loggedCredits(gas)).toBe(75);
    expect(logFacts(gas)).toEqual([
      { action: ACTION, kind: "possibly", credits: 75 },
      { action: ACTION, kind: "charged", credits: 0 },
    ]);
    expect(done.creditsSpent).toBe(0);
    expectPeopleWrittenOnce(gas, done);
  });
});
