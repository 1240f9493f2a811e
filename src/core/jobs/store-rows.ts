// The rows of a key-value store kept in a hidden sheet, each with a check, so a person's edit is caught.
import { fnv1a32 } from "../text/hash";

/** Every value is written behind this mark, so one starting with "=" is text, never a formula. */
const MARK = "v";
/** The third cell: the row's key again and a hash of key and value, so a cell typed over is noticed. */
const CHECK = "#";
/** The third cell of a deleted key's row: the add-on blanked it, a person did not clear it. */
const DELETED = "-";

export type StoreCell = string;

function hashOf(key: string, value: string): string {
  return fnv1a32(`${key}\u0000${value}`).toString(36);
}

/**
 * The row that holds `key`'s `value`; with `copy`, the value again in a fourth cell, which the check
 * vouches for as it does the second: a person who types over one of them loses nothing (the jobs sheet,
 * whose stopped runs no other record may name; the prints sheet, rebuilt from the record, keeps none).
 */
export function storeRow(key: string, value: string, copy = false): StoreCell[] {
  const row = [key, MARK + value, `${CHECK}${hashOf(key, value)} ${key}`];
  return copy ? [...row, MARK + value] : row;
}

/** The row a deleted key leaves, so the rows other executions know stay where they are; as wide as its rows. */
export function deletedRow(copy = false): StoreCell[] {
  return copy ? ["", "", DELETED, ""] : ["", "", DELETED];
}

/** What a store sheet's rows hold: values by key, each key's row (1-based), and rows a person damaged. */
export interface StoreRows {
  values: Map<string, string>;
  rows: Map<string, number>;
  /**
   * Rows (1-based) whose record a person typed over or cleared: the record is lost, and the store's owner
   * rebuilds what it can from its other sources (src/server/jobs/services.ts).
   */
  damaged: number[];
}

/**
 * Reads the rows as written by storeRow. A row whose key was typed over is still its key's (the check
 * names it and vouches for the value); a row whose value was typed over is read from its copy when the
 * check vouches for that; one with neither, or cleared whole, is damaged. A row whose check alone was
 * typed over, and rows written before checks existed, are read as they stand.
 */
export function readStoreRows(cells: readonly (readonly unknown[])[]): StoreRows {
  const values = new Map<string, string>();
  const rows = new Map<string, number>();
  const damaged: number[] = [];
  cells.forEach((row, i) => {
    const key = String(row[0] ?? "");
    let value = String(row[1] ?? "");
    const check = String(row[2] ?? "");
    const marked = value.startsWith(MARK);
    const parsed = /^#([0-9a-z]+) (.+)$/s.exec(check);
    let found: string | null = null;
    if (parsed) {
      const named = parsed[2] as string;
      const vouched = (cell: string) =>
        cell.startsWith(MARK) && hashOf(named, cell.slice(MARK.length)) === parsed[1];
      const kept = [value, String(row[3] ?? "")].find(vouched);
      if (kept === undefined) {
        damaged.push(i + 1);
        return;
      }
      found = named;
      value = kept;
    } else if (key !== "" && marked) found = key;
    else if (check === "" && key === "" && value === "") {
      // Blank: a key deleted before deletions were marked, or a row a person cleared (the check was there).
      damaged.push(i + 1);
      return;
    }
    if (found === null) return;
    values.set(found, value.slice(MARK.length));
    rows.set(found, i + 1);
  });
  return { values, rows, damaged };
}
