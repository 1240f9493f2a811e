// The date formats of rows appended under a one-row header (the Enrichment log, Changes): a column that
// always holds dates is formatted once over the sheet's rows and remembered, so an append within them writes none.
import type { CellValue } from "../sheet/port";
import { dateRuns } from "../sheet/values";

/** The first row below the header: where a remembered column's format starts. */
const FIRST_ROW = 2;

/**
 * Rows a sheet grows by past an append that reaches beyond its end (a new sheet's 1,000): formatted with
 * it, so the appends after it land in formatted rows instead of growing and formatting the sheet each time.
 */
export const SPARE_ROWS = 1_000;

/** Which of a sheet's date columns are formatted, with what, from row 2 through `throughRow`. */
export interface FormattedColumns {
  columns: number[];
  format: string;
  throughRow: number;
}

/**
 * Where the note is kept between executions: a cache, which may forget (then the columns are formatted
 * again, as if never) but is never asked to vouch for rows it was not told of.
 */
export interface FormatMemory {
  recall(): string | null;
  remember(note: string): void;
}

export interface FormatBlock {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

export interface AppendFormats {
  /** Rows the sheet must have before the rows are written (grown with spare rows); null: as it is. */
  growTo: number | null;
  /** One setNumberFormat each, after the rows are written. */
  blocks: FormatBlock[];
  /** The note to keep once the blocks are written; null when it has nothing new. */
  remember: FormattedColumns | null;
}

export interface AppendFormatsInput {
  /** The appended rows, written from column 1 at `first`. */
  rows: readonly CellValue[][];
  first: number;
  /** Columns (from 1) that hold a date in every row the sheet is given: formatted whole and remembered. */
  dateColumns: readonly number[];
  format: string;
  /** What the memory recalled; null when it knows nothing (or the sheet is new). */
  remembered: FormattedColumns | null;
  /** The sheet's rows before the write, empty ones included. */
  maxRows: number;
}

/**
 * The formats an append writes. The declared date columns: none when the note covers them through the
 * last appended row and the sheet already had that row (a sheet that grows gets new, unformatted rows);
 * otherwise one block per run of adjacent columns over rows 2 to the sheet's end, grown first by
 * SPARE_ROWS when the rows reach past it. Dates in other columns (a changed value that is a date) are
 * formatted where they are, one block per run of dates in a column, as each append always did.
 */
export function appendFormats(input: AppendFormatsInput): AppendFormats {
  const { rows, first, format, remembered, maxRows } = input;
  const last = first + rows.length - 1;
  const width = Math.max(0, ...rows.map((row) => row.length));
  const declared = [...new Set(input.dateColumns)]
    .filter((column) => Number.isInteger(column) && column >= 1 && column <= width)
    .sort((a, b) => a - b);
  const blocks: FormatBlock[] = [];
  let growTo: number | null = null;
  let remember: FormattedColumns | null = null;
  const covered =
    remembered !== null &&
    remembered.format === format &&
    last <= remembered.throughRow &&
    last <= maxRows &&
    declared.every((column) => remembered.columns.includes(column));
  if (rows.length > 0 && declared.length > 0 && !covered) {
    const through = last > maxRows ? last + SPARE_ROWS : maxRows;
    if (through > maxRows) growTo = through;
    for (const [column, columns] of runs(declared))
      blocks.push({ row: FIRST_ROW, column, rows: through - FIRST_ROW + 1, columns });
    remember = { columns: declared, format, throughRow: through };
  }
  for (let c = 0; c < width; c++) {
    if (declared.includes(c + 1)) continue;
    for (const [start, end] of dateRuns(rows, c))
      blocks.push({ row: first + start, column: c + 1, rows: end - start, columns: 1 });
  }
  return { growTo, blocks, remember };
}

/** Runs of adjacent columns in sorted `columns`, as [first column, how many]. */
function runs(columns: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const column of columns) {
    const run = out[out.length - 1];
    if (run && run[0] + run[1] === column) run[1]++;
    else out.push([column, 1]);
  }
  return out;
}

/** The note as the cache keeps it. */
export function encodeFormatted(note: FormattedColumns): string {
  return JSON.stringify({ c: note.columns, f: note.format, r: note.throughRow });
}

/** The note read back; null for anything else (a cache entry that is not one is as good as forgotten). */
export function decodeFormatted(text: string | null): FormattedColumns | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { c, f, r } = value as Record<string, unknown>;
  const positive = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1;
  if (!Array.isArray(c) || !c.every(positive) || typeof f !== "string" || !positive(r)) return null;
  return { columns: c, format: f, throughRow: r };
}
