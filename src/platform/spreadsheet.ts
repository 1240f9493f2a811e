// Adapter over SpreadsheetApp for bulk runs and job writers: sheets as SheetPort, grown before writes.
import type { CellValue, SheetPort, WorkbookPort } from "../core/bulk/sheet-port";
import { hideAddonSheet } from "./hidden-sheet";
import { activeSpreadsheetObject } from "./service-objects";
import { zonedMidnight } from "./spreadsheet-time";

function sheetPort(sheet: GoogleAppsScript.Spreadsheet.Sheet): SheetPort {
  return {
    name: sheet.getName(),
    lastRow: () => sheet.getLastRow(),
    lastColumn: () => sheet.getLastColumn(),
    maxRows: () => sheet.getMaxRows(),
    readValues: (row, column, rows, columns) => {
      // Cells past the sheet's edge hold nothing; asking for them would fail.
      const maxRows = sheet.getMaxRows();
      const maxColumns = sheet.getMaxColumns();
      const inRows = Math.max(0, Math.min(rows, maxRows - row + 1));
      const inColumns = Math.max(0, Math.min(columns, maxColumns - column + 1));
      const values =
        inRows > 0 && inColumns > 0 ? sheet.getRange(row, column, inRows, inColumns).getValues() : [];
      return Array.from({ length: rows }, (_r, r) =>
        Array.from({ length: columns }, (_c, c) => values[r]?.[c] ?? ""),
      );
    },
    readFormulas: (row, column, rows, columns) => {
      const maxRows = sheet.getMaxRows();
      const maxColumns = sheet.getMaxColumns();
      const inRows = Math.max(0, Math.min(rows, maxRows - row + 1));
      const inColumns = Math.max(0, Math.min(columns, maxColumns - column + 1));
      const formulas =
        inRows > 0 && inColumns > 0 ? sheet.getRange(row, column, inRows, inColumns).getFormulas() : [];
      return Array.from({ length: rows }, (_r, r) =>
        Array.from({ length: columns }, (_c, c) => formulas[r]?.[c] ?? ""),
      );
    },
    readNotes: (row, column, rows, columns) => {
      const maxRows = sheet.getMaxRows();
      const maxColumns = sheet.getMaxColumns();
      const inRows = Math.max(0, Math.min(rows, maxRows - row + 1));
      const inColumns = Math.max(0, Math.min(columns, maxColumns - column + 1));
      const notes =
        inRows > 0 && inColumns > 0 ? sheet.getRange(row, column, inRows, inColumns).getNotes() : [];
      return Array.from({ length: rows }, (_r, r) =>
        Array.from({ length: columns }, (_c, c) => notes[r]?.[c] ?? ""),
      );
    },
    writeValues: (row, column, values) => {
      const rows = values.length;
      const columns = values[0]?.length ?? 0;
      if (rows === 0 || columns === 0) return;
      const maxRows = sheet.getMaxRows();
      if (row + rows - 1 > maxRows) sheet.insertRowsAfter(maxRows, row + rows - 1 - maxRows);
      const maxColumns = sheet.getMaxColumns();
      if (column + columns - 1 > maxColumns)
        sheet.insertColumnsAfter(maxColumns, column + columns - 1 - maxColumns);
      sheet.getRange(row, column, rows, columns).setValues(values as CellValue[][]);
    },
    writeNotes: (row, column, notes) => {
      if (notes.length === 0 || (notes[0]?.length ?? 0) === 0) return;
      sheet.getRange(row, column, notes.length, notes[0]?.length ?? 0).setNotes(notes);
    },
    growTo: (rows) => {
      const maxRows = sheet.getMaxRows();
      if (rows > maxRows) sheet.insertRowsAfter(maxRows, rows - maxRows);
    },
    setNumberFormat: (row, column, rows, columns, format) => {
      if (rows > 0 && columns > 0) sheet.getRange(row, column, rows, columns).setNumberFormat(format);
    },
    day: zonedMidnight,
  };
}

export type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The spreadsheet this execution runs in; null in a published add-on's clock trigger, which has none. */
export function activeSpreadsheet(): Spreadsheet | null {
  return activeSpreadsheetObject() ?? null;
}

/**
 * A spreadsheet by id, as a trigger without a document reaches the files it works for (needs the
 * `spreadsheets` scope; throws when the file is gone or the user can no longer open it).
 */
export function openSpreadsheet(id: string): Spreadsheet {
  return SpreadsheetApp.openById(id);
}

/** The spreadsheet this execution belongs to (the bound one, or the one the add-on runs in). */
export function activeWorkbook(): WorkbookPort {
  return workbookOf(activeSpreadsheetObject());
}

/** One spreadsheet as the bulk runner and the job writers see it. */
export function workbookOf(book: Spreadsheet): WorkbookPort {
  return {
    id: () => book.getId(),
    sheet: (name) => {
      const sheet = book.getSheetByName(name);
      return sheet ? sheetPort(sheet) : null;
    },
    sheetNames: () => book.getSheets().map((sheet) => sheet.getName()),
    insertSheet: (name, options) => {
      const viewing = options?.show === false ? book.getActiveSheet() : null;
      const sheet = book.insertSheet(name);
      if (viewing) book.setActiveSheet(viewing);
      if (options?.hidden) hideAddonSheet(sheet);
      return sheetPort(sheet);
    },
    deleteSheet: (name) => {
      const sheet = book.getSheetByName(name);
      if (sheet) book.deleteSheet(sheet);
    },
    show: (name, row, column, rows, columns) => {
      const sheet = book.getSheetByName(name);
      if (!sheet) return;
      sheet.activate();
      sheet.getRange(row, column, rows, columns).activate();
    },
  };
}
