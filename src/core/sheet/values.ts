// Writes service values the one way every result sheet and bulk run does: ISO dates as dates in one
// format, other text through the text guard, headers as friendly names with the API name in a note.
import { cellText, ISO_DAY } from "./cells";
import type { CellValue, SheetPort } from "./port";

/** The one number format of every date the add-on writes: ISO order, which every locale reads alike. */
export const DATE_FORMAT = "yyyy-mm-dd";

/** The same order with the time, for cells that hold a moment (the Enrichment log's Time). */
export const DATE_TIME_FORMAT = "yyyy-mm-dd hh:mm";

/** A timestamp with its offset ("2024-03-01T09:30:00Z"): one instant, whatever the time zone. */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** A column header: what the analyst reads, and the API name kept in the header's note. */
export interface HeaderCell {
  label: string;
  /** The service's name for the column (a note on the header); "" for columns the add-on names itself. */
  note: string;
}

/**
 * A service value as the cell keeps it: an ISO day becomes that day in the spreadsheet's time zone, an
 * ISO timestamp that instant, other text goes through the text guard; numbers, booleans and dates stay.
 */
export function sheetValue(sheet: Pick<SheetPort, "day">, value: CellValue): CellValue {
  if (typeof value !== "string") return value;
  const day = ISO_DAY.exec(value);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (month >= 1 && month <= 12 && date >= 1 && date <= daysIn(year, month))
      return sheet.day(year, month, date);
    return `'${value}`;
  }
  if (ISO_INSTANT.test(value)) {
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return new Date(time);
  }
  return cellText(value);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A Date from any realm (a vm context's Date is not this one's). */
export function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === "[object Date]";
}

/**
 * Gives every run of dates in each column of a block written at (row, column) the one date format:
 * one setNumberFormat per run, so a column of dates is one call.
 */
/** The runs of rows [start, end) holding a date in column `c` of `values`: one number format each. */
export function dateRuns(values: readonly (readonly unknown[])[], c: number): [number, number][] {
  const runs: [number, number][] = [];
  let r = 0;
  while (r < values.length) {
    if (!isDate(values[r]?.[c])) {
      r++;
      continue;
    }
    const start = r;
    while (r < values.length && isDate(values[r]?.[c])) r++;
    runs.push([start, r]);
  }
  return runs;
}

export function formatDates(
  sheet: SheetPort,
  row: number,
  column: number,
  values: readonly CellValue[][],
  format = DATE_FORMAT,
): void {
  const columns = values[0]?.length ?? 0;
  for (let c = 0; c < columns; c++)
    for (const [start, end] of dateRuns(values, c))
      sheet.setNumberFormat(row + start, column + c, end - start, 1, format);
}

/** One setValues of service values (dates and text made safe, see sheetValue), then the date formats. */
export function writeServiceValues(
  sheet: SheetPort,
  row: number,
  column: number,
  values: CellValue[][],
): void {
  const cells = values.map((line) => line.map((value) => sheetValue(sheet, value)));
  sheet.writeValues(row, column, cells);
  formatDates(sheet, row, column, cells);
}

/** The header row: friendly labels, and each API name in its header's note. */
export function writeHeader(
  sheet: SheetPort,
  row: number,
  column: number,
  header: readonly HeaderCell[],
): void {
  if (header.length === 0) return;
  sheet.writeValues(row, column, [header.map((cell) => cellText(cell.label))]);
  if (header.some((cell) => cell.note !== ""))
    sheet.writeNotes(row, column, [header.map((cell) => cell.note)]);
}
