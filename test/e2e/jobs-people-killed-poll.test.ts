// A people search whose paying poll is killed with the request out (the execution's time ran out): the
// service charged, the answer never came. The job records its intent before every poll that can pay and
// settles it after, so the next execution finds the dead poll's intent and logs it as possibly charged,
// with its bound, once; the next poll fetches the people for free.
import { describe, expect, it } from "vitest";
import { ScriptError } from "../../harness/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { jobsWorld, ledgerTotal, run } from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

describe("a people search whose paying poll is killed with the request out", () => {
  it("logs that poll as possibly charged with its bound, once, and writes the people for free", async () => {
    // UrlFetch waits longer than an execution lives: the poll's execution is killed, the service charged.
    let killedPaying = false;
    const { gas, emulator } = await jobsWorld({
      fetchDeadlineMs: 600_000,
      // The poll that pays (the first to answer "succeeded") answers after the execution's 6 minutes.
      intercept: (request, emulator) => {
        const answer = emulator(request);
        const paying = request.path === "/v9/people" && /"status":"succeeded"/.test(answer.body);
        if (!paying || killedPaying) return answer;
        killedPaying = true;
        return { ...answer, delayMs: 400_000 };
      },
    });
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 5)!;
    const started = run<JobStatus>(gas, "startPeopleSearch", {
      filter: { organization_ids: [org.id] },
      select: { attributes: ["name", "job_title", "current_employer"] },
      limit: 25,
      sheetName: "Killed",
    });
    let status: JobStatus | undefined;
    let killed = 0;
    for (let polls = 0; polls < 12; polls++) {
      // A killed execution's lease on the job has to run out before another takes it over.
      if (polls > 0) gas.clock.advance("5m");
      try {
        status = run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === started.jobId);
      } catch (error) {
        if (!(error instanceof ScriptError)) throw error;
        expect(error.message).toBe("Exceeded maximum execution time");
        killed++;
        continue;
      }
      if (status && status.state !== "running" && status.state !== "queued" && status.state !== "waiting")
        break;
    }
    expect(killed).toBe(1);
    expect(status).toMatchObject({ state: "done" });
    expect(status!.message).toBe(
      'Done: 25 people written to "Killed". The poll that paid for them lost its answer: up to 75 credits possibly charged, as the Enrichment log says.',
    );
    expect(ledgerTotal(emulator)).toBe(75);
    expect(
      gas
        .sheet("Killed")
        .values()
        .filter((row) => row[0] !== "").length,
    ).toBeGreaterThan(1);
    // Later paid sidebar calls, past an execution's life, log nothing more for it.
    gas.clock.advance("10m");
    run(gas, "getContactLists");
    // The finished search's row (it booked no charge) and the dead poll's, possibly charged at its bound.
    const action = "People search: People search for a filter";
    expect(logFacts(gas).filter((f) => f.action === action)).toEqual([
      { action, kind: "charged", credits: 0 },
      { action, kind: "possibly", credits: 75 },
    ]);
  }, 120_000);
});
