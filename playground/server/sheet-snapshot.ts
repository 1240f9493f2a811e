// What the grid shows of one window of a sheet: each non-empty cell's display text, kind, formula and error.
import { rangeA1 } from "../../harness/a1.ts";
import type { Harness } from "../../harness/index.ts";
import { isDate } from "../../harness/realm.ts";
import type { CellView, GridWindow, SheetView } from "../protocol.ts";

/** Column widths follow the text of the sheet's first rows, so they stay put while the grid scrolls. */
const WIDTH_ROWS = 200;

/**
 * `widths` are the sheet's column text widths when the caller has them (they change only with the sheet):
 * measuring them formats the first 200 rows of every column, a good part of a jump's time on a large sheet.
 */
export function sheetSnapshot(
  gas: Harness,
  name: string,
  asked: GridWindow,
  widths: number[] = textWidths(gas, name),
): SheetView {
  const sheet = gas.sheet(name);
  const rows = sheet.maxRows;
  const cols = sheet.maxColumns;
  const window: GridWindow = {
    top: Math.min(asked.top, rows),
    bottom: Math.min(asked.bottom, rows),
    left: Math.min(asked.left, cols),
    right: Math.min(asked.right, cols),
  };
  const area = rangeA1({
    row: window.top,
    col: window.left,
    rows: window.bottom - window.top + 1,
    cols: window.right - window.left + 1,
  });
  // One pass over the window: each cell's value, display, formula, note, format and error together.
  const snapshots = sheet.cells(area);
  const loading = sheet.loading(area);
  const cells: CellView[] = [];
  snapshots.forEach((row, r) => {
    row.forEach((snapshot, c) => {
      const { value, formula } = snapshot;
      // A cell with only a note is shown too: the note's mark and its text on hover.
      if (value === "" && !formula && !snapshot.note) return;
      const cell: CellView = {
        row: window.top + r,
        col: window.left + c,
        display: snapshot.display,
        kind: isDate(value)
          ? "date"
          : typeof value === "number"
            ? "number"
            : typeof value === "boolean"
              ? "boolean"
              : "text",
      };
      if (snapshot.note) cell.note = snapshot.note;
      if (snapshot.format) cell.format = snapshot.format;
      if (formula) {
        cell.formula = formula;
        if (loading[r]![c]) cell.loading = true;
        // Only a formula's anchor carries an error, and its value is then the error's code.
        if (typeof value === "string" && value.startsWith("#") && snapshot.error !== null) {
          cell.kind = "error";
          cell.error = snapshot.error;
        }
      }
      cells.push(cell);
    });
  });
  return { name: sheet.name, rows, cols, window, cells, textWidths: widths };
}

/** Per column, the longest display text in the sheet's first rows: what the grid's column widths follow. */
export function textWidths(gas: Harness, name: string): number[] {
  const sheet = gas.sheet(name);
  const rows = Math.min(WIDTH_ROWS, sheet.maxRows);
  const head = sheet.displayValues(rangeA1({ row: 1, col: 1, rows, cols: sheet.maxColumns }));
  return Array.from({ length: sheet.maxColumns }, (_, c) =>
    head.reduce((longest, row) => Math.max(longest, row[c]!.length), 0),
  );
}
