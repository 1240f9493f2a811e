// The sidebar's hold on jobs: read a job's status, stop it between chunks, resume it where it stopped.

import { formatCount, plural } from "../../api/words/format";
import { bulkMessage } from "../../core/bulk/messages";
import { lostCredits, lostRows } from "../../core/bulk/state";
import type { logEntry } from "../../core/jobs/enrichment-log";
import { adoptJob, copiedFrom } from "../../core/jobs/home";
import { isActive, type Job, runsFor } from "../../core/jobs/job";
import { JobNotFoundError, noJobMessage } from "../../core/jobs/queue";
import { type JobStatus, paidPeopleNotFetched, resumable, toStatus } from "../../core/jobs/status";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import { refuseOthersJob } from "./owners";
import { appendNotedRows, noteLogEntry } from "./pending-log";
import { BRIEFS_STOPPED_MESSAGE } from "./run-briefs";
import { peopleStoppedMessage } from "./run-people";
import { type JobServices, jobServices } from "./services";
import { syncTrigger } from "./trigger-sync";

export function readJobId(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new RequestError("Give the id of a job (jobId).");
  return value.trim();
}

function modify(services: JobServices, id: string, mutate: (job: Job, now: number) => void): Job {
  try {
    return services.queue.modify(id, mutate);
  } catch (error) {
    if (error instanceof JobNotFoundError) throw new RequestError(error.message);
    throw error;
  }
}

export function getJobStatus(jobId: unknown): JobStatus {
  const id = readJobId(jobId);
  const services = jobServices();
  const job = services.queue.get(id);
  if (!job) throw new RequestError(noJobMessage(id));
  return toStatus(job, services.ownerId());
}

function stoppedMessage(job: Job): string {
  if (job.kind === "bulk") return bulkMessage(job.bulk, "stopped");
  return job.kind === "people" ? peopleStoppedMessage(job) : BRIEFS_STOPPED_MESSAGE;
}

/**
 * Asks a job to stop. The Stop is recorded apart from the job (JobQueue.requestStop), so no execution's
 * checkpoint can overwrite it: one that no execution holds stops at once; a running one sends no request
 * after this returns (its holder reads the record before each one), and what it already sent is written.
 * Anyone may press it, since stopping never spends; a stop pressed by someone other than the starter is
 * said in the log.
 */
export function stopJob(jobId: unknown): JobStatus {
  const id = readJobId(jobId);
  const services = jobServices();
  const me = services.ownerId();
  let row: ReturnType<typeof logEntry> = null;
  let job: Job;
  try {
    // One holding for the stop, its noted log row and the row's append, as a release's (outcomes.ts).
    job = services.queue.holding(() => {
      const stopped = services.queue.requestStop(
        id,
        // Read before the lock: who started a job never changes.
        runsFor(services.queue.get(id) ?? {}, me) ? "starter" : "collaborator",
        (job) => {
          if (!isActive(job))
            throw new RequestError(
              `This job is not running (${job.state.replace(/_/g, " ")}); there is nothing to stop.`,
            );
        },
        (job, now) => {
          if (!runsFor(job, me)) job.stoppedBy = "collaborator";
          else delete job.stoppedBy;
          job.state = "stopped";
          job.stopRequested = false;
          job.message = stoppedMessage(job);
          // A job at rest is logged by whoever brings it there; a collaborator's stop is logged here.
          if (job.stoppedBy) row = noteLogEntry(job, now);
        },
      );
      const entry = row as ReturnType<typeof logEntry>;
      if (entry) appendNotedRows(services, activeWorkbook(), stopped, entry.rows);
      return stopped;
    });
  } catch (error) {
    if (error instanceof JobNotFoundError) throw new RequestError(error.message);
    throw error;
  }
  syncTrigger(services);
  return toStatus(job, me);
}

/**
 * A job copied from another spreadsheet becomes this one's, and the presser's (their key pays; they saw
 * the price beside the button): anyone working in the copy may. Anyone else's job is refused.
 */
function takeOrRefuse(services: JobServices, job: Job, me: string, doing: string): void {
  if (copiedFrom(job, services.spreadsheetId) === null) refuseOthersJob(job, me, doing);
  else if (!isActive(job)) adoptJob(job, services.home(), me);
}

/** Puts a stopped, out-of-credits or failed job back in the queue; finished work is not repeated or repaid. */
export function resumeJob(jobId: unknown): JobStatus {
  const id = readJobId(jobId);
  const services = jobServices();
  const me = services.ownerId();
  const job = modify(services, id, (job, now) => {
    takeOrRefuse(services, job, me, "resume it");
    const paidPeople = paidPeopleNotFetched(job);
    if (isActive(job)) throw new RequestError("This job is still running.");
    if (job.state === "done") throw new RequestError("This job is done; there is nothing to resume.");
    if (!resumable(job)) throw new RequestError("A failed people search cannot be resumed; start it again.");
    job.state = "queued";
    job.stopRequested = false;
    delete job.stoppedBy;
    job.notBefore = now;
    job.lease = null;
    if (job.kind === "bulk") {
      job.bulk.failure = null;
      job.bulk.attempts = {};
      job.message = `Resuming after ${formatCount(job.bulk.rowsDone)} of ${formatCount(job.bulk.rowCount)} rows.`;
    } else if (job.kind === "briefs") {
      for (const item of job.briefs.items) {
        if (item.state === "failed") {
          item.state = "pending";
          item.attempts = 0;
          item.note = null;
        }
        if (item.state === "pending") item.notBefore = now;
      }
      job.message = "Resuming the briefs not yet written.";
    } else {
      job.message =
        paidPeople > 0 ? "Fetching the people already paid for." : "Resuming: checking on the search.";
    }
  });
  syncTrigger(services);
  return toStatus(job, me);
}

/**
 * Buys again the rows whose paid answer was lost, once the user has seen what it may cost (the sidebar's
 * button names it). The credits they may have cost the first time stay logged as possibly charged.
 */
export function rerunLostRows(jobId: unknown): JobStatus {
  const id = readJobId(jobId);
  const services = jobServices();
  const me = services.ownerId();
  const job = modify(services, id, (job, now) => {
    takeOrRefuse(services, job, me, "buy its lost rows again");
    if (isActive(job))
      throw new RequestError("This job is still running; re-run its lost rows once it ends.");
    const rows = job.kind === "bulk" ? lostRows(job.bulk) : 0;
    if (job.kind !== "bulk" || rows === 0) throw new RequestError("This job has no lost rows to buy again.");
    const most = lostCredits(job.bulk);
    job.bulk.lost = [];
    job.bulk.lostNotes = {};
    job.bulk.attempts = {};
    job.bulk.failure = null;
    job.state = "queued";
    job.stopRequested = false;
    job.notBefore = now;
    job.lease = null;
    job.message = `Buying the ${plural(rows, "lost row")} again (up to ${plural(most, "credit")}).`;
  });
  syncTrigger(services);
  return toStatus(job, me);
}
