// Adapter over SpreadsheetApp for bulk runs and job writers: sheets as SheetPort, grown before writes.
import type { CellValue, SheetPort, WorkbookPort } from "../core/sheet/port";
import { hideAddonSheet } from "./hidden-sheet";
import { activeSpreadsheetObject } from "./service-objects";
import { zonedMidnight } from "./spreadsheet-time";

type Size = { rows: number; columns: number };

/**
 * Each sheet's size as this execution last asked it or grew it, by spreadsheet and sheet id: asked once,
 * not before every read and write (each ask is a call, issue 31). Module state lives one execution.
 */
const sizes = new Map<string, Size>();

/**
 * What Sheets gives a sheet it inserts: 1,000 rows of 26 columns. Taken as known at insertion, so a new
 * hidden sheet's first write asks nothing; were Sheets to give fewer, the first call past them fails and
 * the size is asked then (see `sized`), and more only leaves spare rows.
 */
const NEW_SHEET: Size = { rows: 1_000, columns: 26 };

function sheetPort(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  bookId: () => string,
  inserted = false,
): SheetPort {
  // Another hand may change the size meanwhile: a block past the size known asks again first, and a call
  // that fails inside it (the sheet shrank) asks again and tries once more. The key is made at the first
  // read or write: a port asked for only to see the sheet exists costs no call for it.
  let made: string | undefined;
  let zone: string | undefined;
  const keyOf = () => (made ??= `${bookId()}:${sheet.getSheetId()}`);
  if (inserted) sizes.set(keyOf(), { ...NEW_SHEET });
  /** Asks what is not known, or only the side a block reaches past. */
  const measure = (known?: Size, rows = true, columns = true): Size => {
    const size = {
      rows: rows || !known ? sheet.getMaxRows() : known.rows,
      columns: columns || !known ? sheet.getMaxColumns() : known.columns,
    };
    sizes.set(keyOf(), size);
    return size;
  };
  const sized = <T>(lastRow: number, lastColumn: number, use: (rows: number, columns: number) => T): T => {
    const known = sizes.get(keyOf());
    if (known === undefined || lastRow > known.rows || lastColumn > known.columns) {
      const now = measure(known, lastRow > (known?.rows ?? 0), lastColumn > (known?.columns ?? 0));
      return use(now.rows, now.columns);
    }
    try {
      return use(known.rows, known.columns);
    } catch (error) {
      const now = measure();
      if (now.rows === known.rows && now.columns === known.columns) throw error;
      return use(now.rows, now.columns);
    }
  };
  /**
   * `use` of the part of a block inside the sheet as it is; `outside` when none of it is (cells past the
   * sheet's edge hold nothing, and a range reaching there would fail).
   */
  const inside = <T>(
    row: number,
    column: number,
    rows: number,
    columns: number,
    use: (range: GoogleAppsScript.Spreadsheet.Range) => T,
    outside: T,
  ): T =>
    sized(row + rows - 1, column + columns - 1, (maxRows, maxColumns) => {
      const inRows = Math.min(rows, maxRows - row + 1);
      const inColumns = Math.min(columns, maxColumns - column + 1);
      return inRows > 0 && inColumns > 0 ? use(sheet.getRange(row, column, inRows, inColumns)) : outside;
    });
  /** A block's cells, `empty` past the sheet's edge. */
  const readInside = <T>(
    row: number,
    column: number,
    rows: number,
    columns: number,
    read: (range: GoogleAppsScript.Spreadsheet.Range) => T[][],
    empty: T,
  ): T[][] => {
    const cells = inside<T[][]>(row, column, rows, columns, read, []);
    return Array.from({ length: rows }, (_r, r) =>
      Array.from({ length: columns }, (_c, c) => cells[r]?.[c] ?? empty),
    );
  };
  const grow = (rows: number, columns: number, maxRows: number, maxColumns: number) => {
    if (rows > maxRows) sheet.insertRowsAfter(maxRows, rows - maxRows);
    if (columns > maxColumns) sheet.insertColumnsAfter(maxColumns, columns - maxColumns);
    sizes.set(keyOf(), { rows: Math.max(rows, maxRows), columns: Math.max(columns, maxColumns) });
  };
  return {
    name: sheet.getName(),
    lastRow: () => sheet.getLastRow(),
    lastColumn: () => sheet.getLastColumn(),
    // Asked afresh (a plan sizes the run by it); the columns with it the first time, for the reads after.
    // A sheet this port inserted has the size it was made with (see NEW_SHEET).
    maxRows: () => (inserted ? (sizes.get(keyOf()) as Size) : measure(sizes.get(keyOf()), true, false)).rows,
    readValues: (row, column, rows, columns) =>
      readInside<unknown>(row, column, rows, columns, (range) => range.getValues(), ""),
    readFormulas: (row, column, rows, columns) =>
      readInside(row, column, rows, columns, (range) => range.getFormulas(), ""),
    readNotes: (row, column, rows, columns) =>
      readInside(row, column, rows, columns, (range) => range.getNotes(), ""),
    isBlank: (row, column, rows, columns) =>
      inside(row, column, rows, columns, (range) => range.isBlank(), true),
    writeValues: (row, column, values) => {
      const rows = values.length;
      const columns = values[0]?.length ?? 0;
      if (rows === 0 || columns === 0) return;
      const lastRow = row + rows - 1;
      const lastColumn = column + columns - 1;
      sized(lastRow, lastColumn, (maxRows, maxColumns) => {
        grow(lastRow, lastColumn, maxRows, maxColumns);
        sheet.getRange(row, column, rows, columns).setValues(values as CellValue[][]);
      });
    },
    readAll: () => sheet.getDataRange().getValues(),
    // The size known may now be short of the sheet's: a read reaching past it asks again (see sized).
    appendRow: (values) => {
      sheet.appendRow(values);
    },
    writeNotes: (row, column, notes) => {
      if (notes.length === 0 || (notes[0]?.length ?? 0) === 0) return;
      sheet.getRange(row, column, notes.length, notes[0]?.length ?? 0).setNotes(notes);
    },
    writeLinkedText: (row, column, value) => {
      const builder = SpreadsheetApp.newRichTextValue().setText(value.text);
      for (const link of value.links) builder.setLinkUrl(link.start, link.end, link.url);
      sheet.getRange(row, column).setRichTextValue(builder.build());
    },
    growTo: (rows) => sized(rows, 1, (maxRows, maxColumns) => grow(rows, 1, maxRows, maxColumns)),
    // Kept inside the sheet as it really is: a sheet smaller than its size was taken to be formats what it has.
    setNumberFormat: (row, column, rows, columns, format) => {
      if (rows > 0 && columns > 0)
        inside(
          row,
          column,
          rows,
          columns,
          (range) => {
            range.setNumberFormat(format);
          },
          undefined,
        );
    },
    // The zone of the spreadsheet the sheet is in, asked once: a trigger without a document has no active
    // spreadsheet, and the script's zone would put every date a day early west of UTC.
    day: (year, month, date) => {
      zone ??= sheet.getParent().getSpreadsheetTimeZone();
      return zonedMidnight(year, month, date, zone);
    },
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
    timeZone: () => book.getSpreadsheetTimeZone(),
    sheet: (name) => {
      const sheet = book.getSheetByName(name);
      return sheet ? sheetPort(sheet, () => book.getId()) : null;
    },
    sheetId: (name) => book.getSheetByName(name)?.getSheetId() ?? null,
    sheetById: (id) => {
      const sheet = book.getSheets().find((s) => s.getSheetId() === id);
      return sheet ? sheetPort(sheet, () => book.getId()) : null;
    },
    renameSheet: (from, to) => {
      book.getSheetByName(from)?.setName(to);
    },
    sheetNames: () => book.getSheets().map((sheet) => sheet.getName()),
    insertSheet: (name, options) => {
      const viewing = options?.show === false ? book.getActiveSheet() : null;
      const sheet = book.insertSheet(name);
      if (viewing) book.setActiveSheet(viewing);
      if (options?.hidden) hideAddonSheet(sheet, name);
      return sheetPort(sheet, () => book.getId(), true);
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
