// The job queue's records: bulk runs, people searches and brief batches, with their leases and state.

import type { BulkState } from "../bulk/state";
import type { CellValue } from "../sheet/port";

export const JOB_KINDS = ["bulk", "people", "briefs"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * queued: waiting for an execution to pick it up; running: an execution holds its lease; waiting: the
 * service is still working (a people search, a pending brief) and it is polled again at `notBefore`;
 * stopped / out_of_credits / failed: resting until resumed; done: finished.
 */
export type JobState = "queued" | "running" | "waiting" | "done" | "stopped" | "out_of_credits" | "failed";

/** States in which the dispatcher still has work to do. */
export const ACTIVE_STATES: readonly JobState[] = ["queued", "running", "waiting"];

export interface Lease {
  owner: string;
  /** Epoch ms; after it a crashed holder's job may be taken over. */
  until: number;
}

/** The spreadsheet a job or rule was started in: its id (what tells a copy) and its name then (for words). */
export interface Home {
  id: string;
  name: string;
}

/** Log rows noted on a job before their append: the time column apart, as a number (the store is JSON). */
export interface PendingLog {
  at: number;
  /** Each row's cells after its time. */
  cells: CellValue[][];
}

export interface JobCommon {
  id: string;
  state: JobState;
  /** What the job is, for the sidebar and the log ("Enrich Sheet1!A2:A501"). */
  title: string;
  createdAt: number;
  updatedAt: number;
  /** Not picked up before this time (a pending brief's Retry-After, the next people poll). */
  notBefore: number;
  lease: Lease | null;
  stopRequested: boolean;
  /** The latest sentence about the job, shown as it is. */
  message: string;
  /** Credits and rows already written to the enrichment log, so each is logged once. */
  loggedCredits: number;
  /** Whose executions run the job (and so whose key pays): absent in jobs saved before it existed. */
  ownerId?: string;
  /** Set when someone other than its starter pressed Stop, so the log says who stopped it. */
  stoppedBy?: "collaborator";
  /**
   * The log rows its release noted as logged, kept until their append is known to have landed: an
   * execution killed between the two leaves them here for the next one to append (see pending-log.ts).
   */
  pendingLog?: PendingLog;
  /** Possibly charged credits already in the log (absent in jobs saved before it existed). */
  loggedPossibly?: number;
  loggedRows: number;
  /** The refresh rule that made this job, if any. */
  ruleId: string | null;
  /** Where it was started (see home.ts): absent in jobs saved before it existed. */
  home?: Home;
  /** The copy of its spreadsheet this job was last stopped in as copied (see home.ts), so it is done once. */
  copySettled?: string;
}

export interface PeopleState {
  requestId: string;
  /** Person attributes asked for, which decide the columns written. */
  attributes: string[];
  relatedDirections: string[];
  /** A search by a list of people (an "input" column says which row answers which). */
  listMode: boolean;
  /** Name for the results sheet (made unique when written). */
  sheetName: string;
  polls: number;
  /** Upper bound shown before starting. */
  estimate: number;
  peopleWritten: number;
  /** The sheet the people went to, once written. */
  writtenTo: string | null;
  creditsSpent: number;
  creditsRemaining: number | null;
  failure: string | null;
  /**
   * Set when a poll's answer was lost after the search may have finished: that poll may have been the
   * paying one (later polls return the people free), so the estimate is logged as possibly charged.
   */
  possiblyCharged?: number;
  /**
   * Credits the starting call paid to find the ids of the organizations named by domain or name: logged
   * there, apart, and counted in what the sidebar says this search cost (one total, as the ledger has it).
   */
  matchCredits?: number;
  /**
   * When a poll that can pay (the search not paid for yet) was sent, recorded before it goes out and
   * removed once its outcome is booked: one left behind belongs to an execution that died with the poll
   * out, which may have been the paying one, so the next step logs the estimate as possibly charged.
   */
  pollSentAt?: number;
}

/** "lost": asked for, but its answer never arrived whole, so it may have been charged; not asked again. */
export type BriefItemState = "pending" | "done" | "not_enough_data" | "failed" | "lost";

export interface BriefItem {
  organizationId: number;
  state: BriefItemState;
  notBefore: number;
  /** Polls answered "pending" so far. */
  pendings: number;
  /** Failed tries (429, 5xx), for items that failed in a way worth trying again. */
  attempts: number;
  /** The service's sentence for "not enough data" and failures. */
  note: string | null;
  /** Set, and saved, just before the paid request goes out; cleared once its answer is read. */
  asking?: boolean;
}

export interface BriefsState {
  items: BriefItem[];
  creditsSpent: number;
  creditsRemaining: number | null;
  /** The sheet briefs are appended to. */
  sheetName: string;
  /** Credits the lost briefs may have cost (absent in jobs saved before it existed). */
  possiblyCharged?: number;
}

export type BulkJob = JobCommon & { kind: "bulk"; bulk: BulkState };
export type PeopleJob = JobCommon & { kind: "people"; people: PeopleState };
export type BriefsJob = JobCommon & { kind: "briefs"; briefs: BriefsState };
export type Job = BulkJob | PeopleJob | BriefsJob;

export function isActive(job: Job): boolean {
  return ACTIVE_STATES.includes(job.state);
}

/** The fields every new job starts with. */
export function newJobCommon(id: string, title: string, now: number, message: string): JobCommon {
  return {
    id,
    state: "queued",
    title,
    createdAt: now,
    updatedAt: now,
    notBefore: now,
    lease: null,
    stopRequested: false,
    message,
    loggedCredits: 0,
    loggedRows: 0,
    ruleId: null,
  };
}

/** Whether an execution running for `ownerId` may run this job (jobs from before owners run anywhere). */
export function runsFor(job: Pick<Job, "ownerId">, ownerId: string): boolean {
  return job.ownerId === undefined || job.ownerId === ownerId;
}

/** Credits a job may have spent on requests whose answer was lost (logged apart as possibly charged). */
export function possiblyCharged(job: Job): number {
  if (job.kind === "bulk") return job.bulk.possiblyCharged ?? 0;
  if (job.kind === "briefs") return job.briefs.possiblyCharged ?? 0;
  return job.people.possiblyCharged ?? 0;
}

/** Credits a job has spent so far, whatever its kind. */
export function creditsSpent(job: Job): number {
  if (job.kind === "bulk") return job.bulk.creditsSpent;
  if (job.kind === "people") return job.people.creditsSpent;
  return job.briefs.creditsSpent;
}

export function creditsRemaining(job: Job): number | null {
  if (job.kind === "bulk") return job.bulk.creditsRemaining;
  if (job.kind === "people") return job.people.creditsRemaining;
  return job.briefs.creditsRemaining;
}

/** Progress in the unit the sidebar shows: rows for bulk runs, people written, briefs settled. */
export function progress(job: Job): { done: number; total: number } {
  if (job.kind === "bulk") return { done: job.bulk.rowsDone, total: job.bulk.rowCount };
  if (job.kind === "people") {
    const total = job.people.writtenTo ? job.people.peopleWritten : 0;
    return { done: total, total };
  }
  const items = job.briefs.items;
  return { done: items.filter((i) => i.state !== "pending").length, total: items.length };
}
