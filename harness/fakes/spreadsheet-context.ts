// What the Spreadsheet, Sheet and Range fakes share in one execution, and their object-to-state maps.
import { type GridRange, parseA1, toGrid } from "../a1.ts";
import { GAS } from "../errors.ts";
import type { Execution } from "../execution.ts";
import type { Recalc } from "../formula/recalc.ts";
import type { SheetState, SpreadsheetState } from "../state/spreadsheet-state.ts";

export interface SpreadsheetContext {
  exec: Execution;
  doc: SpreadsheetState;
  recalc: Recalc;
}

export const sheetOf = new WeakMap<object, SheetState>();
/** The document behind each Spreadsheet object (getUserTriggers(spreadsheet) names one). */
export const bookOf = new WeakMap<object, SpreadsheetState>();
export const rangeOf = new WeakMap<object, { sheet: SheetState; grid: GridRange }>();

/** Checks a rectangle against the sheet the way getRange does. */
export function checkGrid(ctx: SpreadsheetContext, sheet: SheetState, grid: GridRange): GridRange {
  const fail = (message: string) => ctx.exec.fail(message);
  if (!Number.isInteger(grid.row) || grid.row < 1) fail(GAS.startRowTooSmall);
  if (!Number.isInteger(grid.col) || grid.col < 1) fail(GAS.startColumnTooSmall);
  if (!Number.isInteger(grid.rows) || grid.rows < 1) fail(GAS.rowsAtLeastOne);
  if (!Number.isInteger(grid.cols) || grid.cols < 1) fail(GAS.columnsAtLeastOne);
  if (grid.row + grid.rows - 1 > sheet.maxRows || grid.col + grid.cols - 1 > sheet.maxCols)
    fail(GAS.outsideSheet);
  return grid;
}

/** Reads "A1:B2" on `sheet`; a sheet-qualified reference must name that sheet. */
export function gridFromA1(ctx: SpreadsheetContext, sheet: SheetState, a1: string): GridRange {
  const ref = parseA1(a1);
  if (!ref || (ref.sheet !== null && ref.sheet.toLowerCase() !== sheet.name.toLowerCase())) {
    return ctx.exec.fail(GAS.rangeNotFound);
  }
  return checkGrid(ctx, sheet, toGrid(ref, sheet.maxRows, sheet.maxCols));
}
