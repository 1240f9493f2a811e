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

/**
 * What the name box does with `text`: the selection to go to, or why not ("Invalid range: …", the words
 * Sheets starts with), for text that is no cell or range and for one past the sheet's last cell.
 */
export function readNameBox(text: string, rows: number, cols: number): Selection | string {
  const typed = text.trim();
  const ref = parseA1(typed);
  if (!ref || ref.sheet !== null) {
    const shown = typed.length > 20 ? `${typed.slice(0, 20)}…` : typed;
    return `Invalid range: ${shown || "nothing"} is not a cell or a range such as B2 or A2:C9.`;
  }
  const selection = fromA1(typed, rows, cols);
  if (selection && selection.anchor.row <= rows && selection.anchor.col <= cols) return selection;
  return `Invalid range: ${typed.toUpperCase()} is past this sheet's last cell, ${cellA1(rows, cols)}.`;
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
