// Appends rows under a header on a named sheet, making the sheet with its header the first time —
// without taking the person's view there: logs and briefs are written while they work elsewhere.
import type { CellValue, WorkbookPort } from "../../core/bulk/sheet-port";
import { DATE_FORMAT, formatDates } from "../../core/bulk/sheet-values";
import { flushWrites } from "../../platform/active-range";
import { jobsMutex } from "../../platform/lock";

// Long enough to outwait another execution's append; an append that cannot get the lock fails loudly.
const APPEND_LOCK_MS = 30_000;

/**
 * Answers the sheet rows the new rows took. Two executions appending at once would both read the same last row and write over each other (a lost
 * Enrichment-log row), or both create the sheet: the read and the write happen under the jobs' lock (the
 * document's and the user's; a trigger without a document has only the user's), flushed before it is
 * released so the next holder sees the rows.
 */
export function appendRows(
  workbook: WorkbookPort,
  sheetName: string,
  header: string[],
  rows: CellValue[][],
  dateFormat = DATE_FORMAT,
): { first: number; last: number } | null {
  if (rows.length === 0) return null;
  return jobsMutex().runExclusive(() => {
    let sheet = workbook.sheet(sheetName);
    let first: number;
    if (!sheet) {
      // A new sheet gets its header and first rows in one write, and has no last row to ask for.
      sheet = workbook.insertSheet(sheetName, { show: false });
      sheet.writeValues(1, 1, [header, ...rows]);
      first = 2;
    } else {
      first = Math.max(sheet.lastRow(), 1) + 1;
      sheet.writeValues(first, 1, rows);
    }
    // Dates in the sheets' one order (yyyy-mm-dd), not the locale's default (m/d/yyyy).
    formatDates(sheet, first, 1, rows, dateFormat);
    flushWrites();
    return { first, last: first + rows.length - 1 };
  }, APPEND_LOCK_MS);
}
