// Writes what happened to each row of a selection into a new column beside it: the column right of the
// selection when it is empty over those rows, else the first column after everything on the sheet, so
// nothing anyone typed is ever written over.
import { blockA1 } from "../../core/sheet/a1";
import { isEmptyCell } from "../../core/sheet/cells";
import type { ColumnCells } from "../sidebar/selection";

/** Whether a block of the sheet holds no value and no formula. */
function isEmptyBlock(cells: ColumnCells, column: number, row: number, rows: number): boolean {
  if (rows < 1) return true;
  const values = cells.sheet.readValues(row, column, rows, 1);
  const formulas = cells.sheet.readFormulas(row, column, rows, 1);
  return values.every((line, r) => isEmptyCell(line[0], formulas[r]?.[0]));
}

/** Writes `label` above the rows (when there is an empty cell for it) and one status per row; returns the A1 written. */
export function writeRowReport(
  cells: ColumnCells,
  label: string,
  statuses: readonly string[],
): string | null {
  if (statuses.length === 0) return null;
  const first = cells.firstDataRow;
  const rows = statuses.length;
  const beside = cells.column + 1;
  const column = isEmptyBlock(cells, beside, first, rows)
    ? beside
    : Math.max(cells.sheet.lastColumn(), cells.column) + 1;
  const labelRow = cells.headerRow ?? (first > 1 ? first - 1 : null);
  const withLabel = labelRow !== null && isEmptyBlock(cells, column, labelRow, 1);
  const top = withLabel ? (labelRow as number) : first;
  const block = [...(withLabel ? [[label]] : []), ...statuses.map((status) => [status])];
  cells.sheet.writeValues(top, column, block);
  return blockA1(top, column, block.length, 1);
}
