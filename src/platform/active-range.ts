// Adapter over what the person has in front of them in Sheets: the selection, which sheet shows, pending
import { activeSpreadsheetObject } from "./service-objects";
// writes made visible, and a yes/no question or a toast for menu actions.

/** A rectangle on a named sheet, 1-based. */
export interface SheetBlock {
  sheetName: string;
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** The selected range; null when Sheets reports none (no spreadsheet open). */
export function activeBlock(): SheetBlock | null {
  const range = SpreadsheetApp.getActiveRange();
  if (!range) return null;
  return {
    sheetName: range.getSheet().getName(),
    row: range.getRow(),
    column: range.getColumn(),
    rows: range.getNumRows(),
    columns: range.getNumColumns(),
  };
}

/** The sheet that is showing, as a block covering its content (A1 on an empty sheet). */
export function activeSheetBlock(): SheetBlock {
  const sheet = SpreadsheetApp.getActiveSheet();
  return {
    sheetName: sheet.getName(),
    row: 1,
    column: 1,
    rows: Math.max(1, sheet.getLastRow()),
    columns: Math.max(1, sheet.getLastColumn()),
  };
}

/** The sheet showing: its name, and its formulas and values from A1 to its last row and column. */
export function activeSheetGrid(): { name: string; formulas: string[][]; values: unknown[][] } {
  const sheet = SpreadsheetApp.getActiveSheet();
  const rows = Math.max(1, sheet.getLastRow());
  const columns = Math.max(1, sheet.getLastColumn());
  const range = sheet.getRange(1, 1, rows, columns);
  return { name: sheet.getName(), formulas: range.getFormulas(), values: range.getValues() };
}

/** The values of an A1 reference ("Leads!A2:A50"), or null when it names nothing that exists. */
export function readA1(a1: string): unknown[][] | null {
  try {
    return activeSpreadsheetObject().getRange(a1).getValues();
  } catch {
    return null;
  }
}

export function activeSheetName(): string {
  return SpreadsheetApp.getActiveSheet().getName();
}

/** Shows a sheet; false when there is none by that name. */
export function showSheet(name: string): boolean {
  const book = activeSpreadsheetObject();
  const sheet = book.getSheetByName(name);
  if (!sheet) return false;
  book.setActiveSheet(sheet);
  return true;
}

/** Applies pending writes, so what is read next reflects them (spills of replaced formulas gone). */
export function flushWrites(): void {
  SpreadsheetApp.flush();
}

/** Asks a yes/no question in a dialog; true only for Yes. */
export function confirmYesNo(title: string, message: string): boolean {
  const ui = SpreadsheetApp.getUi();
  return ui.alert(title, message, ui.ButtonSet.YES_NO) === ui.Button.YES;
}

/** A short note in the corner of the spreadsheet that needs no answer. */
export function showToast(message: string, title: string): void {
  activeSpreadsheetObject().toast(message, title);
}

/**
 * Selects several ranges of one sheet at once (a RangeList), showing the sheet first; false when the sheet
 * is gone. Only for a person's own click: it moves their view.
 */
export function selectRanges(sheetName: string, a1Ranges: readonly string[]): boolean {
  const sheet = activeSpreadsheetObject().getSheetByName(sheetName);
  if (!sheet || a1Ranges.length === 0) return false;
  sheet.activate();
  sheet.getRangeList([...a1Ranges]).activate();
  return true;
}
