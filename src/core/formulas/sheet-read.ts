// What a buying formula learns from one read of its sheet: its filled-down siblings' identifiers and the
// sheet's ORG_ATTR census, both from the same formulas and values, so the cell reads the sheet once.
import { columnNumber } from "../sheet/a1";
import { siblingPattern, siblingRows } from "./siblings";

/** How far up and down the column a custom function looks for its filled-down siblings. */
export const SIBLING_WINDOW_ROWS = 5_000;

/** A sheet's formulas and values from A1 to its last row and column (one getFormulas, one getValues). */
export interface SheetRead {
  formulas: readonly (readonly string[])[];
  values: readonly (readonly unknown[])[];
}

/** The running formula's cell, 1-based. */
export interface CellAt {
  row: number;
  column: number;
}

/**
 * The identifiers of the formula in `cell` and its siblings within `windowRows` above and below, in row
 * order; null when the formula is not a filled-down single-cell call (a range argument, a fixed reference,
 * no formula). Cells beyond the read are blank, as they are on the sheet.
 */
export function siblingIdentifiersIn(
  sheet: SheetRead,
  cell: CellAt,
  windowRows = SIBLING_WINDOW_ROWS,
): unknown[] | null {
  const pattern = siblingPattern(sheet.formulas[cell.row - 1]?.[cell.column - 1] ?? "", cell.row);
  if (!pattern) return null;
  const first = Math.max(1, cell.row - windowRows);
  const last = Math.min(sheet.formulas.length, cell.row + windowRows);
  const column: string[] = [];
  for (let r = first; r <= last; r++) column.push(sheet.formulas[r - 1]?.[cell.column - 1] ?? "");
  const rows = siblingRows(pattern, column, first);
  if (rows.length === 0 || (rows[0] as number) + pattern.offset < 1) return null;
  // The pattern's letters are 1 to 3, within the sheet's 18,278 columns.
  const input = columnNumber(pattern.column.replace("$", "")) as number;
  return rows.map((r) => sheet.values[r + pattern.offset - 1]?.[input - 1] ?? "");
}
