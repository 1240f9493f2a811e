// The status record the sidebar polls for a job: plain JSON, one shape for every kind of job.

import { formatCount, isoTime } from "../../api/words/format";
import { lostChunkNotes, lostCredits, lostRows } from "../bulk/state";
import {
  creditsRemaining,
  creditsSpent,
  isActive,
  type Job,
  type JobKind,
  type JobState,
  possiblyCharged,
  progress,
  runsFor,
} from "./job";
import { resumePrice } from "./resume-price";

export interface JobStatus {
  jobId: string;
  kind: JobKind;
  title: string;
  state: JobState;
  rowsDone: number;
  rowsTotal: number;
  /** What the job spent; for a people search, with what finding its organizations' ids cost. */
  creditsSpent: number;
  /** Credits possibly charged for requests whose answer was lost (the log's possibly-charged rows), apart. */
  possiblyCharged: number;
  creditsRemaining: number | null;
  errors: string[];
  message: string;
  /** Where the results go (the enriched sheet, the people sheet, "Briefs"). */
  sheetName: string | null;
  createdAt: string;
  updatedAt: string;
  canStop: boolean;
  canResume: boolean;
  /** Rows whose paid answer was lost (never bought again unless the user re-runs them), and their most. */
  lostRows: number;
  lostCredits: number;
  /**
   * A people search at rest whose paying poll lost its answer: the credits possibly charged for people not
   * yet fetched (0 otherwise). Resuming fetches them; the service charges a search once.
   */
  paidPeople: number;
  /** The most Resume can cost, and how that bound is made (see resumePrice); 0 and "" when it cannot resume. */
  resumeCredits: number;
  resumeBound: string;
}

/** Credits possibly paid for a people search's people that were never fetched (see JobStatus.paidPeople). */
export function paidPeopleNotFetched(job: Job): number {
  if (job.kind !== "people" || isActive(job) || job.people.writtenTo !== null) return 0;
  return job.people.creditsSpent > 0 ? 0 : (job.people.possiblyCharged ?? 0);
}

function errors(job: Job): string[] {
  if (job.kind === "bulk") {
    const list = [...job.bulk.errors];
    const more = job.bulk.errorCount - job.bulk.errors.length;
    if (more > 0) list.push(`…and ${formatCount(more)} more rows that could not be read.`);
    list.push(...lostChunkNotes(job.bulk));
    if (job.bulk.failure) list.push(job.bulk.failure);
    return list;
  }
  if (job.kind === "people") return job.people.failure ? [job.people.failure] : [];
  return job.briefs.items
    .filter((item) => item.note !== null && item.state !== "done")
    .map((item) => `Organization ${item.organizationId}: ${item.note}`);
}

function sheetName(job: Job): string | null {
  if (job.kind === "bulk") return job.bulk.request.sheetName;
  if (job.kind === "people") return job.people.writtenTo;
  return job.briefs.sheetName;
}

export function resumable(job: Job): boolean {
  if (job.state === "stopped" || job.state === "out_of_credits") return true;
  return job.state === "failed" && job.kind !== "people";
}

/** What a collaborator's sidebar says of a job someone else started and is still running. */
export const OTHERS_JOB_MESSAGE =
  "Started by a collaborator: it runs in their sessions and is paid with their key, so it moves on when they have the spreadsheet open or their trigger fires.";

/** The status as `viewerId` (the owner id of the execution asking) sees it: another's running job says so. */
export function toStatus(job: Job, viewerId?: string): JobStatus {
  const { done, total } = progress(job);
  // A job stopping says so to everyone: the collaborator who pressed Stop reads what is true.
  const othersRunning =
    viewerId !== undefined && !runsFor(job, viewerId) && isActive(job) && !job.stopRequested;
  return {
    jobId: job.id,
    kind: job.kind,
    title: job.title,
    state: job.state,
    rowsDone: done,
    rowsTotal: total,
    creditsSpent: creditsSpent(job) + (job.kind === "people" ? (job.people.matchCredits ?? 0) : 0),
    possiblyCharged: possiblyCharged(job),
    creditsRemaining: creditsRemaining(job),
    errors: errors(job),
    message: othersRunning ? OTHERS_JOB_MESSAGE : job.message,
    sheetName: sheetName(job),
    createdAt: isoTime(job.createdAt),
    updatedAt: isoTime(job.updatedAt),
    canStop: isActive(job) && !job.stopRequested,
    canResume: resumable(job),
    lostRows: job.kind === "bulk" ? lostRows(job.bulk) : 0,
    lostCredits: job.kind === "bulk" ? lostCredits(job.bulk) : 0,
    paidPeople: paidPeopleNotFetched(job),
    ...resumeFields(job),
  };
}

function resumeFields(job: Job): { resumeCredits: number; resumeBound: string } {
  if (!resumable(job)) return { resumeCredits: 0, resumeBound: "" };
  const price = resumePrice(job);
  return { resumeCredits: price.credits, resumeBound: price.bound };
}
