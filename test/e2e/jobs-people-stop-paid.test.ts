// Stop after a people poll that may have paid lost its answer (issue 27, case 10): the search says its
// people were possibly charged, not "nothing was charged", and offers to fetch them; fetching them costs
// nothing more, and the Enrichment log still equals what the service charged.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { jobsWorld, ledgerTotal, logRows, run, tolerate } from "./bulk-world.ts";

describe("a people search stopped after its paying poll lost its answer", () => {
  it("says the people were possibly charged, and its fetch control gets them for nothing more", async () => {
    // The poll that pays for the people loses its answer on the way back (the service charged it).
    let lostOnce = false;
    const { gas, emulator } = await jobsWorld({
      intercept: (request, emulator) => {
        const answer = emulator(request);
        if (
          !lostOnce &&
          request.path === "/v9/people" &&
          /"credits_used":\s*[1-9]/.test(String(answer.body))
        ) {
          lostOnce = true;
          return { ...answer, body: String(answer.body).slice(0, 40) };
        }
        return answer;
      },
    });
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 5)!;
    const started = run(gas, "startPeopleSearch", {
      filter: { organization_ids: [org.id] },
      select: { attributes: ["name", "job_title", "current_employer"] },
      limit: 25,
      sheetName: "Lost",
    });
    // The sidebar's poll follows the search; Stop is pressed while it waits after the lost answer.
    const [, stopped] = gas.concurrently([
      tolerate(() => gas.run("pollJobs")),
      gas.delayed(20_000, () => gas.run("stopJob", started.jobId) as JobStatus),
    ]);
    expect(lostOnce).toBe(true);
    expect(ledgerTotal(emulator)).toBe(75);
    expect(stopped).toMatchObject({ state: "stopped", canResume: true, paidPeople: 75 });
    expect(stopped.message).toBe(
      'Stopped: the search is no longer followed. A poll\'s answer was lost after the service may have charged for its people: up to 75 credits possibly charged, as the Enrichment log says. Press "Fetch the people paid for" to get them: the service charges a search once, so it costs nothing more.',
    );

    expect(run(gas, "resumeJob", started.jobId).message).toBe("Fetching the people already paid for.");
    const done = run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === started.jobId)!;
    expect(done.state).toBe("done");
    expect(done.paidPeople).toBe(0);
    expect(
      gas
        .sheet("Lost")
        .values()
        .filter((row) => row[0] !== "").length,
    ).toBeGreaterThan(1);
    expect(ledgerTotal(emulator)).toBe(75);
    expect(logRows(gas).map((row) => [row[1], Number(row[3]), row[5]])).toEqual([
      [
        "People search: People search for a filter",
        75,
        "75 credits possibly charged: an answer was lost after its request went out; its rows were not bought again.",
      ],
      [
        "People search: People search for a filter",
        0,
        'Done: 25 people written to "Lost". The poll that paid for them lost its answer: up to 75 credits possibly charged, as the Enrichment log says.',
      ],
    ]);
  });
});
