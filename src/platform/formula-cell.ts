// Adapter over the cell a custom function runs in: its sheet, read once, for its siblings and the census.
import { censusOf, type OrgAttrUse } from "../core/formulas/census";
import { type SheetRead, siblingIdentifiersIn } from "../core/formulas/sheet-read";
import { readA1 } from "./active-range";

export interface FormulaCell {
  /**
   * The identifiers of the running formula's siblings (itself included), in row order; null when the
   * formula is not a filled-down single-cell call (a range argument, a fixed reference, no formula).
   */
  identifiers(): unknown[] | null;
  /** The ORG_ATTR formulas on the running formula's sheet, as what each asks for. */
  sheetUses(): OrgAttrUse[];
}

/**
 * The running cell, for one execution. Nothing is read until asked, and only by a formula about to buy
 * (a cached cell reads no sheet); then the sheet is read once (its last row and column, one getFormulas
 * and one getValues from A1) and both answers come from that read. The whole sheet rather than a window of
 * the column: a buying cell always takes the census right after its siblings (org-formula.ts), and the
 * census reads the whole sheet anyway.
 */
export function formulaCell(): FormulaCell {
  let cell: GoogleAppsScript.Spreadsheet.Range | null | undefined;
  let read: SheetRead | undefined;
  const active = () => {
    if (cell === undefined) cell = SpreadsheetApp.getActiveRange();
    return cell;
  };
  const sheetRead = (range: GoogleAppsScript.Spreadsheet.Range): SheetRead => {
    if (read) return read;
    const sheet = range.getSheet();
    const whole = sheet.getRange(1, 1, Math.max(1, sheet.getLastRow()), Math.max(1, sheet.getLastColumn()));
    read = { formulas: whole.getFormulas(), values: whole.getValues() };
    return read;
  };
  return {
    identifiers() {
      const range = active();
      if (!range) return null;
      if (range.getNumRows() !== 1 || range.getNumColumns() !== 1) return null;
      return siblingIdentifiersIn(sheetRead(range), { row: range.getRow(), column: range.getColumn() });
    },
    sheetUses() {
      const range = active();
      if (!range) return [];
      const { formulas, values } = sheetRead(range);
      return censusOf(formulas, values, readA1).uses;
    },
  };
}
