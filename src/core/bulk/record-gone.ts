// A purchase record a person deleted: the price says what may be bought again, since no record shows it.
import { RECORD_SHEET } from "../addon-sheets/registry";
import type { Job } from "../jobs/job";

export const RECORD_GONE_WORDS = `the hidden sheet "${RECORD_SHEET}" was deleted, so organizations bought before it may be bought again`;

/** The Enrichment log's "Credits used" and "Result" columns (0-based), see LOG_HEADER. */
const CREDITS = 3;
const RESULT = 5;
/** Rows of credits whose answer never came, or taken back: nothing of theirs went into a record. */
const NOT_ANSWERED = /possibly charged|^Settled: /i;

/**
 * Whether the spreadsheet bought answers and its purchase record is gone: no record sheet, while a run
 * counts credits or the Enrichment log (`log`: its rows, header included) has a charged row — every paid
 * answer is logged and recorded. A spreadsheet that never bought, or only lost its answers, has neither.
 */
export function recordGone(
  hasRecord: boolean,
  log: readonly (readonly unknown[])[],
  jobs: readonly Job[],
): boolean {
  if (hasRecord) return false;
  if (jobs.some((job) => job.kind === "bulk" && job.bulk.creditsSpent > 0)) return true;
  return log
    .slice(1)
    .some((row) => Number(row[CREDITS]) > 0 && !NOT_ANSWERED.test(String(row[RESULT] ?? "")));
}
