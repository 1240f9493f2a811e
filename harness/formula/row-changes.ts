// How inserting, deleting and moving rows rewrites references, as Sheets adjusts formulas on any sheet.
import type { A1Ref } from "../a1.ts";
import { type FormulaRef, mapReferences } from "./references.ts";

/** A change to a sheet's rows, numbered as before the change. */
export type RowChange =
  | { kind: "insert"; before: number; count: number }
  | { kind: "delete"; row: number; count: number }
  | { kind: "move"; from: number; count: number; before: number };

/** Where the cell in `row` ends up; null when its row was deleted. */
export function cellRow(row: number, change: RowChange): number | null {
  switch (change.kind) {
    case "insert":
      return row >= change.before ? row + change.count : row;
    case "delete": {
      const last = change.row + change.count - 1;
      if (row < change.row) return row;
      return row > last ? row - change.count : null;
    }
    case "move": {
      const { from, count, before } = change;
      const last = from + count - 1;
      if (row >= from && row <= last)
        return before > from ? row + before - from - count : row - from + before;
      if (before > last && row > last && row < before) return row - count;
      if (before < from && row >= before && row < from) return row + count;
      return row;
    }
  }
}

/**
 * A range's rows after the change (`end` null: open-ended, it stays open), or null when every row of it was
 * deleted. Inserting inside a range grows it and deleting inside shrinks it; a range wholly inside moved rows
 * moves with them, while one they leave loses them and one they land inside gains them.
 */
export function rangeRows(
  start: number,
  end: number | null,
  change: RowChange,
): { start: number; end: number | null } | null {
  switch (change.kind) {
    case "insert": {
      const shift = (row: number) => (row >= change.before ? row + change.count : row);
      return { start: shift(start), end: end === null ? null : shift(end) };
    }
    case "delete": {
      const first = change.row;
      const last = first + change.count - 1;
      if (start >= first && end !== null && end <= last) return null;
      const newStart = start < first ? start : start > last ? start - change.count : first;
      const newEnd = end === null ? null : end < first ? end : end > last ? end - change.count : first - 1;
      return { start: newStart, end: newEnd };
    }
    case "move": {
      const { from, count, before } = change;
      if (start >= from && end !== null && end <= from + count - 1)
        return { start: cellRow(start, change)!, end: cellRow(end, change)! };
      const left = rangeRows(start, end, { kind: "delete", row: from, count })!;
      const at = before > from ? before - count : before;
      return rangeRows(left.start, left.end, { kind: "insert", before: at, count });
    }
  }
}

/**
 * Rewrites the references a formula on sheet `formulaSheet` makes to sheet `target` after `change` to that
 * sheet's rows ("$" rows too: Sheets adjusts absolute references for structure changes). A reference to
 * deleted rows becomes #REF!; whole columns ("A:A") stay. `inexact` hears of each reference that now covers
 * other cells than before (grown, shrunk or gone), so the formula must run again.
 */
export function adjustForRows(
  formula: string,
  formulaSheet: string,
  target: string,
  change: RowChange,
  inexact: () => void = () => {},
): string {
  const wanted = target.toLowerCase();
  return mapReferences(formula, (ref): FormulaRef | "#REF!" | null => {
    if ((ref.sheet ?? formulaSheet).toLowerCase() !== wanted || ref.start.row === null) return null;
    if (!ref.end) {
      const row = cellRow(ref.start.row, change);
      if (row === null) inexact();
      return row === null ? "#REF!" : { ...ref, start: { ...ref.start, row } };
    }
    const rows = rangeRows(ref.start.row, ref.end.row, change);
    const follows =
      rows !== null &&
      rows.start === cellRow(ref.start.row, change) &&
      (ref.end.row === null || rows.end === cellRow(ref.end.row, change)) &&
      (rows.end === null || ref.end.row === null || rows.end - rows.start === ref.end.row - ref.start.row);
    if (!follows) inexact();
    if (!rows) return "#REF!";
    return { ...ref, start: { ...ref.start, row: rows.start }, end: { ...ref.end, row: rows.end } };
  });
}

/** A dependency's reference after the change (a whole column, row 1 to the end, stays); null when deleted. */
export function adjustDependency(ref: A1Ref, change: RowChange): A1Ref | null {
  if (ref.endRow === null && ref.startRow === 1) return ref;
  if (ref.endRow === ref.startRow && ref.endCol === ref.startCol) {
    const row = cellRow(ref.startRow, change);
    return row === null ? null : { ...ref, startRow: row, endRow: row };
  }
  const rows = rangeRows(ref.startRow, ref.endRow, change);
  return rows && { ...ref, startRow: rows.start, endRow: rows.end };
}
