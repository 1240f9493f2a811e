// What the grid shows of one window of a sheet: each non-empty cell's display text, kind, formula and error.
import { rangeA1 } from "../../harness/a1.ts";
import type { Harness } from "../../harness/index.ts";
import { isDate } from "../../harness/realm.ts";
import type { CellView, GridWindow, SheetView } from "../protocol.ts";

/** Column widths follow the text of the sheet's first rows, so they stay put while the grid scrolls. */
const WIDTH_ROWS = 200;

export function sheetSnapshot(gas: Harness, name: string, asked: GridWindow): SheetView {
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
  const head = sheet.displayValues(rangeA1({ row: 1, col: 1, rows: Math.min(WIDTH_ROWS, rows), cols }));
  const textWidths = Array.from({ length: cols }, (_, c) =>
    head.reduce((longest, row) => Math.max(longest, row[c]!.length), 0),
  );
  return { name: sheet.name, rows, cols, window, cells, textWidths };
}
