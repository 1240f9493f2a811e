// A key-value store in a hidden sheet: background work lives in the spreadsheet it belongs to, which a
// published add-on's clock trigger (no document, so no document properties) still reaches by id.
import type { KeyValueStore } from "../core/jobs/chunked-store";
import { deletedRow, readStoreRows, storeRow } from "../core/jobs/store-rows";
import { hideAddonSheet } from "./hidden-sheet";

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** A cell holds at most 50,000 characters; records are split well below that (see ChunkedStore). */
export const SHEET_PART_BYTES = 40_000;

export interface SheetStore extends KeyValueStore {
  /**
   * Forgets what was read, so the next read sees other executions' writes (done on taking the lock); with
   * a version stamp, only when another execution has written since this one read or wrote.
   */
  refresh(): void;
  /** Whether the sheet is there (asked once per execution, the same ask the first read makes). */
  found(): boolean;
  /** Whether a person typed over or cleared a record's row, as last read (see readStoreRows). */
  damaged(): boolean;
  /** Marks the damaged rows as deleted, once what they held was rebuilt, so they are not reported again. */
  tidy(): void;
}

/**
 * The store's version, kept beside it in a cache: every writer changes it before it writes, so a reader
 * that finds the value it last saw knows the sheet holds nothing it has not read. Null: not known.
 */
export interface VersionStamp {
  get(): string | null;
  put(value: string): void;
}

/**
 * Rows of [key, value] in the hidden sheet `name`, read whole once per execution (one Range.getValues),
 * then kept in step with this execution's own writes until refresh(). A new key goes in with appendRow,
 * which Sheets applies as one step, so two executions adding keys at once never write the same row; a
 * deleted key's row is blanked, never removed, so the rows other executions know stay where they are.
 *
 * With a `stamp`, refresh() costs a cache read instead of reading the sheet again when nobody else wrote:
 * a job's checkpoint per wave reads the store only when another execution changed it.
 */
export function sheetStore(
  book: Book,
  name: string,
  stamp?: VersionStamp,
  { copy = false }: { copy?: boolean } = {},
): SheetStore {
  // A row's cells: key, value, check, and with `copy` the value again (see storeRow).
  const width = deletedRow(copy).length;
  let sheet: Sheet | null | undefined;
  let values: Map<string, string> | null = null;
  let rows = new Map<string, number>();
  let damaged: number[] = [];
  // The stamp that stood when `values` was read, or this execution's own since it wrote; null: unknown.
  let seen: string | null = null;
  // Whether refresh() was called: the stamp is read only then, so a sidebar poll that reads the store and
  // takes no lock pays nothing for it.
  let refreshed = false;
  /**
   * Every write changes the stamp, held lock or not (a write outside the lock must still be seen), before
   * it writes: should the write half happen, or the execution die, readers read the sheet again. This
   * execution takes the new stamp as its own only once its write is done and its copy holds it.
   */
  const written = (write: () => void): void => {
    const value = `${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 10)}`;
    stamp?.put(value);
    write();
    // What was read before the first refresh (outside any lock) is not known to be current: no stamp for it.
    seen = stamp && refreshed ? value : null;
  };

  const find = (): Sheet | null => {
    if (sheet === undefined) sheet = book.getSheetByName(name);
    return sheet;
  };
  const load = (): Map<string, string> => {
    if (values) return values;
    // Read before the sheet: a write after this read changes the stamp, so the next refresh reads again.
    seen = stamp && refreshed ? stamp.get() : null;
    const read = readStoreRows(find()?.getDataRange().getValues() ?? []);
    rows = read.rows;
    damaged = read.damaged;
    values = read.values;
    return read.values;
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
    hideAddonSheet(made, name);
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
      written(() => {
        const row = rowOf(key);
        if (row !== undefined)
          (find() as Sheet).getRange(row, 1, 1, width).setValues([storeRow(key, value, copy)]);
        else {
          sheet = find() ?? create();
          sheet.appendRow(storeRow(key, value, copy));
        }
        values?.set(key, value);
      });
    },
    delete: (key) => {
      load();
      written(() => {
        const row = rowOf(key);
        if (row !== undefined) (find() as Sheet).getRange(row, 1, 1, width).setValues([deletedRow(copy)]);
        values?.delete(key);
        rows.delete(key);
      });
    },
    found: () => find() !== null,
    damaged: () => {
      load();
      return damaged.length > 0;
    },
    tidy: () => {
      // Read again: a record appended since may have taken a cleared row at the end (appendRow does).
      values = null;
      load();
      const hurt = damaged;
      if (hurt.length === 0) return;
      written(() => {
        for (const row of hurt) (find() as Sheet).getRange(row, 1, 1, width).setValues([deletedRow(copy)]);
        damaged = [];
      });
    },
    refresh: () => {
      refreshed = true;
      // A sheet found missing before the lock may have been made since by another execution: look again.
      if (sheet === null) sheet = undefined;
      if (values && seen !== null && stamp?.get() === seen) return;
      values = null;
    },
  };
}
