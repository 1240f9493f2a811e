// Appends rows under a header on a named sheet, making the sheet with its header the first time —
// without taking the person's view there: logs and briefs are written while they work elsewhere.
import type { CellValue, WorkbookPort } from "../../core/bulk/sheet-port";

export function appendRows(
  workbook: WorkbookPort,
  sheetName: string,
  header: string[],
  rows: CellValue[][],
): void {
  if (rows.length === 0) return;
  let sheet = workbook.sheet(sheetName);
  if (!sheet) {
    sheet = workbook.insertSheet(sheetName, { show: false });
    sheet.writeValues(1, 1, [header]);
  }
  sheet.writeValues(Math.max(sheet.lastRow(), 1) + 1, 1, rows);
}
