// New sheets the Find, Lists, Signals and More screens write results to: named after what they hold ("List
// - Q3 targets"), cut to Sheets' limit, made unique in the workbook, header first.

import { MAX_SHEET_NAME } from "../../core/jobs/people";
import { type CellValue, type SheetPort, uniqueSheetName, type WorkbookPort } from "../../core/sheet/port";
import { type HeaderCell, writeServiceValues } from "../../core/sheet/values";
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

/**
 * Adds a sheet named `base` (or "base (2)"…) holding the header and the rows, written as every service
 * value is (see writeServiceValues); a header given with its API name keeps it in the header's note.
 */
export function writeNewSheet(
  workbook: WorkbookPort,
  base: string,
  header: readonly (string | HeaderCell)[],
  rows: CellValue[][],
  options?: { show?: boolean },
): SheetPort {
  const sheet = workbook.insertSheet(uniqueSheetName(workbook, base), options);
  writeTable(sheet, header, rows);
  // A shown sheet opens at its top, on the header, whatever was selected before.
  if (options?.show !== false) workbook.show(sheet.name, 1, 1, 1, 1);
  return sheet;
}

/** The header and rows from A1 in one setValues, then the header's notes and the dates' format. */
export function writeTable(
  sheet: SheetPort,
  header: readonly (string | HeaderCell)[],
  rows: CellValue[][],
): void {
  const cells = header.map((cell) => (typeof cell === "string" ? { label: cell, note: "" } : cell));
  writeServiceValues(sheet, 1, 1, [cells.map((cell) => cell.label), ...rows]);
  if (cells.some((cell) => cell.note !== "")) sheet.writeNotes(1, 1, [cells.map((cell) => cell.note)]);
}
