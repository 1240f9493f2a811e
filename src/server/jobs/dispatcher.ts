// The dispatcher as trigger and sidebar run it: due rules, due jobs, then the trigger fitted to the work.
import { bulkMessage } from "../../core/bulk/messages";
import type { WorkbookPort } from "../../core/bulk/sheet-port";
import { StoreFullError } from "../../core/jobs/chunked-store";
import { dispatch, type JobHandle } from "../../core/jobs/dispatch";
import { LOG_HEADER, LOG_SHEET, logEntry } from "../../core/jobs/enrichment-log";
import { isActive, type Job, runsFor } from "../../core/jobs/job";
import { LeaseLostError, QueueBusyError } from "../../core/jobs/queue";
import { type JobStatus, toStatus } from "../../core/jobs/status";
import { activeWorkbook } from "../../platform/spreadsheet";
import { appendRows } from "./append-rows";
import { releaseAndLog } from "./outcomes";
import { startDueRules } from "./refresh";
import { runBriefsStep } from "./run-briefs";
import { runBulkStep } from "./run-bulk";
import { runPeopleStep } from "./run-people";
import { type JobServices, jobServices } from "./services";
import { syncTrigger } from "./trigger-sync";

/** What an unexpected error leaves on a job: its message, as the job's failure. */
export function failJob(job: Job, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  job.state = "failed";
  if (job.kind === "bulk") {
    job.bulk.failure = message;
    job.message = bulkMessage(job.bulk, "failed");
  } else if (job.kind === "people") {
    job.people.failure = message;
    job.message = message;
  } else {
    job.message = message;
  }
}

function step(services: JobServices, workbook: WorkbookPort, job: Job, handle: JobHandle): void {
  try {
    if (job.kind === "bulk") runBulkStep(services, workbook, job, handle);
    else if (job.kind === "people") runPeopleStep(services, workbook, job, handle);
    else runBriefsStep(services, workbook, job, handle);
  } catch (error) {
    if (error instanceof LeaseLostError || handle.released) throw error;
    try {
      releaseAndLog(services, workbook, handle, (saved) => failJob(saved, error));
    } catch (second) {
      if (!(second instanceof StoreFullError)) throw second;
      // The store cannot take the failure either: what this step spent still reaches the log (the sheet).
      const entry = logEntry(job, new Date(services.clock.now()));
      if (entry) appendRows(workbook, LOG_SHEET, LOG_HEADER, entry.rows);
      throw second;
    }
  }
}

/**
 * A full document store keeps every job from moving: the statuses say so, with what to delete, instead of
 * "running" forever (the store cannot take the failure itself).
 */
function blockedByFullStore(statuses: JobStatus[], message: string): JobStatus[] {
  return statuses.map((status) =>
    status.state === "queued" || status.state === "running"
      ? { ...status, state: "failed", message, canStop: false, canResume: true }
      : status,
  );
}

/** Every job of the document, newest first. */
export function jobStatuses(services: JobServices): JobStatus[] {
  const viewer = services.ownerId();
  return services.queue
    .list()
    .reverse()
    .map((job) => toStatus(job, viewer));
}

export function runDispatcher(): JobStatus[] {
  const services = jobServices();
  const workbook = activeWorkbook();
  let full: StoreFullError | null = null;
  try {
    startDueRules(services, workbook);
    // Each job runs in its starter's executions only, so their key pays for it.
    const me = services.ownerId();
    const mine = (job: Job) => runsFor(job, me);
    if (services.queue.list().some((job) => isActive(job) && mine(job))) {
      dispatch({
        mayRun: mine,
        queue: services.queue,
        clock: services.clock,
        owner: services.newId(),
        deadline: services.deadline,
        run: (job, handle) => step(services, workbook, job, handle),
        onError: failJob,
      });
    }
  } catch (error) {
    // Another execution holds the queue for longer than the lock wait: it is doing the work, so this
    // one (an overlapping trigger, a sidebar poll) leaves quietly.
    if (error instanceof StoreFullError) full = error;
    else if (!(error instanceof QueueBusyError)) throw error;
  }
  try {
    syncTrigger(services);
  } catch (error) {
    if (!(error instanceof StoreFullError)) throw error;
    full = error;
  }
  return full ? blockedByFullStore(jobStatuses(services), full.message) : jobStatuses(services);
}
