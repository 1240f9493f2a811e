// Adapter over the cell a custom function runs in: its formula, and read-only looks at its column.
import { censusOf, type OrgAttrUse } from "../core/formulas/census";
import { siblingPattern, siblingRows } from "../core/formulas/siblings";
import { readA1 } from "./active-range";

/** How far up and down the column a custom function looks for its filled-down siblings. */
export const SIBLING_WINDOW_ROWS = 5_000;

/**
 * The identifiers of the running formula's siblings (itself included), in row order; null when the
 * formula is not a filled-down single-cell call (a range argument, a fixed reference, no formula).
 */
export function siblingIdentifiers(): unknown[] | null {
  const cell = SpreadsheetApp.getActiveRange();
  if (!cell) return null;
  if (cell.getNumRows() !== 1 || cell.getNumColumns() !== 1) return null;
  const row = cell.getRow();
  const pattern = siblingPattern(cell.getFormula(), row);
  if (!pattern) return null;
  const sheet = cell.getSheet();
  const first = Math.max(1, row - SIBLING_WINDOW_ROWS);
  const last = Math.min(sheet.getLastRow(), row + SIBLING_WINDOW_ROWS);
  if (last < first) return null;
  const formulas = sheet
    .getRange(first, cell.getColumn(), last - first + 1, 1)
    .getFormulas()
    .map((r) => r[0] as string);
  const rows = siblingRows(pattern, formulas, first);
  const top = (rows[0] as number) + pattern.offset;
  const bottom = (rows[rows.length - 1] as number) + pattern.offset;
  if (rows.length === 0 || top < 1) return null;
  const values = sheet
    .getRange(`${pattern.column.replace("$", "")}${top}:${pattern.column.replace("$", "")}${bottom}`)
    .getValues();
  return rows.map((r) => values[r + pattern.offset - top]?.[0] ?? "");
}

/**
 * The ORG_ATTR formulas on the running formula's sheet, as what each asks for: read (two reads of the
 * sheet) only by a formula about to buy, so it can buy for each organization what all of them ask at once.
 */
export function sheetOrgAttrUses(): OrgAttrUse[] {
  const cell = SpreadsheetApp.getActiveRange();
  if (!cell) return [];
  const sheet = cell.getSheet();
  const range = sheet.getRange(1, 1, Math.max(1, sheet.getLastRow()), Math.max(1, sheet.getLastColumn()));
  return censusOf(range.getFormulas(), range.getValues(), readA1).uses;
}
