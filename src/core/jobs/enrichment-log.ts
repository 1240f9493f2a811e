// Rows of the "Enrichment log" sheet: time, action, rows, credits used, credits remaining, result.

import { plural } from "../../api/words/format";
import { LOG_SHEET } from "../addon-sheets/registry";
import type { CellValue } from "../sheet/port";
import { DATE_TIME_FORMAT } from "../sheet/values";
import { zonePlace } from "../text/when";
import { creditsRemaining, creditsSpent, isActive, type Job, possiblyCharged, progress } from "./job";

/** The log sheet's name is the add-on sheets' registry's, re-exported for its many readers. */
export { LOG_SHEET };
/** The log's Time column: a moment, in the sheets' one date order. */
export const LOG_TIME_FORMAT = DATE_TIME_FORMAT;

export const LOG_HEADER = ["Time", "Action", "Rows", "Credits used", "Credits remaining", "Result"];

/** The header as written: the Time column names the spreadsheet's zone its times are in. */
export function logHeader(timeZone: string): string[] {
  return [`Time (${zonePlace(timeZone)})`, ...LOG_HEADER.slice(1)];
}
/** The Time column (from 1): a date on every row, so it is formatted once for the whole sheet. */
export const LOG_TIME_COLUMN = 1;

export interface LogEntry {
  /** One row, or two when credits were possibly charged since the last (that one apart, so it shows). */
  rows: CellValue[][];
  /** What the job has logged once these rows are written. */
  loggedCredits: number;
  loggedRows: number;
  loggedPossibly: number;
  /** Possibly charged credits these rows add (negative when a settled row takes some back). */
  newlyPossible: number;
}

/**
 * The row for credits a lost answer may have cost: no rows written, the credits in the "Credits used"
 * column (so the column still sums to what the service charged), and what was not done about it.
 */
export function possiblyChargedRow(
  now: Date,
  action: string,
  credits: number,
  notRepeated: string,
): CellValue[] {
  return [
    now,
    action,
    0,
    credits,
    "",
    `${plural(credits, "credit")} possibly charged: an answer was lost after its request went out; ${notRepeated}.`,
  ];
}

/**
 * The row that takes back credits a possibly-charged row above counted, once a later answer shows they were
 * not charged: the negative amount keeps the "Credits used" column summing to what the service charged.
 */
export function settledRow(now: Date, action: string, credits: number, why: string): CellValue[] {
  const were = credits === 1 ? "was" : "were";
  return [
    now,
    action,
    0,
    -credits,
    "",
    `Settled: ${plural(credits, "credit")} possibly charged above ${were} not charged; ${why}.`,
  ];
}

/** Why a job's possible charge proved not charged (only a people search learns that so far). */
function settledWhy(job: Job): string {
  if (job.kind === "people") {
    return "the service charges a search once, and the poll logged below is the one that paid";
  }
  return "a later answer showed what was charged";
}

function action(job: Job): string {
  if (job.kind === "people") return `People search: ${job.title}`;
  if (job.kind === "briefs") return `Intelligence briefs: ${job.title}`;
  return job.title;
}

/**
 * The log rows for what a job did since its last rows: written when it spent credits, when credits may have
 * been charged for an answer that was lost, and when it comes to rest (done, stopped, out of credits,
 * failed) so every run's outcome is on record. Null when none. The "Credits used" column sums to what the
 * service charged: possibly charged credits are in it, on their own row that says so, and taken back on a
 * settled row when a later answer shows they were not charged.
 */
/** The log's note on a stop pressed by someone other than the job's starter. */
export const STOPPED_BY_COLLABORATOR = "Stop pressed by a collaborator, not the person who started it.";

export function logEntry(job: Job, now: Date): LogEntry | null {
  const spent = creditsSpent(job);
  const done = progress(job).done;
  const credits = spent - job.loggedCredits;
  const possibly = possiblyCharged(job);
  const newlyPossible = possibly - (job.loggedPossibly ?? 0);
  const rows: CellValue[][] = [];
  // Settled before the row of the charge that proved it, so the log reads in the order it was learned.
  if (newlyPossible < 0) rows.push(settledRow(now, action(job), -newlyPossible, settledWhy(job)));
  if (credits > 0 || !isActive(job)) {
    rows.push([
      now,
      action(job),
      Math.max(0, done - job.loggedRows),
      credits,
      creditsRemaining(job) ?? "",
      job.state === "stopped" && job.stoppedBy === "collaborator"
        ? `${job.message} ${STOPPED_BY_COLLABORATOR}`
        : job.message,
    ]);
  }
  if (newlyPossible > 0) {
    rows.push(possiblyChargedRow(now, action(job), newlyPossible, "its rows were not bought again"));
  }
  if (rows.length === 0) return null;
  return { rows, loggedCredits: spent, loggedRows: done, loggedPossibly: possibly, newlyPossible };
}
