// A1 notation: "B2", "$A$1:C9", "A:A", "A2:A", "3:3", optionally qualified "Sheet1!A1" or "'My sheet'!A1:B2".

/** A rectangle on a sheet, 1-based. */
export interface GridRange {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

/** A parsed reference; a null end means "to the edge of the sheet" (A:A, A2:A, 3:3). */
export interface A1Ref {
  sheet: string | null;
  startRow: number;
  startCol: number;
  endRow: number | null;
  endCol: number | null;
}

const MAX_COLUMNS = 18_278; // ZZZ
const CELL = /^\$?([A-Za-z]{1,3})\$?(\d+)$/;
const COLUMN = /^\$?([A-Za-z]{1,3})$/;
const ROW = /^\$?(\d+)$/;

export function columnLetters(col: number): string {
  let letters = "";
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export function columnIndex(letters: string): number {
  let col = 0;
  for (const ch of letters.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return col;
}

export function cellA1(row: number, col: number): string {
  return `${columnLetters(col)}${row}`;
}

export function rangeA1(range: GridRange): string {
  const start = cellA1(range.row, range.col);
  if (range.rows === 1 && range.cols === 1) return start;
  return `${start}:${cellA1(range.row + range.rows - 1, range.col + range.cols - 1)}`;
}

/** Quotes a sheet name the way Sheets does when it needs to ('My sheet'!A1, 'It''s'!A1). */
export function qualifiedA1(sheet: string, a1: string): string {
  const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(sheet) ? sheet : `'${sheet.replaceAll("'", "''")}'`;
  return `${name}!${a1}`;
}

/** Splits "Sheet!A1" into its sheet name and reference; null when the text is not A1 notation. */
export function parseA1(text: string): A1Ref | null {
  let sheet: string | null = null;
  let rest = text.trim();
  const bang = rest.lastIndexOf("!");
  if (bang >= 0) {
    const name = rest.slice(0, bang);
    rest = rest.slice(bang + 1);
    if (name.startsWith("'")) {
      if (!name.endsWith("'") || name.length < 3) return null;
      sheet = name.slice(1, -1).replaceAll("''", "'");
    } else {
      if (!/^[^\s'!:]+$/.test(name)) return null;
      sheet = name;
    }
  }
  const parts = rest.split(":");
  if (parts.length > 2 || parts.some((p) => p.length === 0)) return null;
  const [first, second] = parts as [string, string | undefined];
  const start = CELL.exec(first);
  if (second === undefined) {
    if (!start) return null;
    return finish(sheet, Number(start[2]), columnIndex(start[1]!), Number(start[2]), columnIndex(start[1]!));
  }
  const end = CELL.exec(second);
  if (start && end) {
    return finish(sheet, Number(start[2]), columnIndex(start[1]!), Number(end[2]), columnIndex(end[1]!));
  }
  const endColumn = COLUMN.exec(second);
  if (start && endColumn)
    return finish(sheet, Number(start[2]), columnIndex(start[1]!), null, columnIndex(endColumn[1]!));
  const startColumn = COLUMN.exec(first);
  if (startColumn && endColumn)
    return finish(sheet, 1, columnIndex(startColumn[1]!), null, columnIndex(endColumn[1]!));
  const startRow = ROW.exec(first);
  const endRow = ROW.exec(second);
  if (startRow && endRow) return finish(sheet, Number(startRow[1]), 1, Number(endRow[1]), null);
  return null;
}

function finish(
  sheet: string | null,
  r1: number,
  c1: number,
  r2: number | null,
  c2: number | null,
): A1Ref | null {
  if (r1 < 1 || c1 < 1 || c1 > MAX_COLUMNS || (c2 !== null && (c2 < 1 || c2 > MAX_COLUMNS))) return null;
  if (r2 !== null && r2 < 1) return null;
  // Sheets normalises reversed corners (B2:A1 is A1:B2).
  const startRow = r2 === null ? r1 : Math.min(r1, r2);
  const endRow = r2 === null ? null : Math.max(r1, r2);
  const startCol = c2 === null ? c1 : Math.min(c1, c2);
  const endCol = c2 === null ? null : Math.max(c1, c2);
  return { sheet, startRow, startCol, endRow, endCol };
}

/** The rectangle a reference covers on a sheet of the given size. */
export function toGrid(ref: A1Ref, maxRows: number, maxCols: number): GridRange {
  const endRow = ref.endRow ?? maxRows;
  const endCol = ref.endCol ?? maxCols;
  return {
    row: ref.startRow,
    col: ref.startCol,
    rows: endRow - ref.startRow + 1,
    cols: endCol - ref.startCol + 1,
  };
}

export function intersects(a: GridRange, b: GridRange): boolean {
  return a.row < b.row + b.rows && b.row < a.row + a.rows && a.col < b.col + b.cols && b.col < a.col + a.cols;
}

export function contains(range: GridRange, row: number, col: number): boolean {
  return row >= range.row && row < range.row + range.rows && col >= range.col && col < range.col + range.cols;
}
