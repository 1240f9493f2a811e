// A block of cells a refresh corrects in place: what is there now (sheet, formulas, the hidden copy) and the
// planned writes of what it wants, made on the sheet and in the copy alike.

import { type ExistingBlock, planWrites } from "../../core/bulk/output";
import type { CellValue, SheetPort } from "../../core/sheet/port";

/** The cells at [row, column] (`count` × `width`) as planWrites reads them; `values` when already read. */
export function existingCells(
  sheet: SheetPort,
  copy: SheetPort | null,
  row: number,
  column: number,
  count: number,
  width: number,
  values: unknown[][] = sheet.readValues(row, column, count, width),
): ExistingBlock {
  return {
    values,
    formulas: sheet.readFormulas(row, column, count, width),
    ...(copy ? { written: copy.readValues(row, column, count, width) } : {}),
  };
}

/**
 * Writes `intended` (null: leave the cell) at [row, column] where planWrites lets a refresh, on the sheet and
 * in the copy, so the next refresh still knows those cells for the add-on's; `after` sees each write.
 */
export function writeIntended(
  sheet: SheetPort,
  copy: SheetPort | null,
  row: number,
  column: number,
  intended: (CellValue | null)[][],
  existing: ExistingBlock,
  after?: (row: number, column: number, values: CellValue[][]) => void,
): void {
  for (const op of planWrites(intended, existing, "refresh")) {
    const at = { row: row + op.rowOffset, column: column + op.columnOffset };
    sheet.writeValues(at.row, at.column, op.values);
    after?.(at.row, at.column, op.values);
    copy?.writeValues(at.row, at.column, op.values);
  }
}
