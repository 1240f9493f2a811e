// A sheet's size asked once per execution, asked again when a block reaches past it or a call inside it fails.
import { describe, expect, it } from "vitest";
import { workbookOf } from "../../../src/platform/spreadsheet.ts";

// The sizes are kept in module state, which in Apps Script lives one execution: each test its own spreadsheet.
let books = 0;

/** Just enough of a Sheets spreadsheet with one sheet: counts the size asks, fails past the edge as Sheets does. */
function fakeBook(rows: number, columns: number) {
  const asks = { rows: 0, columns: 0, inserted: 0 };
  const formatted: string[] = [];
  const size = { rows, columns };
  const range = (row: number, column: number, nRows: number, nColumns: number) => {
    if (row + nRows - 1 > size.rows || column + nColumns - 1 > size.columns)
      throw new Error("The coordinates of the range are outside the dimensions of the sheet.");
    const grid = () => Array.from({ length: nRows }, () => Array<string>(nColumns).fill(""));
    return {
      getValues: grid,
      getFormulas: grid,
      getNotes: grid,
      setValues: () => undefined,
      setNumberFormat: () => formatted.push(`${row}:${column} ${nRows}x${nColumns}`),
    };
  };
  const sheet = {
    getName: () => "Sheet1",
    getSheetId: () => 7,
    getMaxRows: () => {
      asks.rows++;
      return size.rows;
    },
    getMaxColumns: () => {
      asks.columns++;
      return size.columns;
    },
    insertRowsAfter: (after: number, howMany: number) => {
      if (after !== size.rows) throw new Error("rows inserted inside the sheet");
      asks.inserted++;
      size.rows += howMany;
    },
    insertColumnsAfter: (_after: number, howMany: number) => {
      size.columns += howMany;
    },
    getRange: range,
  };
  const id = `book-${++books}`;
  const book = { getId: () => id, getSheetByName: () => sheet, insertSheet: () => sheet };
  return { book: book as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet, asks, size, formatted };
}

describe("a sheet's size", () => {
  it("is asked once for reads and writes inside it, even through several ports", () => {
    const { book, asks } = fakeBook(1_000, 26);
    const workbook = workbookOf(book);
    workbook.sheet("Sheet1")?.readValues(1, 1, 10, 3);
    workbook.sheet("Sheet1")?.writeValues(20, 2, [["a", "b"]]);
    workbook.sheet("Sheet1")?.readFormulas(900, 1, 100, 26);
    expect(asks).toEqual({ rows: 1, columns: 1, inserted: 0 });
  });

  it("is asked again, on the side reached, before a write past it, which grows the sheet from its real end", () => {
    const { book, asks, size } = fakeBook(1_000, 26);
    const sheet = workbookOf(book).sheet("Sheet1");
    sheet?.readValues(1, 1, 1, 1);
    // Someone adds rows meanwhile; the write past the known end asks first and inserts after the real end.
    size.rows = 1_500;
    sheet?.writeValues(
      1_400,
      1,
      Array.from({ length: 200 }, () => ["x"]),
    );
    expect(asks).toEqual({ rows: 2, columns: 1, inserted: 1 });
    expect(size.rows).toBe(1_599);
  });

  it("is asked again when a read inside it fails because the sheet shrank, and the read is tried once more", () => {
    const { book, asks, size } = fakeBook(1_000, 26);
    const sheet = workbookOf(book).sheet("Sheet1");
    sheet?.readValues(1, 1, 1, 1);
    size.rows = 500;
    const values = sheet?.readValues(400, 1, 200, 1);
    expect(values?.length).toBe(200);
    expect(asks).toEqual({ rows: 2, columns: 2, inserted: 0 });
  });

  it("of a sheet the port inserts is taken as Sheets makes one (1,000 by 26): its first writes ask nothing", () => {
    const { book, asks } = fakeBook(1_000, 26);
    const sheet = workbookOf(book).insertSheet("Journal");
    sheet.growTo(800);
    sheet.writeValues(1, 1, [["a", "b"]]);
    sheet.readValues(1, 1, 5, 2);
    expect(asks).toEqual({ rows: 0, columns: 0, inserted: 0 });
    // Past the 1,000 rows, the rows are asked (only they), so it grows from the sheet's real end.
    sheet.growTo(1_200);
    expect(asks).toEqual({ rows: 1, columns: 0, inserted: 1 });
  });

  it("of an inserted sheet smaller than Sheets' usual is asked when a write past its real edge fails", () => {
    const { book, asks, size } = fakeBook(100, 26);
    const sheet = workbookOf(book).insertSheet("Journal");
    sheet.writeValues(150, 1, [["a"]]);
    expect(asks).toEqual({ rows: 1, columns: 1, inserted: 1 });
    expect(size.rows).toBe(150);
  });

  it("of an inserted sheet is its rows without asking, and a format over them keeps inside the real sheet", () => {
    const { book, asks, formatted } = fakeBook(100, 26);
    const sheet = workbookOf(book).insertSheet("Log");
    expect(sheet.maxRows()).toBe(1_000);
    // Sheets made it 100 rows, not 1,000: the format over rows 2-1,000 fails, the size is asked, rows 2-100 get it.
    sheet.setNumberFormat(2, 1, 999, 1, "yyyy-mm-dd");
    expect(formatted).toEqual(["2:1 99x1"]);
    expect(asks).toEqual({ rows: 1, columns: 1, inserted: 0 });
  });
});
