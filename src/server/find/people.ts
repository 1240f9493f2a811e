// People searches as the Find tab shows them: "Queued · running · done — 140 people", read from the job
// queue, so a search started before the sidebar was closed is still there when it is reopened.
import type { PeopleJob } from "../../core/jobs/job";
import { type JobStatus, toStatus } from "../../core/jobs/status";
import { jobServices } from "../jobs/services";

/** queued: the service has not been asked again since the start; running: it has, and is still working. */
export type PeoplePhase = "queued" | "running" | "done" | "stopped" | "out_of_credits" | "failed";

export interface PeopleSearchView {
  status: JobStatus;
  phase: PeoplePhase;
  /** People written to the sheet (0 until done). */
  people: number;
}

/** The searches the Find tab lists; older ones are in the enrichment log. */
export const MAX_LISTED_SEARCHES = 5;

function phase(job: PeopleJob): PeoplePhase {
  switch (job.state) {
    case "queued":
      return "queued";
    case "running":
      return "running";
    case "waiting":
      return job.people.polls === 0 ? "queued" : "running";
    default:
      return job.state;
  }
}

export function peopleSearchView(job: PeopleJob): PeopleSearchView {
  return { status: toStatus(job), phase: phase(job), people: job.people.peopleWritten };
}

/** The latest people searches of this spreadsheet, newest first. */
export function listPeopleSearches(): PeopleSearchView[] {
  const jobs = jobServices().queue.list();
  const views: PeopleSearchView[] = [];
  for (let i = jobs.length - 1; i >= 0 && views.length < MAX_LISTED_SEARCHES; i--) {
    const job = jobs[i]!;
    if (job.kind === "people") views.push(peopleSearchView(job));
  }
  return views;
}

export function peopleSearch(jobId: string): PeopleSearchView | null {
  const job = jobServices().queue.get(jobId);
  return job?.kind === "people" ? peopleSearchView(job) : null;
}
