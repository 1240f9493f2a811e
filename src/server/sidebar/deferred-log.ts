// Enrichment-log rows of paid sidebar actions that could not be appended when they were paid (another
// execution held the log's lock too long): kept in the document's properties, each under its own key so no
// lock is needed, and appended by the next sidebar call that spends. A paid answer never loses its row.
import type { CellValue, WorkbookPort } from "../../core/bulk/sheet-port";
import { LOG_HEADER, LOG_SHEET, LOG_TIME_FORMAT } from "../../core/jobs/enrichment-log";
import { propertyStore } from "../../platform/properties";
import { appendRows } from "../jobs/append-rows";

export const DEFERRED_LOG_PREFIX = "paid:logrow:";

/** Dates survive the trip through JSON as marked strings. */
const DATE_MARK = "\u0000date:";

function encode(rows: CellValue[][]): string {
  return JSON.stringify(
    rows.map((row) => row.map((cell) => (cell instanceof Date ? DATE_MARK + cell.toISOString() : cell))),
  );
}

function decode(text: string): CellValue[][] {
  const rows = JSON.parse(text) as CellValue[][];
  return rows.map((row) =>
    row.map((cell) =>
      typeof cell === "string" && cell.startsWith(DATE_MARK) ? new Date(cell.slice(DATE_MARK.length)) : cell,
    ),
  );
}

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
    const store = propertyStore("document");
    if (!store) return false;
    try {
      // Keys sort in the order the rows were kept: time first, then a random tail against ties.
      const key = `${DEFERRED_LOG_PREFIX}${Date.now().toString(36).padStart(9, "0")}-${Math.floor(Math.random() * 1e9).toString(36)}`;
      store.put(key, encode(rows));
      return true;
    } catch {
      return false;
    }
  }
}

/** Appends the rows kept by earlier calls, oldest first, and forgets them once they are in the log. */
export function flushDeferredLog(workbook: WorkbookPort): void {
  const store = propertyStore("document");
  if (!store) return;
  const kept = Object.entries(store.all())
    .filter(([key]) => key.startsWith(DEFERRED_LOG_PREFIX))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (kept.length === 0) return;
  const rows = kept.flatMap(([, text]) => {
    try {
      return decode(text);
    } catch {
      return [];
    }
  });
  try {
    appendRows(workbook, LOG_SHEET, LOG_HEADER, rows, LOG_TIME_FORMAT);
  } catch {
    // Still kept: a later call tries again.
    return;
  }
  for (const [key] of kept) store.delete(key);
}
