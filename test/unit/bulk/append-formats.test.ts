// The date formats an append writes: a remembered date column none, a forgotten or outgrown one over the sheet.
import { describe, expect, it } from "vitest";
import {
  appendFormats,
  decodeFormatted,
  encodeFormatted,
  type FormattedColumns,
  SPARE_ROWS,
} from "../../../src/core/bulk/append-formats.ts";
import type { CellValue } from "../../../src/core/sheet/port.ts";

const FORMAT = "yyyy-mm-dd hh:mm";
const at = new Date(Date.UTC(2026, 10, 21, 9));
const logRow = (credits: number): CellValue[] => [at, "Enrich Sheet1!A2:A11", 10, credits, 990, "Done."];
const noted = (throughRow: number, columns = [1], format = FORMAT): FormattedColumns => ({
  columns,
  format,
  throughRow,
});

describe("appendFormats", () => {
  it("formats a declared column from row 2 to the sheet's end when nothing is remembered", () => {
    expect(
      appendFormats({
        rows: [logRow(10), logRow(5)],
        first: 2,
        dateColumns: [1],
        format: FORMAT,
        remembered: null,
        maxRows: 1_000,
      }),
    ).toEqual({
      growTo: null,
      blocks: [{ row: 2, column: 1, rows: 999, columns: 1 }],
      remember: noted(1_000),
    });
  });

  it("writes no format for rows within the remembered ones", () => {
    expect(
      appendFormats({
        rows: [logRow(10)],
        first: 1_000,
        dateColumns: [1],
        format: FORMAT,
        remembered: noted(1_000),
        maxRows: 1_000,
      }),
    ).toEqual({ growTo: null, blocks: [], remember: null });
  });

  it("grows a sheet the rows reach past by spare rows and formats it all again", () => {
    expect(
      appendFormats({
        rows: [logRow(10), logRow(5)],
        first: 1_000,
        dateColumns: [1],
        format: FORMAT,
        remembered: noted(1_000),
        maxRows: 1_000,
      }),
    ).toEqual({
      growTo: 1_001 + SPARE_ROWS,
      blocks: [{ row: 2, column: 1, rows: 1_000 + SPARE_ROWS, columns: 1 }],
      remember: noted(1_001 + SPARE_ROWS),
    });
  });

  it("trusts no note for rows the sheet no longer has (rows deleted since), nor for another format or column", () => {
    const formatted = { growTo: 2_000, blocks: [{ row: 2, column: 1, rows: 1_999, columns: 1 }] };
    // Noted through 1,500 but the sheet was cut to 999 rows: row 1,000 is new, whatever the note says.
    expect(
      appendFormats({
        rows: [logRow(1)],
        first: 1_000,
        dateColumns: [1],
        format: FORMAT,
        remembered: noted(1_500),
        maxRows: 999,
      }),
    ).toMatchObject(formatted);
    const base = { rows: [logRow(1)], first: 3, dateColumns: [1], format: FORMAT, maxRows: 1_000 };
    expect(appendFormats({ ...base, remembered: noted(1_000, [1], "yyyy-mm-dd") }).blocks).toHaveLength(1);
    expect(appendFormats({ ...base, remembered: noted(1_000, [2]) }).blocks).toHaveLength(1);
  });

  it("formats adjacent declared columns in one block, and dates elsewhere where they are", () => {
    const rows: CellValue[][] = [
      [at, at, "x", at],
      [at, at, "y", "text"],
      [at, at, "z", at],
    ];
    expect(
      appendFormats({ rows, first: 5, dateColumns: [2, 1], format: FORMAT, remembered: null, maxRows: 100 })
        .blocks,
    ).toEqual([
      { row: 2, column: 1, rows: 99, columns: 2 },
      { row: 5, column: 4, rows: 1, columns: 1 },
      { row: 7, column: 4, rows: 1, columns: 1 },
    ]);
  });

  it("without declared columns formats each run of dates, as every append did", () => {
    const rows: CellValue[][] = [
      [at, "a"],
      [at, "b"],
      ["", "c"],
    ];
    expect(
      appendFormats({ rows, first: 10, dateColumns: [], format: FORMAT, remembered: null, maxRows: 100 }),
    ).toEqual({ growTo: null, blocks: [{ row: 10, column: 1, rows: 2, columns: 1 }], remember: null });
  });
});

describe("the note in the cache", () => {
  it("reads back what was kept, and anything else as forgotten", () => {
    const note = noted(2_001, [1, 3]);
    expect(decodeFormatted(encodeFormatted(note))).toEqual(note);
    for (const text of [
      null,
      "",
      "{",
      "[]",
      '{"c":[0],"f":"x","r":5}',
      '{"c":[1],"f":2,"r":5}',
      '{"c":[1],"f":"x"}',
    ])
      expect(decodeFormatted(text)).toBeNull();
  });
});
