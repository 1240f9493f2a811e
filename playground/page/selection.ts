// The grid's selection: an anchor cell and the cell the selection extends to, as a rectangle and in A1.
import { cellA1, parseA1 } from "../../harness/a1";

export interface Cell {
  row: number;
  col: number;
}

export interface Selection {
  anchor: Cell;
  focus: Cell;
}

export interface Rect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export function single(cell: Cell): Selection {
  return { anchor: cell, focus: cell };
}

export function rect(selection: Selection): Rect {
  const { anchor, focus } = selection;
  return {
    top: Math.min(anchor.row, focus.row),
    left: Math.min(anchor.col, focus.col),
    bottom: Math.max(anchor.row, focus.row),
    right: Math.max(anchor.col, focus.col),
  };
}

export function toA1(selection: Selection): string {
  const r = rect(selection);
  const start = cellA1(r.top, r.left);
  return r.top === r.bottom && r.left === r.right ? start : `${start}:${cellA1(r.bottom, r.right)}`;
}

/** A selection from A1 text typed in the name box, or null when it is not a cell or a range. */
export function fromA1(text: string, rows: number, cols: number): Selection | null {
  const ref = parseA1(text);
  if (!ref || ref.sheet !== null) return null;
  const anchor = { row: ref.startRow, col: ref.startCol };
  const focus = { row: ref.endRow ?? rows, col: ref.endCol ?? cols };
  if (focus.row > rows || focus.col > cols) return null;
  return { anchor, focus };
}

export function contains(r: Rect, cell: Cell): boolean {
  return cell.row >= r.top && cell.row <= r.bottom && cell.col >= r.left && cell.col <= r.right;
}

/** Moves a cell by a step, staying on the sheet. */
export function step(cell: Cell, rows: number, cols: number, dRow: number, dCol: number): Cell {
  return {
    row: Math.min(rows, Math.max(1, cell.row + dRow)),
    col: Math.min(cols, Math.max(1, cell.col + dCol)),
  };
}
