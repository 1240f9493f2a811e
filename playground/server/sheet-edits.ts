// A person's edits to the grid: typing, fill down, pasting a copied range, undo, and where Ctrl+arrow lands.
import { cellA1, type GridRange, parseA1, rangeA1, toGrid } from "../../harness/a1.ts";
import { shiftFormula } from "../../harness/formula/shift-formula.ts";
import type { Harness } from "../../harness/index.ts";
import type { Direction } from "./request-fields.ts";

/** Edits undo can take back, newest last. */
const UNDO_DEPTH = 20;

interface UndoRecord {
  sheet: string;
  /** The top-left cell the contents go back to. */
  at: string;
  contents: unknown[][];
}

export class SheetEdits {
  readonly #undo: UndoRecord[] = [];

  /** `recalculate` starts the formulas the edit left waiting. */
  constructor(
    private readonly gas: Harness,
    private readonly recalculate: () => void,
  ) {}

  /** Rows of typed text from the cell `a1`. */
  type(sheet: string, a1: string, values: unknown[][]): void {
    const ref = parseA1(a1)!;
    this.#write(
      sheet,
      { row: ref.startRow, col: ref.startCol, rows: values.length, cols: values[0]!.length },
      values,
    );
  }

  /** Fill down: every row of the range becomes its top row, relative references moved per row. */
  fill(sheet: string, a1: string): void {
    const range = this.#grid(sheet, a1);
    const top = this.gas.sheet(sheet).contents(rangeA1({ ...range, rows: 1 }))[0]!;
    const rows = Array.from({ length: range.rows }, (_, r) =>
      top.map((value) =>
        typeof value === "string" && value.startsWith("=") ? shiftFormula(value, r, 0) : value,
      ),
    );
    this.#write(sheet, range, rows);
  }

  /**
   * Pastes a range copied in the grid (on `fromSheet`, by default this sheet) at `to` on `sheet`: formulas
   * move by the offset, as Sheets pastes them; a paste past the sheet's edge grows the sheet to fit.
   */
  copy(sheet: string, from: string, to: string, fromSheet = sheet): void {
    const source = this.#grid(fromSheet, from);
    const target = parseA1(to)!;
    const handle = this.gas.sheet(fromSheet);
    const formulas = handle.formulas(from);
    const values = handle.values(from);
    const dRows = target.startRow - source.row;
    const dCols = target.startCol - source.col;
    const rows = values.map((row, r) =>
      row.map((value, c) => {
        const formula = formulas[r]![c]!;
        if (formula) return shiftFormula(formula, dRows, dCols);
        // A spilled result pastes as its value; text stays text.
        return typeof value === "string" && value !== "" ? `'${value}` : value;
      }),
    );
    this.#write(
      sheet,
      { row: target.startRow, col: target.startCol, rows: source.rows, cols: source.cols },
      rows,
    );
  }

  /** Takes back the latest edit; false when there is none. */
  undo(): boolean {
    const last = this.#undo.pop();
    if (!last) return false;
    this.gas.sheet(last.sheet).set(last.at, last.contents, { later: true });
    this.recalculate();
    return true;
  }

  /** Where Ctrl+arrow lands from `a1`, as in Sheets: the end of the run of filled cells, or the next one. */
  edge(sheet: string, a1: string, direction: Direction): string {
    const handle = this.gas.sheet(sheet);
    const ref = parseA1(a1)!;
    const vertical = direction === "up" || direction === "down";
    const forward = direction === "down" || direction === "right";
    const last = vertical ? handle.maxRows : handle.maxColumns;
    const at = vertical ? ref.startRow : ref.startCol;
    // Whether each cell is filled, asked one cell at a time as the walk goes: reading the line's values
    // formatted all 50,000 of them and took most of a Ctrl+Down.
    const filled = vertical
      ? (i: number) => handle.filled(i, ref.startCol)
      : (i: number) => handle.filled(ref.startRow, i);
    const landed = edgeIndex(filled, at, forward ? 1 : -1, last);
    return vertical ? cellA1(landed, ref.startCol) : cellA1(ref.startRow, landed);
  }

  /** Ctrl+End's cell: the last row and the last column with data (A1 on an empty sheet). */
  lastCell(sheet: string): string {
    const { row, col } = this.gas.sheet(sheet).lastCell();
    return cellA1(Math.max(1, row), Math.max(1, col));
  }

  /** A range's display text, tab-separated, one line per row: what copying it puts on the clipboard. */
  text(sheet: string, a1: string): string {
    return this.gas
      .sheet(sheet)
      .displayValues(a1)
      .map((row) => row.join("\t"))
      .join("\n");
  }

  #grid(sheet: string, a1: string): GridRange {
    const handle = this.gas.sheet(sheet);
    return toGrid(parseA1(a1)!, handle.maxRows, handle.maxColumns);
  }

  #write(sheet: string, range: GridRange, rows: unknown[][]): void {
    const handle = this.gas.sheet(sheet);
    const at = cellA1(range.row, range.col);
    // Past the sheet's edge there is nothing to restore; the cells there come back empty.
    const inside = {
      ...range,
      rows: Math.max(1, Math.min(range.rows, handle.maxRows - range.row + 1)),
      cols: Math.max(1, Math.min(range.cols, handle.maxColumns - range.col + 1)),
    };
    const before = handle.contents(rangeA1(inside));
    const contents = Array.from({ length: range.rows }, (_, r) =>
      Array.from({ length: range.cols }, (_, c) => before[r]?.[c] ?? ""),
    );
    handle.set(at, rows, { later: true });
    this.#undo.push({ sheet: handle.name, at, contents });
    if (this.#undo.length > UNDO_DEPTH) this.#undo.shift();
    this.recalculate();
  }
}

/**
 * Ctrl+arrow along a line of cells 1…last from `at`: from a filled cell whose neighbour is filled, to the
 * last filled cell of the run; otherwise to the next filled cell; with none, to the line's end.
 */
export function edgeIndex(filled: (i: number) => boolean, at: number, step: 1 | -1, last: number): number {
  const end = step === 1 ? last : 1;
  if (at === end) return at;
  if (filled(at) && filled(at + step)) {
    let i = at + step;
    while (i !== end && filled(i + step)) i += step;
    return i;
  }
  let i = at + step;
  while (i !== end && !filled(i)) i += step;
  return i;
}
