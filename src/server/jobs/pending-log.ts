// Log rows a job's release noted before appending them: an execution killed between the two leaves them on
// the job, and the next execution that reads the jobs appends them, once.

import { StoreFullError } from "../../core/jobs/chunked-store";
import { LOG_HEADER, LOG_SHEET, logEntry } from "../../core/jobs/enrichment-log";
import type { Job, PendingLog } from "../../core/jobs/job";
import type { CellValue, WorkbookPort } from "../../core/sheet/port";
import { appendLogRows } from "../log/append-rows";
import type { JobServices } from "./services";

/**
 * How far up the log a noted row's append is looked for: an append that landed is followed only by rows
 * appended since its execution died, which the next execution reading the jobs comes before nearly always.
 */
const LOOK_BACK_ROWS = 200;
/** A time read back from the sheet may have lost its milliseconds. */
const SAME_TIME_MS = 1_000;

/** What a release notes on its job of the rows it is about to append. */
export function pendingLog(rows: CellValue[][], at: number): PendingLog {
  return { at, cells: rows.map((row) => row.slice(1)) };
}

/**
 * The log row `job` at rest makes now, if any, marked on the job as logged and noted on it until appended
 * (appendNotedRows): to be called inside the write that brings the job to rest.
 */
export function noteLogEntry(job: Job, now: number): ReturnType<typeof logEntry> {
  const row = logEntry(job, new Date(now));
  if (row) {
    job.loggedCredits = row.loggedCredits;
    job.loggedRows = row.loggedRows;
    job.loggedPossibly = row.loggedPossibly;
    job.pendingLog = pendingLog(row.rows, now);
  }
  return row;
}

/**
 * Appends the rows noted on `job` (already written with its note) and clears the note, inside the caller's
 * holding of the jobs lock. Killed between the two, the next execution that reads the jobs appends them.
 */
export function appendNotedRows(
  services: JobServices,
  workbook: WorkbookPort,
  job: Job,
  rows: CellValue[][],
): void {
  appendLogRows(workbook, rows);
  const noted = services.queue.get(job.id);
  if (noted?.pendingLog) {
    delete noted.pendingLog;
    try {
      services.queue.put(noted);
    } catch (error) {
      // The rows are in: a note that stays is cleared by the next execution, which finds them logged.
      if (!(error instanceof StoreFullError)) throw error;
    }
  }
  delete job.pendingLog;
}

function pendingRows(pending: PendingLog): CellValue[][] {
  return pending.cells.map((cells) => [new Date(pending.at), ...cells]);
}

function timeOf(value: unknown): number | null {
  const date = value as Date | null;
  return date !== null && typeof date === "object" && typeof date.getTime === "function"
    ? date.getTime()
    : null;
}

/**
 * Whether the log's last rows hold `row` already: its time (the job's release) and action are its id, its
 * amount makes sure. The noted rows go in one write, so the first one tells for all.
 */
function alreadyLogged(workbook: WorkbookPort, row: CellValue[]): boolean {
  const sheet = workbook.sheet(LOG_SHEET);
  if (!sheet) return false;
  const last = sheet.lastRow();
  if (last < 2) return false;
  const from = Math.max(2, last - LOOK_BACK_ROWS + 1);
  const at = timeOf(row[0]) as number;
  return sheet.readValues(from, 1, last - from + 1, LOG_HEADER.length).some((cells) => {
    const time = timeOf(cells[0]);
    return (
      time !== null &&
      Math.abs(time - at) < SAME_TIME_MS &&
      cells[1] === row[1] &&
      Number(cells[3]) === Number(row[3])
    );
  });
}

/**
 * Appends the rows a killed execution noted on its jobs but never appended (or appended and could not
 * clear), and clears the notes. Nothing noted, as the store was already read: no call at all.
 */
export function appendPendingLogs(services: JobServices, workbook: WorkbookPort): void {
  if (!services.queue.list().some((job) => job.pendingLog)) return;
  services.queue.locked(() => {
    // A release notes, appends and clears in one holding of this lock: every note seen here is orphaned.
    for (const job of services.queue.list()) {
      if (!job.pendingLog) continue;
      const rows = pendingRows(job.pendingLog);
      if (!alreadyLogged(workbook, rows[0] as CellValue[])) appendLogRows(workbook, rows);
      delete job.pendingLog;
      services.queue.put(job);
    }
  });
}
