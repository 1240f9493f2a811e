// The spreadsheets executions see: sheets, cells, formulas, spills, selection and the setValues log.
import type { A1Ref, GridRange } from "../a1.ts";
import type { CellValue } from "../cell-values.ts";

export interface Cell {
  value: CellValue;
  /** The message behind an error value (#ERROR!, #REF!, #NAME?). */
  error?: string;
  note?: string;
  /** Links over parts of a text value (setRichTextValue); any other write to the cell drops them. */
  links?: { start: number; end: number; url: string }[];
  /** The formula text ("=F(A1)") on a formula's anchor cell. */
  formula?: string;
  /** Key of the anchor whose array result spilled into this cell. */
  spilledFrom?: number;
}

/** A range a formula reads directly (its arguments): re-run when any cell in it changes. */
export interface Dependency {
  sheetId: number;
  ref: A1Ref;
}

export type FormulaOutcome =
  | { kind: "values"; values: CellValue[][] }
  | { kind: "error"; code: "#ERROR!" | "#NAME?" | "#REF!" | "#N/A"; message: string };

export interface FormulaState {
  row: number;
  col: number;
  formula: string;
  deps: Dependency[];
  outcome: FormulaOutcome | null;
  /** The cells the result currently occupies (anchor included); null before evaluation or on error. */
  laidOut: GridRange | null;
}

export interface SetValuesRecord {
  sheet: string;
  a1: string;
  rows: number;
  cols: number;
  executionId: number;
}

export const MAX_COLUMNS = 18_278;

export class SheetState {
  readonly cells = new Map<number, Cell>();
  readonly formulas = new Map<number, FormulaState>();
  /** Number formats set by setNumberFormat(s), by cell key: kept apart from contents, as Sheets keeps them. */
  readonly formats = new Map<number, string>();
  maxRows = 1000;
  maxCols = 26;
  frozenRows = 0;
  frozenCols = 0;
  /** The sheet's protection (`Sheet.protect()`); null when it has none. */
  protection: { warningOnly: boolean; description: string } | null = null;

  constructor(
    readonly id: number,
    public name: string,
    public hidden = false,
  ) {}

  static key(row: number, col: number): number {
    return (row - 1) * MAX_COLUMNS + (col - 1);
  }

  static position(key: number): { row: number; col: number } {
    return { row: Math.floor(key / MAX_COLUMNS) + 1, col: (key % MAX_COLUMNS) + 1 };
  }

  cell(row: number, col: number): Cell | undefined {
    return this.cells.get(SheetState.key(row, col));
  }

  format(row: number, col: number): string {
    return this.formats.get(SheetState.key(row, col)) ?? "";
  }

  value(row: number, col: number): CellValue {
    return this.cells.get(SheetState.key(row, col))?.value ?? "";
  }

  /** Stores a cell, dropping it when nothing is left in it. */
  put(row: number, col: number, cell: Cell): void {
    const key = SheetState.key(row, col);
    if (cell.value === "" && !cell.formula && !cell.note && cell.spilledFrom === undefined)
      this.cells.delete(key);
    else this.cells.set(key, cell);
  }

  /** True when a cell holds something a spill must not overwrite: a value or a formula. */
  hasContent(row: number, col: number): boolean {
    const cell = this.cell(row, col);
    return !!cell && (cell.value !== "" || !!cell.formula);
  }

  lastRow(): number {
    let last = 0;
    for (const [key, cell] of this.cells) {
      if (cell.value !== "" || cell.formula) last = Math.max(last, SheetState.position(key).row);
    }
    return last;
  }

  lastColumn(): number {
    let last = 0;
    for (const [key, cell] of this.cells) {
      if (cell.value !== "" || cell.formula) last = Math.max(last, SheetState.position(key).col);
    }
    return last;
  }
}

export class SpreadsheetState {
  readonly sheets: SheetState[] = [];
  activeSheetId = 0;
  /** The selection: `range` is the active range; `ranges`, when set, every range of a RangeList selection. */
  selection: { sheetId: number; range: GridRange; ranges?: GridRange[] } | null = null;
  readonly setValuesLog: SetValuesRecord[] = [];
  readonly toasts: Array<{ message: string; title: string }> = [];
  /** Who can open the file (SpreadsheetApp.openById): its owner and everyone who has worked in it. */
  readonly users = new Set<string>();
  #nextSheetId = 0;

  constructor(
    readonly id: string,
    public name: string,
    readonly owner: string,
    /** File ▸ Settings: the time zone display values and Spreadsheet.getSpreadsheetTimeZone() use. */
    public timeZone: string,
    /** File ▸ Settings: the locale (Spreadsheet.getSpreadsheetLocale()). */
    public locale = "en_US",
  ) {
    this.users.add(owner);
  }

  /** Adds a sheet; `id` keeps a given sheet id (a copied file's sheets keep theirs). */
  addSheet(name: string, index = this.sheets.length, hidden = false, id = this.#nextSheetId): SheetState {
    const sheet = new SheetState(id, name, hidden);
    // Sheets gives the first sheet id 0 and later ones large ids; any unique number serves.
    this.#nextSheetId = Math.max(this.#nextSheetId, id === 0 ? 1_000_001 : id + 7_919);
    this.sheets.splice(index, 0, sheet);
    if (this.sheets.length === 1) this.activeSheetId = sheet.id;
    return sheet;
  }

  sheetByName(name: string): SheetState | undefined {
    const wanted = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === wanted);
  }

  sheetById(id: number): SheetState | undefined {
    return this.sheets.find((s) => s.id === id);
  }

  get activeSheet(): SheetState {
    return this.sheetById(this.activeSheetId) ?? this.sheets[0]!;
  }
}
