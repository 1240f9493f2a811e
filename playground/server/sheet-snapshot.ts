// What the grid shows of one sheet: every non-empty cell's display text, kind, formula and error message.
import { cellA1 } from "../../harness/a1.ts";
import type { Harness } from "../../harness/index.ts";
import { isDate } from "../../harness/realm.ts";
import type { CellView, SheetView } from "../protocol.ts";

export function sheetSnapshot(gas: Harness, name: string): SheetView {
  const sheet = gas.sheet(name);
  const values = sheet.values();
  const displays = sheet.displayValues();
  const formulas = sheet.formulas();
  const cells: CellView[] = [];
  values.forEach((row, r) => {
    row.forEach((value, c) => {
      const formula = formulas[r]![c]!;
      if (value === "" && !formula) return;
      const a1 = cellA1(r + 1, c + 1);
      const cell: CellView = {
        row: r + 1,
        col: c + 1,
        display: displays[r]![c]!,
        kind: isDate(value)
          ? "date"
          : typeof value === "number"
            ? "number"
            : typeof value === "boolean"
              ? "boolean"
              : "text",
      };
      const { note, format } = sheet.cell(a1);
      if (note) cell.note = note;
      if (format) cell.format = format;
      if (formula) {
        cell.formula = formula;
        // Only a formula's anchor carries an error, and its value is then the error's code.
        const error = typeof value === "string" && value.startsWith("#") ? sheet.cell(a1).error : null;
        if (error !== null) {
          cell.kind = "error";
          cell.error = error;
        }
      }
      cells.push(cell);
    });
  });
  return { name: sheet.name, rows: sheet.maxRows, cols: sheet.maxColumns, cells };
}
