// What the sidebar and the enrichment log see of a job: the status record and the log rows.
import { describe, expect, it } from "vitest";
import { readInputColumn } from "../../../src/core/bulk/plan.ts";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { createBulkState } from "../../../src/core/bulk/state.ts";
import { createBriefsState } from "../../../src/core/jobs/briefs.ts";
import { logEntry } from "../../../src/core/jobs/enrichment-log.ts";
import { type BriefsJob, type BulkJob, newJobCommon, type PeopleJob } from "../../../src/core/jobs/job.ts";
import { toStatus } from "../../../src/core/jobs/status.ts";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

/** A people search of 10 credits' estimate, polled three times, nothing written yet. */
function peopleJob(state: "failed" | "stopped", failure: string | null): PeopleJob {
  return {
    ...newJobCommon("p", "CTOs", NOW, state === "failed" ? "Failed." : "Stopped."),
    state,
    kind: "people",
    people: {
      requestId: "req",
      attributes: ["name"],
      relatedDirections: [],
      listMode: false,
      sheetName: "People",
      polls: 3,
      estimate: 10,
      peopleWritten: 0,
      writtenTo: null,
      creditsSpent: 0,
      creditsRemaining: null,
      failure,
    },
  };
}

function bulkJob(): BulkJob {
  const request = validateEnrichmentRequest({
    sheetName: "Leads",
    inputRange: "A1:A3",
    fields: [{ kind: "attribute", name: "industry" }],
  });
  const bulk = createBulkState(request, readInputColumn(["Domain", "acme.com", "#N/A"], 1, "auto", false), {
    lastColumn: 1,
  });
  return { ...newJobCommon("j1", "Enrich Leads!A1:A3", NOW, "Queued."), kind: "bulk", bulk };
}

describe("toStatus", () => {
  it("reports a bulk job's rows, credits and errors as plain JSON", () => {
    const job = bulkJob();
    job.bulk.rowsDone = 1;
    job.bulk.creditsSpent = 2;
    job.bulk.creditsRemaining = 98;
    job.bulk.errors = ["Row 3: The cell holds the error #N/A."];
    job.bulk.errorCount = 30;
    const status = toStatus(job);
    expect(status).toEqual({
      jobId: "j1",
      kind: "bulk",
      title: "Enrich Leads!A1:A3",
      state: "queued",
      rowsDone: 1,
      rowsTotal: 2,
      creditsSpent: 2,
      possiblyCharged: 0,
      creditsRemaining: 98,
      errors: ["Row 3: The cell holds the error #N/A.", "…and 29 more rows that could not be read."],
      message: "Queued.",
      sheetName: "Leads",
      createdAt: "2025-01-15T12:00:00.000Z",
      updatedAt: "2025-01-15T12:00:00.000Z",
      canStop: true,
      canResume: false,
      lostRows: 0,
      lostCredits: 0,
      paidPeople: 0,
      resumeCredits: 0,
      resumeBound: "",
    });
    expect(JSON.parse(JSON.stringify(status))).toEqual(status);
  });

  it("lets stopped, out-of-credits and failed jobs resume, except a failed people search", () => {
    const job = bulkJob();
    for (const state of ["stopped", "out_of_credits", "failed"] as const) {
      expect(toStatus({ ...job, state }).canResume).toBe(true);
    }
    const people = peopleJob("failed", "The people search failed: timeout.");
    expect(toStatus(people)).toMatchObject({
      canResume: false,
      canStop: false,
      errors: ["The people search failed: timeout."],
    });
  });

  it("prices Resume at the rows still to do × the fields' unit price, lost chunks left out", () => {
    const job = { ...bulkJob(), state: "out_of_credits" as const };
    expect(toStatus(job)).toMatchObject({
      resumeCredits: 4,
      resumeBound: "up to 2 rows × 2 credits",
    });
    job.bulk.lost = [0];
    expect(toStatus(job)).toMatchObject({ resumeCredits: 0, resumeBound: "up to 0 rows × 2 credits" });
    job.bulk.lost = [];
    job.bulk.done = "1";
    expect(toStatus(job).resumeCredits).toBe(0);
  });

  it("prices Resume of briefs per pending brief, and of a paid people search at nothing", () => {
    const briefs: BriefsJob = {
      ...newJobCommon("b", "3 organizations", NOW, "Stopped."),
      state: "stopped",
      kind: "briefs",
      briefs: createBriefsState([1, 2, 3], NOW),
    };
    briefs.briefs.items[0]!.state = "done";
    expect(toStatus(briefs)).toMatchObject({
      resumeCredits: 100,
      resumeBound: "up to 2 briefs × 50 credits",
    });
    const people = peopleJob("stopped", null);
    expect(toStatus(people)).toMatchObject({ resumeCredits: 10, resumeBound: "the search's estimate" });
    people.people.possiblyCharged = 10;
    expect(toStatus(people)).toMatchObject({
      resumeCredits: 0,
      resumeBound: "the search is paid; fetching its people is free",
    });
    // A job that cannot resume has no price to show.
    expect(toStatus({ ...people, state: "done" })).toMatchObject({ resumeCredits: 0, resumeBound: "" });
  });

  it("counts what finding a people search's organizations cost in its spent figure, and only a people search's", () => {
    const people = peopleJob("stopped", null);
    people.people.creditsSpent = 25;
    expect(toStatus(people).creditsSpent).toBe(25);
    people.people.matchCredits = 1;
    expect(toStatus(people).creditsSpent).toBe(26);
  });

  it("counts settled briefs and lists the notes of those that did not complete", () => {
    const job: BriefsJob = {
      ...newJobCommon("b", "2 organizations", NOW, "Waiting."),
      kind: "briefs",
      briefs: createBriefsState([1, 2], NOW),
    };
    job.briefs.items[1]!.state = "not_enough_data";
    job.briefs.items[1]!.note = "not enough data for a brief.";
    expect(toStatus(job)).toMatchObject({
      rowsDone: 1,
      rowsTotal: 2,
      errors: ["Organization 2: not enough data for a brief."],
      sheetName: "Briefs",
    });
  });
});

describe("logEntry", () => {
  it("logs the credits and rows a job added since its last row", () => {
    const job = bulkJob();
    job.state = "queued";
    job.bulk.creditsSpent = 40;
    job.bulk.rowsDone = 2;
    job.bulk.creditsRemaining = 60;
    job.message = "Paused at the time limit after 2 of 2 rows; it continues in the next run.";
    const entry = logEntry(job, new Date(NOW));
    expect(entry?.rows).toEqual([[new Date(NOW), "Enrich Leads!A1:A3", 2, 40, 60, job.message]]);
    expect(entry).toMatchObject({ loggedCredits: 40, loggedRows: 2 });
  });

  it("logs nothing for an active job that spent nothing, and always logs an outcome", () => {
    const job = bulkJob();
    expect(logEntry(job, new Date(NOW))).toBeNull();
    job.state = "done";
    job.message = "Done.";
    expect(logEntry(job, new Date(NOW))?.rows).toEqual([
      [new Date(NOW), "Enrich Leads!A1:A3", 0, 0, "", "Done."],
    ]);
  });

  it("logs possibly charged credits on a row of their own, once", () => {
    const job = bulkJob();
    job.bulk.creditsSpent = 30;
    job.bulk.possiblyCharged = 20;
    const entry = logEntry(job, new Date(NOW))!;
    expect(entry.rows.map((row) => row[3])).toEqual([30, 20]);
    expect(entry.rows[1]![5]).toBe(
      "20 credits possibly charged: an answer was lost after its request went out; its rows were not bought again.",
    );
    expect(entry).toMatchObject({ loggedCredits: 30, loggedPossibly: 20 });
    Object.assign(job, { loggedCredits: 30, loggedPossibly: 20 });
    expect(logEntry(job, new Date(NOW))).toBeNull();
  });
});
