// Appends rows under a header on a named sheet, making the sheet with its header the first time —
// without taking the person's view there: logs and briefs are written while they work elsewhere.
import {
  appendFormats,
  decodeFormatted,
  encodeFormatted,
  type FormatMemory,
} from "../../core/bulk/append-formats";
import { LOG_SHEET, LOG_TIME_COLUMN, LOG_TIME_FORMAT, logHeader } from "../../core/jobs/enrichment-log";
import type { CellValue, WorkbookPort } from "../../core/sheet/port";
import { DATE_FORMAT } from "../../core/sheet/values";
import { flushWrites } from "../../platform/active-range";
import { formatMemory } from "../../platform/format-memory";
import { jobsMutex } from "../../platform/lock";

// Long enough to outwait another execution's append; an append that cannot get the lock fails loudly.
export const APPEND_LOCK_MS = 30_000;

export interface AppendOptions {
  /** The number format of the rows' dates (yyyy-mm-dd by default). */
  dateFormat?: string;
  /**
   * Columns (from 1) holding a date in every row, such as the log's Time: formatted once over the sheet's
   * rows and remembered in the script cache, so an append within them writes no format. Dates in other
   * columns are formatted where they are written.
   */
  dateColumns?: readonly number[];
}

/**
 * Answers the sheet rows the new rows took. Two executions appending at once would both read the same last row and write over each other (a lost
 * Enrichment-log row), or both create the sheet: the read and the write happen under the jobs' lock (the
 * document's and the user's; a trigger without a document has only the user's), flushed before it is
 * released so the next holder sees the rows.
 */
export function appendRows(
  workbook: WorkbookPort,
  sheetName: string,
  header: string[] | (() => string[]),
  rows: CellValue[][],
  options: AppendOptions = {},
): { first: number; last: number } | null {
  if (rows.length === 0) return null;
  const format = options.dateFormat ?? DATE_FORMAT;
  const dateColumns = options.dateColumns ?? [];
  return jobsMutex().runExclusive(() => {
    const found = workbook.sheet(sheetName);
    const sheet = found ?? workbook.insertSheet(sheetName, { show: false });
    const memory: FormatMemory | null =
      dateColumns.length > 0 ? formatMemory(workbook.id(), sheetName) : null;
    // A new sheet has no last row to ask for, and whatever the cache says of a sheet of that name was
    // another sheet's.
    const first = found ? Math.max(found.lastRow(), 1) + 1 : 2;
    const remembered = found && memory ? decodeFormatted(memory.recall()) : null;
    const plan = appendFormats({ rows, first, dateColumns, format, remembered, maxRows: sheet.maxRows() });
    if (plan.growTo !== null) sheet.growTo(plan.growTo);
    // A new sheet gets its header and first rows in one write.
    // A header that names the spreadsheet's zone is asked for only when the sheet is made.
    sheet.writeValues(
      found ? first : 1,
      1,
      found ? rows : [typeof header === "function" ? header() : header, ...rows],
    );
    // Dates in the sheets' one order (yyyy-mm-dd), not the locale's default (m/d/yyyy).
    for (const block of plan.blocks)
      sheet.setNumberFormat(block.row, block.column, block.rows, block.columns, format);
    flushWrites();
    if (memory && plan.remember) memory.remember(encodeFormatted(plan.remember));
    return { first, last: first + rows.length - 1 };
  }, APPEND_LOCK_MS);
}

/** Appends rows to the Enrichment log: its Time column formatted once for the sheet (see appendRows). */
export function appendLogRows(
  workbook: WorkbookPort,
  rows: CellValue[][],
): { first: number; last: number } | null {
  return appendRows(workbook, LOG_SHEET, () => logHeader(workbook.timeZone()), rows, {
    dateFormat: LOG_TIME_FORMAT,
    dateColumns: [LOG_TIME_COLUMN],
  });
}
