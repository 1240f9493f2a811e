// A purchase record a person deleted (or made again since): the price says what may be bought again.
import { RECORD_SHEET } from "../addon-sheets/registry";
import type { BulkJob, Job } from "../jobs/job";
import type { BulkRequest } from "./request";
import type { BulkState } from "./state";

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

/** Keeps the id of the record sheet a run's first paid wave went to (`id` asked only then). */
export function noteRecordSheet(state: BulkState, id: () => number | null): void {
  if (state.recordSheetId !== undefined) return;
  const sheet = id();
  if (sheet !== null) state.recordSheetId = sheet;
}

/**
 * Whether the record sheet there now (Sheets' id `id`) was made again after a run's purchases went into an
 * earlier one: a run that bought since `from` (the start of the freshness window) names another record
 * sheet, and no later run over the same rows (all of them: not a "new rows only" refresh) bought into this one. Sheets gives a sheet made again a new id,
 * so this holds whoever made it (a collaborator's run, formulas filing), with no store of its own to fail.
 */
export function recordMadeAgain(id: number, jobs: readonly Job[], from: number): boolean {
  const runs = jobs.filter((job): job is BulkJob => job.kind === "bulk");
  return runs.some((job) => {
    const { recordSheetId, creditsSpent, request } = job.bulk;
    if (recordSheetId === undefined || recordSheetId === id || creditsSpent === 0 || job.updatedAt < from)
      return false;
    return !runs.some(
      (later) =>
        later.createdAt >= job.createdAt &&
        later.bulk.recordSheetId === id &&
        later.bulk.rowsOnly === undefined &&
        sameRows(later.bulk.request, request),
    );
  });
}

function sameRows(a: BulkRequest, b: BulkRequest): boolean {
  return (
    a.sheetName === b.sheetName &&
    a.range.column === b.range.column &&
    a.range.firstRow === b.range.firstRow &&
    a.range.lastRow === b.range.lastRow
  );
}
