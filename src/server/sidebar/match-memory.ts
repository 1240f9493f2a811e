// What matching domains and names to ids already bought, kept on a hidden sheet of the spreadsheet (far
// roomier than the 500 KB property store, and never expired or evicted): a match is paid once, and a
// retry, a refresh or another screen asking for the same organization reads it here for free.
import type { CellValue, WorkbookPort } from "../../core/bulk/sheet-port";
import { documentMutex } from "../../platform/lock";
import { appendRows } from "../jobs/append-rows";

export const MATCH_SHEET = "Enrichment matches";
const MATCH_HEADER = ["Organization", "Id", "Matched"];
const CREATE_LOCK_MS = 30_000;

/** The ids already bought, by read key ("url:acme.com", "name:acme"); empty when none were. */
export function rememberedMatches(workbook: WorkbookPort): Map<string, number> {
  const known = new Map<string, number>();
  const sheet = workbook.sheet(MATCH_SHEET);
  if (!sheet) return known;
  const last = sheet.lastRow();
  if (last < 2) return known;
  for (const [key, id] of sheet.readValues(2, 1, last - 1, 2)) {
    if (typeof key === "string" && key !== "" && typeof id === "number" && Number.isSafeInteger(id)) {
      known.set(key, id);
    }
  }
  return known;
}

/**
 * Keeps the ids a paid match just found. Never throws: the match is paid and its answer in hand, so a
 * sheet that cannot be written now only means a later match of the same organizations is bought again.
 */
export function rememberMatches(workbook: WorkbookPort, found: ReadonlyMap<string, number>, at: Date): void {
  if (found.size === 0) return;
  const rows: CellValue[][] = [...found].map(([key, id]) => [key, id, at]);
  try {
    // Hidden, and made under the lock: two executions would otherwise both add it.
    if (!workbook.sheet(MATCH_SHEET)) {
      documentMutex().runExclusive(() => {
        if (workbook.sheet(MATCH_SHEET)) return;
        workbook.insertSheet(MATCH_SHEET, { show: false, hidden: true }).writeValues(1, 1, [MATCH_HEADER]);
      }, CREATE_LOCK_MS);
    }
    appendRows(workbook, MATCH_SHEET, MATCH_HEADER, rows);
  } catch {
    // See above: a record, not the answer.
  }
}
