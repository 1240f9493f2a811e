// Adapter: the memory of which formula cells failed and why, in the document cache (a custom function may
// write it; no daily quota), one entry per sheet by its id, so Check this sheet can list `#ERROR!` by kind.
import { type ErrorMemory, parseMemory, remember } from "../core/formulas/error-memory";
import { tryExclusive } from "../core/spending/mutex";
import { documentCache } from "./cache";
import { documentMutex } from "./lock";

const KEY = "formula-errors:";
/** Apps Script's longest cache lifetime: a note older than 6 hours reads "not noted". */
const SECONDS = 21_600;
/** A failing cell waits this long for the lock, then leaves its note out (the cell still says why on hover). */
const NOTE_LOCK_MS = 500;

/**
 * Notes the running formula cell's sentence. Never throws: the cell's own error is what matters, and a
 * note the lock or cache keeps out only makes Check this sheet count the cell as "not noted".
 */
export function noteFormulaError(sentence: string): void {
  try {
    const range = SpreadsheetApp.getActiveRange();
    if (!range) return;
    const key = `${KEY}${range.getSheet().getSheetId()}`;
    const a1 = range.getCell(1, 1).getA1Notation();
    tryExclusive(
      documentMutex(),
      () => {
        const cache = documentCache();
        cache.put(key, JSON.stringify(remember(parseMemory(cache.get(key)), a1, sentence)), SECONDS);
      },
      NOTE_LOCK_MS,
    );
  } catch {
    // No note: the cell still shows its sentence on hover.
  }
}

/** The memory of the sheet in view (by its id), and a function that keeps only what is still failing. */
export function sheetErrorMemory(sheetId: number): { memory: ErrorMemory; keep(next: ErrorMemory): void } {
  const key = `${KEY}${sheetId}`;
  const cache = documentCache();
  return {
    memory: parseMemory(cache.get(key)),
    keep: (next) => {
      try {
        if (next.cells.length === 0) cache.remove(key);
        else cache.put(key, JSON.stringify(next), SECONDS);
      } catch {
        // Pruned next time.
      }
    },
  };
}

/** The sheet in view's id and the cells holding "Status" with the add-on's Status note (run Status columns). */
export function activeStatusHeaders(
  values: readonly (readonly unknown[])[],
  header: string,
  note: string,
): { sheetId: number; headers: { row: number; column: number }[] } {
  const sheet = SpreadsheetApp.getActiveSheet();
  const headers: { row: number; column: number }[] = [];
  values.forEach((cells, r) => {
    cells.forEach((value, c) => {
      if (value === header && sheet.getRange(r + 1, c + 1).getNote() === note)
        headers.push({ row: r + 1, column: c + 1 });
    });
  });
  return { sheetId: sheet.getSheetId(), headers };
}

/** Selects `ranges` of the named sheet (Check this sheet's "Select"); false when the sheet is gone. */
export function selectCells(sheetName: string, ranges: readonly string[]): boolean {
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName);
  if (!sheet || ranges.length === 0) return false;
  sheet.activate();
  sheet.getRangeList([...ranges]).activate();
  return true;
}
