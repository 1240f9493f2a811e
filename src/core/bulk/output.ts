// How a chunk reaches the sheet: one setValues per block, never rewriting a typed value or formula.
import { isEmptyCell } from "../sheet/cells";
import type { CellValue } from "../sheet/port";

/**
 * "fill-empty" writes only into empty cells; "replace" writes every intended cell (consent given);
 * "refresh" writes into empty cells and cells still holding what the add-on last wrote there, and never
 * into a cell someone edited since (a scheduled refresh).
 */
export type WritePolicy = "fill-empty" | "replace" | "refresh";

/** What the block holds now; formulas "" where a cell has none. */
export interface ExistingBlock {
  values: readonly (readonly unknown[])[];
  formulas: readonly (readonly string[])[];
  /** For "refresh": what the add-on last wrote into each cell ("" where it wrote nothing). */
  written?: readonly (readonly unknown[])[];
}

/** Whether a cell may be written under `policy`: empty, or consent given, or unchanged since the add-on wrote it. */
export function mayWrite(existing: ExistingBlock | null, r: number, c: number, policy: WritePolicy): boolean {
  if (existing === null || isEmptyCell(existing.values[r]?.[c], existing.formulas[r]?.[c])) return true;
  if (policy === "replace") return true;
  if (policy === "fill-empty" || existing.formulas[r]?.[c]) return false;
  const written = existing.written?.[r]?.[c];
  return !isEmptyCell(written, undefined) && sameCell(existing.values[r]?.[c], written);
}

/** A non-empty cell a refresh leaves alone because someone changed it since the add-on wrote it. */
export function isEdited(existing: ExistingBlock | null, r: number, c: number): boolean {
  return existing !== null && !mayWrite(existing, r, c, "refresh");
}

function sameCell(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  return a === b;
}

export interface WriteOp {
  rowOffset: number;
  columnOffset: number;
  values: CellValue[][];
}

/**
 * `intended[r][c]` is the value for a cell, or null to leave it as it is (rows with a blank or invalid
 * identifier). `existing` null means the block is known to be empty. Returns the setValues calls to make:
 * one for the whole block when nothing in it must be kept, else one per run of writable cells in a column
 * (a kept cell is never rewritten, not even with itself: Sheets re-reads written text, and a formula
 * would become its value); none when there is nothing to change.
 */
export function planWrites(
  intended: readonly (readonly (CellValue | null)[])[],
  existing: ExistingBlock | null,
  policy: WritePolicy,
): WriteOp[] {
  const rows = intended.length;
  const columns = intended[0]?.length ?? 0;
  if (rows === 0 || columns === 0) return [];
  // final[r][c]: what the cell will hold, or null where its content must stay untouched.
  const final: (CellValue | null)[][] = [];
  const changes: boolean[][] = [];
  let keeps = 0;
  let anyChange = false;
  for (let r = 0; r < rows; r++) {
    const row: (CellValue | null)[] = [];
    const changed: boolean[] = [];
    for (let c = 0; c < columns; c++) {
      const wanted = intended[r]?.[c] ?? null;
      const empty = existing === null || isEmptyCell(existing.values[r]?.[c], existing.formulas[r]?.[c]);
      let cell: CellValue | null;
      if (!empty && (wanted === null || !mayWrite(existing, r, c, policy))) cell = null;
      else cell = wanted ?? "";
      if (cell === null) keeps++;
      const change = cell !== null && !(cell === "" && empty);
      anyChange ||= change;
      row.push(cell);
      changed.push(change);
    }
    final.push(row);
    changes.push(changed);
  }
  if (!anyChange) return [];
  if (keeps === 0) return [{ rowOffset: 0, columnOffset: 0, values: final as CellValue[][] }];
  const ops: WriteOp[] = [];
  for (let c = 0; c < columns; c++) {
    let r = 0;
    while (r < rows) {
      if (final[r]?.[c] === null) {
        r++;
        continue;
      }
      const start = r;
      let changed = false;
      while (r < rows && final[r]?.[c] !== null) {
        changed ||= changes[r]?.[c] === true;
        r++;
      }
      if (changed) {
        ops.push({
          rowOffset: start,
          columnOffset: c,
          values: final.slice(start, r).map((row) => [row[c] as CellValue]),
        });
      }
    }
  }
  return ops;
}
