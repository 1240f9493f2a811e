// Data ▸ Sort sheet and Data ▸ Sort range: cells travel with their sort key, blanks last, as in Sheets.
import { columnIndex, type GridRange, parseA1, toGrid } from "../a1.ts";
import type { CellValue } from "../cell-values.ts";
import { HarnessUsageError } from "../errors.ts";
import { translateRows } from "../formula/references.ts";
import { isDate } from "../realm.ts";
import { SheetState, type SpreadsheetState } from "../state/spreadsheet-state.ts";
import type { World } from "../world.ts";
import { type Area, rearrange } from "./rearrange.ts";

const usage = (message: string) => new HarnessUsageError(message);

/**
 * Sorts the sheet's rows by `column` (a number from 1 or letters): every row below the frozen rows, or below
 * `headerRows` when more, whole, up to the last row holding something.
 */
export function sortSheet(
  world: World,
  doc: SpreadsheetState,
  sheet: SheetState,
  column: unknown,
  options: { ascending?: boolean; headerRows?: number } = {},
): void {
  const col = columnOf(column, sheet, "sort");
  const ascending = direction(options.ascending);
  const headerRows = options.headerRows ?? 0;
  if (!Number.isInteger(headerRows) || headerRows < 0)
    throw usage(`sort: headerRows must be a whole number of at least 0; got ${String(options.headerRows)}.`);
  const top = Math.max(sheet.frozenRows, headerRows) + 1;
  const bottom = Math.max(sheet.lastRow(), lastNoted(sheet));
  if (bottom <= top) return;
  sortArea(world, doc, sheet, { top, bottom, left: 1, right: sheet.maxCols }, col, ascending);
}

/** Sorts only the cells of range `a1` by `column` (which lies inside it); cells outside stay where they are. */
export function sortRange(
  world: World,
  doc: SpreadsheetState,
  sheet: SheetState,
  a1: string,
  options: { column?: unknown; ascending?: boolean } = {},
): void {
  const ref = typeof a1 === "string" ? parseA1(a1) : null;
  if (!ref) throw usage(`sortRange needs a range in A1 notation (e.g. "A2:C40"); got ${JSON.stringify(a1)}.`);
  if (ref.sheet !== null && ref.sheet.toLowerCase() !== sheet.name.toLowerCase())
    throw usage(`sortRange: "${a1}" names another sheet than "${sheet.name}".`);
  const grid: GridRange = toGrid(ref, sheet.maxRows, sheet.maxCols);
  if (grid.row + grid.rows - 1 > sheet.maxRows || grid.col + grid.cols - 1 > sheet.maxCols)
    throw usage(
      `sortRange: "${a1}" reaches past the sheet (${sheet.maxRows} rows, ${sheet.maxCols} columns).`,
    );
  const col = columnOf(options.column ?? grid.col, sheet, "sortRange");
  if (col < grid.col || col >= grid.col + grid.cols)
    throw usage(
      `sortRange: column ${String(options.column)} is outside "${a1}"; sort by one of its columns.`,
    );
  const area = {
    top: grid.row,
    bottom: grid.row + grid.rows - 1,
    left: grid.col,
    right: grid.col + grid.cols - 1,
  };
  sortArea(world, doc, sheet, area, col, direction(options.ascending));
}

function sortArea(
  world: World,
  doc: SpreadsheetState,
  sheet: SheetState,
  area: Area,
  col: number,
  ascending: boolean,
): void {
  const rows = Array.from({ length: area.bottom - area.top + 1 }, (_, i) => area.top + i);
  const keyed = rows.map((row) => ({ row, key: sortKey(sheet, row, col) }));
  // A stable sort: equal keys keep their order; blanks go last whichever the direction.
  keyed.sort((a, b) => compare(a.key, b.key, ascending));
  const target = new Map(keyed.map(({ row }, i) => [row, area.top + i]));
  rearrange(world, doc, {
    sheet,
    area,
    to: (row) => target.get(row) ?? row,
    // A sorted formula is written as copying it to its new row writes it, and runs again there.
    rewrite: (text, on, from, to) =>
      on === sheet && from !== to
        ? { text: translateRows(text, to - from), keep: false }
        : { text, keep: true },
    changed: [{ row: area.top, col: area.left, rows: rows.length, cols: area.right - area.left + 1 }],
  });
}

function direction(ascending: unknown = true): boolean {
  if (typeof ascending !== "boolean")
    throw usage(`sort: ascending must be true or false; got ${String(ascending)}.`);
  return ascending;
}

type SortKey = { rank: number; number: number; text: string };

/** Sheets' ascending order: numbers and dates, then text (ignoring case), then booleans, then errors. */
function sortKey(sheet: SheetState, row: number, col: number): SortKey | null {
  const cell = sheet.cell(row, col);
  const value: CellValue = cell?.value ?? "";
  if (cell?.error) return { rank: 3, number: 0, text: String(value) };
  if (value === "") return null;
  if (typeof value === "number") return { rank: 0, number: value, text: "" };
  if (isDate(value)) return { rank: 0, number: value.getTime() / 86_400_000 + 25_569, text: "" };
  if (typeof value === "boolean") return { rank: 2, number: value ? 1 : 0, text: "" };
  return { rank: 1, number: 0, text: String(value) };
}

function compare(a: SortKey | null, b: SortKey | null, ascending: boolean): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const order =
    a.rank - b.rank ||
    a.number - b.number ||
    a.text.localeCompare(b.text, "en", { sensitivity: "base", numeric: false });
  return ascending ? order : -order;
}

function columnOf(column: unknown, sheet: SheetState, method: string): number {
  const col =
    typeof column === "string" && /^[A-Za-z]{1,3}$/.test(column) ? columnIndex(column) : (column as number);
  if (!Number.isInteger(col) || col < 1 || col > sheet.maxCols)
    throw usage(
      `${method}: column must be a column of the sheet (1 to ${sheet.maxCols}, or letters); got ${JSON.stringify(column)}.`,
    );
  return col;
}

/** The last row with a note or a number format, which travel with their row too. */
function lastNoted(sheet: SheetState): number {
  let last = 0;
  for (const [key, cell] of sheet.cells) if (cell.note) last = Math.max(last, SheetState.position(key).row);
  for (const key of sheet.formats.keys()) last = Math.max(last, SheetState.position(key).row);
  return last;
}
