// The test's view of a sheet: type values in, read values, display values, formulas and notes.
import { cellA1, type GridRange, parseA1, toGrid } from "./a1.ts";
import { deleteRows, insertRows, moveRows } from "./actions/rows.ts";
import { sortRange, sortSheet } from "./actions/sort.ts";
import { type CellInput, type CellValue, displayValue, readInput } from "./cell-values.ts";
import { GAS, HarnessUsageError } from "./errors.ts";
import type { Edit } from "./formula/recalc.ts";
import { isDate } from "./realm.ts";
import type { SheetState, SpreadsheetState } from "./state/spreadsheet-state.ts";
import type { World } from "./world.ts";

export interface CellSnapshot {
  a1: string;
  value: CellValue;
  display: string;
  formula: string;
  note: string;
  /** The number format set on the cell ("yyyy-mm-dd", "@"); "" when none was. */
  format: string;
  /** The message behind #ERROR!, #REF! or #NAME?, else null. */
  error: string | null;
  /** Links over parts of its text (setRichTextValue), only on a cell that has some. */
  links?: { start: number; end: number; url: string }[];
}

export interface SheetHandle {
  readonly name: string;
  readonly hidden: boolean;
  /**
   * The sheet's protection, as `Sheet.protect()` set it: a warning-only one makes Sheets ask an editor to
   * confirm before an edit lands (the harness does not model that dialog; `set` edits as the owner).
   */
  readonly protection: { warningOnly: boolean; description: string } | null;
  readonly maxRows: number;
  readonly maxColumns: number;
  /**
   * Types a value (or a 2-D array from that cell) into the sheet; "=…" text becomes a formula. With `later`
   * the formulas it affects run on Harness.settle(), as Sheets answers an edit before its formulas finish.
   */
  set(a1: string, value: unknown, options?: { later?: boolean }): void;
  values(a1?: string): CellValue[][];
  displayValues(a1?: string): string[][];
  formulas(a1?: string): string[][];
  /**
   * What typing back into each cell restores it: its formula, its value (text behind "'" so it stays text),
   * or "" for an empty cell and one a formula's result spilled into.
   */
  contents(a1?: string): unknown[][];
  /** True for each formula cell waiting to run (Sheets shows "Loading…" there). */
  loading(a1?: string): boolean[][];
  /**
   * True when the cell holds a value or a formula (what Ctrl+arrow stops at); one cell at a time, nothing
   * formatted or copied, so a walk down 50,000 rows costs a lookup a row.
   */
  filled(row: number, col: number): boolean;
  /** The last row and the last column holding a value or a formula (Ctrl+End's cell); 0 on an empty sheet. */
  lastCell(): { row: number; col: number };
  cell(a1: string): CellSnapshot;
  /** Every cell of a range as `cell` reads one, in one pass (a window of the playground's grid). */
  cells(a1?: string): CellSnapshot[][];
  setNote(a1: string, note: string): void;
  setHidden(hidden: boolean): void;
  /**
   * Data ▸ Sort sheet by `column` (from 1, or letters): whole rows below the frozen rows (or `headerRows`, when
   * more) move, values, formulas, notes and formats with them; blanks last.
   */
  sort(column: number | string, options?: { ascending?: boolean; headerRows?: number }): void;
  /** Data ▸ Sort range: only the cells of `a1` move, by `column` (default its first); cells beside it stay. */
  sortRange(a1: string, options?: { column?: number | string; ascending?: boolean }): void;
  /** Inserts `count` empty rows before `beforeRow` (up to maxRows + 1); everything below moves down. */
  insertRows(beforeRow: number, count: number): void;
  /** Deletes `count` rows from `row`; everything below moves up, references to them become #REF!. */
  deleteRows(row: number, count: number): void;
  /** Cut and paste (or drag) `count` rows from `fromRow` to before `toBeforeRow`, numbered before the move. */
  moveRows(fromRow: number, count: number, toBeforeRow: number): void;
}

const usage = (message: string): never => {
  throw new HarnessUsageError(message);
};

export function snapshotCell(
  doc: SpreadsheetState,
  sheet: SheetState,
  row: number,
  col: number,
): CellSnapshot {
  const cell = sheet.cell(row, col);
  const value = cell?.value ?? "";
  return {
    a1: cellA1(row, col),
    value: value instanceof Date ? new Date(value.getTime()) : value,
    display: displayValue(value, doc.timeZone, sheet.format(row, col)),
    formula: cell?.formula ?? "",
    note: cell?.note ?? "",
    format: sheet.format(row, col),
    error: cell?.error ?? null,
    ...(cell?.links ? { links: cell.links.map((link) => ({ ...link })) } : {}),
  };
}

export function createSheetHandle(world: World, doc: SpreadsheetState, sheet: SheetState): SheetHandle {
  const gridOf = (a1: string | undefined): GridRange => {
    if (a1 === undefined)
      return { row: 1, col: 1, rows: Math.max(1, sheet.lastRow()), cols: Math.max(1, sheet.lastColumn()) };
    const ref = parseA1(a1);
    if (!ref) return usage(`"${a1}" is not A1 notation (e.g. "B2", "A1:C9", "A:A").`);
    if (ref.sheet !== null && ref.sheet.toLowerCase() !== sheet.name.toLowerCase()) {
      return usage(`"${a1}" names another sheet than "${sheet.name}".`);
    }
    return toGrid(ref, sheet.maxRows, sheet.maxCols);
  };
  const read = <T>(a1: string | undefined, fn: (row: number, col: number) => T): T[][] => {
    const g = gridOf(a1);
    return Array.from({ length: g.rows }, (_, r) =>
      Array.from({ length: g.cols }, (_, c) => fn(g.row + r, g.col + c)),
    );
  };
  // A person cannot edit a sheet once it is deleted; a handle kept from before says so.
  const live = (): SheetState => {
    if (!doc.sheets.includes(sheet))
      return usage(`The sheet "${sheet.name}" was deleted; get another with gas.sheet(name).`);
    return sheet;
  };
  const commit = (edits: Edit[], later: boolean) =>
    later ? world.recalc.later(doc, edits) : world.recalc.propagate(doc, edits);

  return {
    get name() {
      return sheet.name;
    },
    get hidden() {
      return sheet.hidden;
    },
    get protection() {
      return sheet.protection ? { ...sheet.protection } : null;
    },
    get maxRows() {
      return sheet.maxRows;
    },
    get maxColumns() {
      return sheet.maxCols;
    },
    set(a1, value, options = {}) {
      live();
      const ref = parseA1(a1);
      if (!ref) return usage(`"${a1}" is not A1 notation (e.g. "B2", "A1:C9").`);
      const single = ref.endRow === ref.startRow && ref.endCol === ref.startCol;
      const fail = (message: string) => usage(`Cannot type into ${a1}: ${message}`);
      let inputs: CellInput[][];
      let grid: GridRange;
      if (Array.isArray(value)) {
        if (!value.every(Array.isArray))
          return usage(`A range value must be a 2-D array (rows of cells); got ${JSON.stringify(value)}.`);
        const rows = value as unknown[][];
        const width = Math.max(0, ...rows.map((r) => r.length));
        if (rows.length === 0 || width === 0)
          return usage("A range value needs at least one row and one column.");
        grid = { row: ref.startRow, col: ref.startCol, rows: rows.length, cols: width };
        if (!single && ref.endRow !== null && ref.endCol !== null) {
          const expected = toGrid(ref, sheet.maxRows, sheet.maxCols);
          if (expected.rows !== grid.rows) return fail(GAS.rowsMismatch(grid.rows, expected.rows));
          if (expected.cols !== grid.cols) return fail(GAS.columnsMismatch(grid.cols, expected.cols));
        }
        inputs = rows.map((row) => Array.from({ length: width }, (_, c) => readInput(row[c] ?? "", fail)));
      } else {
        grid = toGrid(ref, Math.max(sheet.maxRows, ref.startRow), Math.max(sheet.maxCols, ref.startCol));
        const input = readInput(value, fail);
        inputs = Array.from({ length: grid.rows }, () => Array.from({ length: grid.cols }, () => input));
      }
      // Typing or pasting past the edge grows the sheet, as the Sheets UI does.
      sheet.maxRows = Math.max(sheet.maxRows, grid.row + grid.rows - 1);
      sheet.maxCols = Math.max(sheet.maxCols, grid.col + grid.cols - 1);
      commit(world.recalc.write(sheet, grid, inputs), options.later === true);
    },
    values: (a1) => read(a1, (r, c) => snapshotCell(doc, sheet, r, c).value),
    displayValues: (a1) =>
      read(a1, (r, c) => displayValue(sheet.value(r, c), doc.timeZone, sheet.format(r, c))),
    formulas: (a1) => read(a1, (r, c) => sheet.cell(r, c)?.formula ?? ""),
    contents: (a1) =>
      read(a1, (r, c) => {
        const cell = sheet.cell(r, c);
        if (!cell || cell.spilledFrom !== undefined) return "";
        if (cell.formula) return cell.formula;
        const value = cell.value;
        return typeof value === "string"
          ? value === ""
            ? ""
            : `'${value}`
          : isDate(value)
            ? new Date(value.getTime())
            : value;
      }),
    loading: (a1) => read(a1, (r, c) => world.recalc.loading(doc, sheet, r, c)),
    filled: (row, col) => sheet.hasContent(row, col),
    lastCell: () => ({ row: sheet.lastRow(), col: sheet.lastColumn() }),
    cell(a1) {
      const g = gridOf(a1);
      return snapshotCell(doc, sheet, g.row, g.col);
    },
    cells: (a1) => read(a1, (r, c) => snapshotCell(doc, sheet, r, c)),
    setNote(a1, note) {
      live();
      read(a1, (r, c) => {
        const { note: _old, ...rest } = sheet.cell(r, c) ?? { value: "" };
        sheet.put(r, c, note ? { ...rest, note } : rest);
      });
    },
    sort: (column, options) => sortSheet(world, doc, live(), column, options),
    sortRange: (a1, options) => sortRange(world, doc, live(), a1, options),
    insertRows: (beforeRow, count) => insertRows(world, doc, live(), beforeRow, count),
    deleteRows: (row, count) => deleteRows(world, doc, live(), row, count),
    moveRows: (fromRow, count, toBeforeRow) => moveRows(world, doc, live(), fromRow, count, toBeforeRow),
    setHidden(hidden) {
      live();
      if (hidden && doc.sheets.every((s) => s === sheet || s.hidden)) usage(GAS.lastSheet);
      sheet.hidden = hidden;
    },
  };
}
