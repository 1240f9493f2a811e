// Rows of the "Enrichment log" sheet: time, action, rows, credits used, credits remaining, result.
import type { CellValue } from "../bulk/sheet-port";
import { creditsRemaining, creditsSpent, isActive, type Job, progress } from "./job";

export const LOG_SHEET = "Enrichment log";
export const LOG_HEADER = ["Time", "Action", "Rows", "Credits used", "Credits remaining", "Result"];

export interface LogEntry {
  row: CellValue[];
  /** What the job has logged once this row is written. */
  loggedCredits: number;
  loggedRows: number;
}

function action(job: Job): string {
  if (job.kind === "people") return `People search: ${job.title}`;
  if (job.kind === "briefs") return `Intelligence briefs: ${job.title}`;
  return job.title;
}

/**
 * The log row for what a job did since its last row: written when it spent credits, and when it comes to
 * rest (done, stopped, out of credits, failed) so every run's outcome is on record. Null when neither.
 */
export function logEntry(job: Job, now: Date): LogEntry | null {
  const spent = creditsSpent(job);
  const done = progress(job).done;
  const credits = spent - job.loggedCredits;
  if (credits <= 0 && isActive(job)) return null;
  return {
    row: [
      now,
      action(job),
      Math.max(0, done - job.loggedRows),
      credits,
      creditsRemaining(job) ?? "",
      job.message,
    ],
    loggedCredits: spent,
    loggedRows: done,
  };
}
