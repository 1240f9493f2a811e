// Adapter over the active range: the sheet and block of cells the person has selected.

export interface ActiveSelection {
  sheetName: string;
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** The selected block; Sheets always has one (a lone cursor is a one-cell range), null outside a spreadsheet. */
export function activeSelection(): ActiveSelection | null {
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
