// A key-value store in a hidden sheet: background work lives in the spreadsheet it belongs to, which a
// published add-on's clock trigger (no document, so no document properties) still reaches by id.
import type { KeyValueStore } from "../core/jobs/chunked-store";
import { hideAddonSheet } from "./hidden-sheet";

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Every value is written behind this mark, so one starting with "=" is text, never a formula. */
const MARK = "v";
/** A cell holds at most 50,000 characters; records are split well below that (see ChunkedStore). */
export const SHEET_PART_BYTES = 40_000;

export interface SheetStore extends KeyValueStore {
  /** Forgets what was read, so the next read sees other executions' writes (done on taking the lock). */
  refresh(): void;
}

/**
 * Rows of [key, value] in the hidden sheet `name`, read whole once per execution (one Range.getValues),
 * then kept in step with this execution's own writes until refresh(). A new key goes in with appendRow,
 * which Sheets applies as one step, so two executions adding keys at once never write the same row; a
 * deleted key's row is blanked, never removed, so the rows other executions know stay where they are.
 */
export function sheetStore(book: Book, name: string): SheetStore {
  let sheet: Sheet | null | undefined;
  let values: Map<string, string> | null = null;
  let rows = new Map<string, number>();

  const find = (): Sheet | null => {
    if (sheet === undefined) sheet = book.getSheetByName(name);
    return sheet;
  };
  const load = (): Map<string, string> => {
    if (values) return values;
    const read = new Map<string, string>();
    rows = new Map();
    const cells = find()?.getDataRange().getValues() ?? [];
    cells.forEach((row, i) => {
      const key = String(row[0] ?? "");
      const value = String(row[1] ?? "");
      if (key === "" || !value.startsWith(MARK)) return;
      read.set(key, value.slice(MARK.length));
      rows.set(key, i + 1);
    });
    values = read;
    return read;
  };
  const create = (): Sheet => {
    const viewing = book.getActiveSheet();
    let made: Sheet;
    try {
      made = book.insertSheet(name);
    } catch (error) {
      // Another execution made it first.
      const other = book.getSheetByName(name);
      if (!other) throw error;
      return other;
    }
    hideAddonSheet(made);
    // insertSheet shows the new sheet: the person stays where they were.
    if (viewing) book.setActiveSheet(viewing);
    return made;
  };
  const rowOf = (key: string): number | undefined => {
    if (!rows.has(key) && values?.has(key)) {
      // Added by this execution with appendRow, whose row is known only after reading again.
      values = null;
      load();
    }
    return rows.get(key);
  };

  return {
    get: (key) => load().get(key) ?? null,
    all: () => Object.fromEntries(load()),
    put: (key, value) => {
      load();
      const row = rowOf(key);
      if (row !== undefined) (find() as Sheet).getRange(row, 1, 1, 2).setValues([[key, MARK + value]]);
      else {
        sheet = find() ?? create();
        sheet.appendRow([key, MARK + value]);
      }
      values?.set(key, value);
    },
    delete: (key) => {
      load();
      const row = rowOf(key);
      if (row !== undefined) (find() as Sheet).getRange(row, 1, 1, 2).setValues([["", ""]]);
      values?.delete(key);
      rows.delete(key);
    },
    refresh: () => {
      values = null;
    },
  };
}
