// Adapter over what the person has in front of them in Sheets: the selection, which sheet shows, pending
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

export function activeSheetName(): string {
  return SpreadsheetApp.getActiveSheet().getName();
}

/** Shows a sheet; false when there is none by that name. */
export function showSheet(name: string): boolean {
  const book = SpreadsheetApp.getActiveSpreadsheet();
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
  SpreadsheetApp.getActiveSpreadsheet().toast(message, title);
}
