// The dispatcher as trigger and sidebar run it: due rules, due jobs, then the trigger fitted to the work.
import { StoreFullError } from "../../core/jobs/chunked-store";
import {
  DEFAULT_DISPATCH_RESERVE_MS,
  DEFAULT_MAX_IDLE_WAIT_MS,
  dispatch,
  type JobHandle,
} from "../../core/jobs/dispatch";
import { logEntry } from "../../core/jobs/enrichment-log";
import { failJob } from "../../core/jobs/fail-job";
import { atHome } from "../../core/jobs/home";
import { isActive, type Job, runsFor } from "../../core/jobs/job";
import { LeaseLostError, QueueBusyError } from "../../core/jobs/queue";
import { isDue } from "../../core/jobs/refresh-rules";
import { type JobStatus, toStatus } from "../../core/jobs/status";
import type { WorkbookPort } from "../../core/sheet/port";
import { dailyQuotaMessage, QUOTA_RETRY_MS } from "../../core/spending/daily-quota";
import { appsScriptClock } from "../../platform/clock";
import { propertyStore } from "../../platform/properties";
import { activeSpreadsheet, openSpreadsheet, type Spreadsheet } from "../../platform/spreadsheet";
import { appendLogRows } from "../log/append-rows";
import { flushDeferredLogHere } from "../log/deferred-log";
import { notePossiblyCharged } from "../runtime";
import { settleCopies } from "./copies";
import { releaseAndLog } from "./outcomes";
import { appendPendingLogs } from "./pending-log";
import { startDueRules } from "./refresh";
import { runBriefsStep } from "./run-briefs";
import { runBulkStep } from "./run-bulk";
import { runPeopleStep } from "./run-people";
import { JOB_BUDGET_MS, type JobServices, jobServices } from "./services";
import { beginTriggerRuntime, waitForRuntime } from "./trigger-runtime";
import { forgetSpreadsheet, readDispatchRecord, syncTrigger } from "./trigger-sync";

function step(services: JobServices, workbook: WorkbookPort, job: Job, handle: JobHandle): void {
  try {
    if (job.kind === "bulk") runBulkStep(services, workbook, job, handle);
    else if (job.kind === "people") runPeopleStep(services, workbook, job, handle);
    else runBriefsStep(services, workbook, job, handle);
  } catch (error) {
    if (error instanceof LeaseLostError || handle.released) throw error;
    const quota = dailyQuotaMessage(error);
    if (quota) {
      // A daily quota ran out: the job waits for it to renew, where it stopped, instead of failing.
      handle.release((saved) => {
        saved.state = saved.kind === "bulk" ? "queued" : "waiting";
        saved.notBefore = services.clock.now() + QUOTA_RETRY_MS;
        saved.message = quota;
      });
      return;
    }
    try {
      // The step's job in memory knows what it was charged since its last checkpoint: logged now.
      releaseAndLog(services, workbook, handle, (saved) => failJob(saved, error, job));
    } catch (second) {
      if (!(second instanceof StoreFullError)) throw second;
      // The store cannot take the failure either: what this step spent still reaches the log (the sheet).
      const entry = logEntry(job, new Date(services.clock.now()));
      if (entry) {
        notePossiblyCharged(entry.newlyPossible);
        appendLogRows(workbook, entry.rows);
      }
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

/** Every job of the document, newest first, copied ones stopped first (the sidebar's list). */
export function listJobs(services: JobServices): JobStatus[] {
  try {
    settleCopies(services);
    appendPendingLogs(services, services.workbook);
  } catch (error) {
    // Another execution holds the queue: the list is read as it is, and the next poll settles.
    if (!(error instanceof QueueBusyError)) throw error;
  }
  return jobStatuses(services);
}

/** Every job of the document, newest first. */
export function jobStatuses(services: JobServices): JobStatus[] {
  const viewer = services.ownerId();
  return services.queue
    .list()
    .reverse()
    .map((job) => toStatus(job, viewer));
}

/**
 * Whether this execution has anything to start or step for `me`: a rule due, or a job of theirs held by
 * no execution and due now or soon enough to wait for. Read from what the store already read, so a poll
 * with nothing to do reads the job store once and takes no lock.
 */
function workDue(services: JobServices, me: string, now: number): boolean {
  const jobs = services.queue.list();
  const here = services.spreadsheetId;
  const active = (id: string) => jobs.some((job) => job.id === id && isActive(job));
  const rules = services.rules.list();
  if (rules.some((rule) => runsFor(rule, me) && atHome(rule, here) && isDue(rule, now, active))) return true;
  return jobs.some(
    (job) =>
      isActive(job) &&
      runsFor(job, me) &&
      atHome(job, here) &&
      job.notBefore <= now + DEFAULT_MAX_IDLE_WAIT_MS &&
      (job.lease === null || job.lease.until <= now),
  );
}

/** Whether any job of `me` is still to run (the trigger then waits for ones due soon). */
function anyActive(services: JobServices, me: string): boolean {
  return services.queue.list().some((job) => isActive(job) && mayRunHere(services, job, me));
}

/**
 * Each job runs in its starter's executions only, so their key pays for it, and only in the spreadsheet
 * it was started in: a copy of the file holds it at rest until someone resumes it there (see copies.ts).
 */
function mayRunHere(services: JobServices, job: Job, me: string): boolean {
  return runsFor(job, me) && atHome(job, services.spreadsheetId);
}

/**
 * Starts due rules and steps this user's jobs in one spreadsheet until the deadline, then keeps the
 * trigger and the index of work in step. A sidebar poll (`poll`) goes no further than reading the store
 * when nothing is due for it; the trigger also waits a little for jobs falling due soon.
 */
export function runDispatcher(services: JobServices = jobServices(), poll = false): JobStatus[] {
  const workbook = services.workbook;
  let full: StoreFullError | null = null;
  let worked = false;
  try {
    const me = services.ownerId();
    settleCopies(services);
    appendPendingLogs(services, workbook);
    const due = workDue(services, me, services.clock.now());
    if (due || (!poll && anyActive(services, me))) {
      worked = true;
      startDueRules(services, workbook);
      const mine = (job: Job) => mayRunHere(services, job, me);
      if (services.queue.list().some((job) => isActive(job) && mine(job))) {
        dispatch({
          mayRun: mine,
          queue: services.queue,
          clock: services.clock,
          owner: services.newId(),
          deadline: services.deadline,
          // A bulk step reads its rows before its first checkpoint: its claim rides on that checkpoint.
          tentative: (job) => job.kind === "bulk",
          run: (job, handle) => step(services, workbook, job, handle),
          onError: failJob,
        });
      }
    }
  } catch (error) {
    // Another execution holds the queue for longer than the lock wait: it is doing the work, so this
    // one (an overlapping trigger, a sidebar poll) leaves quietly.
    if (error instanceof StoreFullError) full = error;
    else if (!(error instanceof QueueBusyError)) throw error;
  }
  // The trigger and the index change only when work started, moved or ended here; a poll that found
  // nothing to do leaves them (the trigger keeps them in step on each of its runs).
  if (worked || !poll) {
    try {
      syncTrigger(services);
    } catch (error) {
      // With the day's property reads spent, the trigger stays as it is until they renew.
      if (dailyQuotaMessage(error)) return jobStatuses(services);
      if (!(error instanceof StoreFullError)) throw error;
      full = error;
    }
  }
  return full ? blockedByFullStore(jobStatuses(services), full.message) : jobStatuses(services);
}

/**
 * The clock trigger. A bound script's runs in its spreadsheet. A published add-on's has no document: it
 * opens, by id, each spreadsheet the user's index says has work for them, and shares one time budget
 * among them (the one opened longest ago first, so none starves). Either way its work ends before what
 * its own count leaves of the day's trigger time (trigger-runtime.ts), and a job that count stopped
 * waits, saying so, until the count renews.
 */
export function runTrigger(): void {
  const clock = appsScriptClock;
  const runtime = beginTriggerRuntime(clock);
  const budgetEnd = clock.now() + JOB_BUDGET_MS;
  const deadline = Math.min(budgetEnd, runtime?.until ?? budgetEnd);
  // Whether the day's count, not the execution's budget, ends this execution's work.
  const short = runtime !== null && runtime.until < budgetEnd ? runtime.renewsAt : null;
  try {
    const here = activeSpreadsheet();
    if (here) {
      // In the document: formulas' paid batches waiting for the Enrichment log go on it (issue 29).
      flushDeferredLogHere();
      dispatchIn(jobServices(here, deadline), short);
      return;
    }
    const user = propertyStore("user");
    if (!user) return;
    for (const id of Object.keys(readDispatchRecord(user).work)) {
      // Out of time, the other spreadsheets' jobs still learn until when the day's count stops them.
      const late = clock.now() >= deadline - DEFAULT_DISPATCH_RESERVE_MS;
      if (late && short === null) break;
      let book: Spreadsheet;
      try {
        book = openSpreadsheet(id);
      } catch {
        forgetSpreadsheet(id);
        continue;
      }
      dispatchIn(jobServices(book, deadline), short, !late);
    }
  } finally {
    runtime?.end();
  }
}

/** Runs the dispatcher; with the day's trigger time short (`waitUntil`), this user's unfinished jobs wait. */
function dispatchIn(services: JobServices, waitUntil: number | null, work = true): void {
  if (work) runDispatcher(services);
  if (waitUntil === null) return;
  const me = services.ownerId();
  for (const job of services.queue.list()) {
    if (isActive(job) && runsFor(job, me) && job.notBefore < waitUntil)
      services.queue.modify(job.id, (saved) => waitForRuntime(saved, waitUntil));
  }
}
