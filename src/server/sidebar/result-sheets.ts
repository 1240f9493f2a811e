// New sheets the Lists, Signals and More screens write results to: named after what they hold ("List -
// Q3 targets"), cut to Sheets' limit, made unique in the workbook, header first.
import {
  type CellValue,
  type SheetPort,
  uniqueSheetName,
  type WorkbookPort,
} from "../../core/bulk/sheet-port";
import { MAX_SHEET_NAME } from "../../core/jobs/people";
import type { Spent } from "./paid-log";

/** What an import into a new sheet tells the sidebar. */
export interface ImportedSheet extends Spent {
  sheetName: string;
  rows: number;
  message: string;
}

/** "List - Q3 targets": a prefix and a name, spaces collapsed, cut to Sheets' limit on sheet names. */
export function namedSheetBase(prefix: string, name: string): string {
  return `${prefix} - ${name.replace(/\s+/g, " ").trim()}`.slice(0, MAX_SHEET_NAME).trim();
}

/** Adds a sheet named `base` (or "base (2)"…) holding the header and the rows; returns the sheet. */
export function writeNewSheet(
  workbook: WorkbookPort,
  base: string,
  header: readonly string[],
  rows: CellValue[][],
): SheetPort {
  const sheet = workbook.insertSheet(uniqueSheetName(workbook, base));
  sheet.writeValues(1, 1, [[...header], ...rows]);
  return sheet;
}
