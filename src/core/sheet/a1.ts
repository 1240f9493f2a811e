// A1 notation for the bulk engine: column letters, one-column input ranges and block addresses.

/** Sheets' widest sheet is 18,278 columns (ZZZ). */
export const MAX_COLUMN = 18_278;

export interface ColumnRange {
  /** The sheet named in the text ("Sheet1!A2:A9"), or null. */
  sheet: string | null;
  column: number;
  firstRow: number;
  /** Null for an open end ("A:A", "A2:A"): down to the last row with content. */
  lastRow: number | null;
}

export function columnLetter(column: number): string {
  if (!Number.isSafeInteger(column) || column < 1 || column > MAX_COLUMN) {
    throw new RangeError(`Column ${column} is outside 1–${MAX_COLUMN}.`);
  }
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** The number of column letters ("A" → 1, "AB" → 28), or null when they are not column letters. */
export function columnNumber(letters: string): number | null {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) return null;
  let column = 0;
  for (const ch of letters.toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64);
  return column <= MAX_COLUMN ? column : null;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?([0-9]*)$/;

function readCell(text: string): { column: number; row: number | null } | null {
  const match = CELL.exec(text.trim());
  if (!match) return null;
  const column = columnNumber(match[1] as string);
  if (column === null) return null;
  const digits = match[2] as string;
  if (digits === "") return { column, row: null };
  const row = Number(digits);
  return Number.isSafeInteger(row) && row >= 1 ? { column, row } : null;
}

function splitSheet(text: string): { sheet: string | null; ref: string } {
  const bang = text.lastIndexOf("!");
  if (bang < 0) return { sheet: null, ref: text };
  let sheet = text.slice(0, bang).trim();
  if (sheet.startsWith("'") && sheet.endsWith("'") && sheet.length >= 2) {
    sheet = sheet.slice(1, -1).replace(/''/g, "'");
  }
  return { sheet, ref: text.slice(bang + 1) };
}

/**
 * Reads a range of one column. Returns null for anything else (several columns, whole rows, text that
 * is not A1 notation); the caller words the message.
 */
export function parseColumnRange(text: string): ColumnRange | null {
  const { sheet, ref } = splitSheet(text.trim());
  if (sheet === "") return null;
  const [startText, endText, extra] = ref.split(":");
  if (startText === undefined || extra !== undefined) return null;
  const start = readCell(startText);
  if (!start) return null;
  if (endText === undefined) {
    return start.row === null
      ? null
      : { sheet, column: start.column, firstRow: start.row, lastRow: start.row };
  }
  const end = readCell(endText);
  if (!end || end.column !== start.column) return null;
  const firstRow = start.row ?? 1;
  if (end.row !== null && end.row < firstRow) {
    return { sheet, column: start.column, firstRow: end.row, lastRow: firstRow };
  }
  return { sheet, column: start.column, firstRow, lastRow: end.row };
}

/** "D2:F501" (or "D2" for one cell). */
export function blockA1(row: number, column: number, rows: number, columns: number): string {
  const start = `${columnLetter(column)}${row}`;
  if (rows === 1 && columns === 1) return start;
  return `${start}:${columnLetter(column + columns - 1)}${row + rows - 1}`;
}

/** "A2:A501", or "A2:A" for an open end. */
export function columnRangeA1(range: Pick<ColumnRange, "column" | "firstRow" | "lastRow">): string {
  const letter = columnLetter(range.column);
  return `${letter}${range.firstRow}:${letter}${range.lastRow ?? ""}`;
}
