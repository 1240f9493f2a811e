// Enrichment-log rows that could not be appended when they were paid (another execution held the log's
// lock too long, or a formula paid: custom functions cannot write a sheet) wait in the document's
// properties (src/platform/deferred-log-store.ts) and are appended by the next sidebar call that spends or
// reads the credits. A paid answer never loses its row.
import type { CellValue, WorkbookPort } from "../../core/bulk/sheet-port";
import { LOG_HEADER, LOG_SHEET, LOG_TIME_FORMAT } from "../../core/jobs/enrichment-log";
import { keepLogRows, keptLogRows } from "../../platform/deferred-log-store";
import { appendRows } from "../jobs/append-rows";

export { DEFERRED_LOG_PREFIX } from "../../platform/deferred-log-store";

/**
 * Appends `rows` to the Enrichment log, or keeps them for the next paid sidebar call when the append
 * fails. Returns false only when neither could be done (the store is full as well).
 */
export function appendLogOrDefer(workbook: WorkbookPort, rows: CellValue[][]): boolean {
  if (rows.length === 0) return true;
  try {
    appendRows(workbook, LOG_SHEET, LOG_HEADER, rows, LOG_TIME_FORMAT);
    return true;
  } catch {
    return keepLogRows(rows);
  }
}

/** Appends the rows kept by earlier calls, oldest first, and forgets them once they are in the log. */
export function flushDeferredLog(workbook: WorkbookPort): void {
  const kept = keptLogRows();
  if (kept.count === 0) return;
  try {
    appendRows(workbook, LOG_SHEET, LOG_HEADER, kept.rows, LOG_TIME_FORMAT);
  } catch {
    // Still kept: a later call tries again.
    return;
  }
  kept.forget();
}
