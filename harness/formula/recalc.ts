// Keeps formulas current: re-runs those whose inputs changed and spills results or blocks them with #REF!.
import { cellA1, type GridRange, intersects, toGrid } from "../a1.ts";
import type { CellInput } from "../cell-values.ts";
import { GAS } from "../errors.ts";
import {
  type Dependency,
  type FormulaOutcome,
  type FormulaState,
  SheetState,
  type SpreadsheetState,
} from "../state/spreadsheet-state.ts";

/** A rectangle whose contents changed. */
export interface Edit {
  sheetId: number;
  range: GridRange;
}

/** Evaluates a round of formulas, as Sheets does: their custom functions start together. */
export type FormulaRunner = (
  doc: SpreadsheetState,
  round: Array<[SheetState, FormulaState]>,
) => Array<{ outcome: FormulaOutcome; deps: Dependency[] }>;

// A formula re-runs at most this often per propagation: enough for a chain evaluated out of order to settle,
// and a stop for circular references.
const MAX_RUNS_PER_PROPAGATION = 2;
const MAX_ROUNDS = 100;

export class Recalc {
  readonly #waiting = new Map<SpreadsheetState, Propagation>();

  constructor(private readonly runFormulas: FormulaRunner) {}

  /** Writes typed inputs into `range` (inputs has its shape); formulas among them wait for propagate(). */
  write(sheet: SheetState, range: GridRange, inputs: CellInput[][]): Edit[] {
    const edits: Edit[] = [{ sheetId: sheet.id, range }];
    for (let r = 0; r < range.rows; r++) {
      for (let c = 0; c < range.cols; c++) {
        const row = range.row + r;
        const col = range.col + c;
        edits.push(...this.#dropFormula(sheet, row, col));
        const input = inputs[r]![c]!;
        const note = sheet.cell(row, col)?.note;
        if ("formula" in input) {
          sheet.put(row, col, { value: "", formula: input.formula, ...(note ? { note } : {}) });
          sheet.formulas.set(SheetState.key(row, col), {
            row,
            col,
            formula: input.formula,
            deps: [],
            outcome: null,
            laidOut: null,
          });
        } else {
          sheet.put(row, col, { value: input.value, ...(note ? { note } : {}) });
        }
      }
    }
    return edits;
  }

  /** Empties contents (and notes too when asked) in `range`. */
  clear(sheet: SheetState, range: GridRange, notes: boolean): Edit[] {
    const edits: Edit[] = [{ sheetId: sheet.id, range }];
    for (let r = 0; r < range.rows; r++) {
      for (let c = 0; c < range.cols; c++) {
        const row = range.row + r;
        const col = range.col + c;
        edits.push(...this.#dropFormula(sheet, row, col));
        const note = notes ? undefined : sheet.cell(row, col)?.note;
        sheet.put(row, col, { value: "", ...(note ? { note } : {}) });
      }
    }
    return edits;
  }

  /** Re-runs what the edits affect (and every formula not yet evaluated), then re-lays spills until settled. */
  propagate(doc: SpreadsheetState, edits: Edit[]): void {
    // A recalculation left waiting (later()) joins this one, so everything is settled on return.
    const propagation = this.#waiting.get(doc) ?? new Propagation(doc, this);
    this.#waiting.delete(doc);
    propagation.add(edits);
    while (!propagation.step(Number.POSITIVE_INFINITY));
  }

  /**
   * Records edits whose recalculation runs later, a few formulas at a time (settle()), so a person's edit is
   * answered at once and the cells it affects show they are loading meanwhile.
   */
  later(doc: SpreadsheetState, edits: Edit[]): void {
    const propagation = this.#waiting.get(doc) ?? new Propagation(doc, this);
    propagation.add(edits);
    this.#waiting.set(doc, propagation);
  }

  /** Runs at most `limit` formulas of the recalculations left waiting; true when none is left. */
  settle(limit: number): boolean {
    for (const [doc, propagation] of this.#waiting) {
      if (propagation.step(limit)) this.#waiting.delete(doc);
      else return false;
    }
    return this.#waiting.size === 0;
  }

  /** True while a formula waits to run: never evaluated yet, or queued by a recalculation left waiting. */
  loading(doc: SpreadsheetState, sheet: SheetState, row: number, col: number): boolean {
    const formula = sheet.formulas.get(SheetState.key(row, col));
    if (!formula) return false;
    return formula.outcome === null || (this.#waiting.get(doc)?.queued(formula) ?? false);
  }

  /** One round's plan: the formulas to run (their inputs changed) and those whose spill area was written. */
  plan(
    doc: SpreadsheetState,
    work: Edit[],
    runs: Map<FormulaState, number>,
  ): { toRun: Array<[SheetState, FormulaState]>; toLayout: Array<[SheetState, FormulaState]> } {
    const toRun: Array<[SheetState, FormulaState]> = [];
    const toLayout: Array<[SheetState, FormulaState]> = [];
    for (const sheet of doc.sheets) {
      for (const key of [...sheet.formulas.keys()].sort((a, b) => a - b)) {
        const formula = sheet.formulas.get(key)!;
        const mayRun = (runs.get(formula) ?? 0) < MAX_RUNS_PER_PROPAGATION;
        if (mayRun && (formula.outcome === null || this.#reads(doc, formula, work)))
          toRun.push([sheet, formula]);
        else if (work.some((e) => e.sheetId === sheet.id && intersects(intendedArea(formula), e.range))) {
          toLayout.push([sheet, formula]);
        }
      }
    }
    for (const [, formula] of toRun) runs.set(formula, (runs.get(formula) ?? 0) + 1);
    return { toRun, toLayout };
  }

  /** Runs formulas together (as one round's custom functions start together) and lays out their results. */
  run(doc: SpreadsheetState, batch: Array<[SheetState, FormulaState]>, next: Edit[]): void {
    const results = batch.length > 0 ? this.runFormulas(doc, batch) : [];
    batch.forEach(([sheet, formula], i) => {
      formula.outcome = results[i]!.outcome;
      formula.deps = results[i]!.deps;
      next.push(...this.#layout(sheet, formula, true));
    });
  }

  layout(sheet: SheetState, formula: FormulaState, next: Edit[]): void {
    next.push(...this.#layout(sheet, formula, false));
  }

  /** Re-runs every formula once, as reopening the file does. */
  recalculateAll(doc: SpreadsheetState): void {
    for (const sheet of doc.sheets) for (const formula of sheet.formulas.values()) formula.outcome = null;
    this.propagate(doc, []);
  }

  #reads(doc: SpreadsheetState, formula: FormulaState, edits: Edit[]): boolean {
    return formula.deps.some((dep) => {
      const sheet = doc.sheetById(dep.sheetId);
      if (!sheet) return false;
      const range = toGrid(dep.ref, sheet.maxRows, sheet.maxCols);
      return edits.some((e) => e.sheetId === dep.sheetId && intersects(range, e.range));
    });
  }

  #dropFormula(sheet: SheetState, row: number, col: number): Edit[] {
    const key = SheetState.key(row, col);
    const formula = sheet.formulas.get(key);
    if (!formula) return [];
    sheet.formulas.delete(key);
    const edits = formula.laidOut ? [{ sheetId: sheet.id, range: formula.laidOut }] : [];
    this.#clearSpill(sheet, key, formula.laidOut);
    return edits;
  }

  #clearSpill(sheet: SheetState, key: number, area: GridRange | null): void {
    if (!area) return;
    for (let r = area.row; r < area.row + area.rows; r++) {
      for (let c = area.col; c < area.col + area.cols; c++) {
        const cell = sheet.cell(r, c);
        if (cell?.spilledFrom === key) {
          sheet.put(r, c, { value: "", ...(cell.note ? { note: cell.note } : {}) });
        }
      }
    }
  }

  /** Places a formula's outcome; returns edits only when cells changed (or always, after a fresh run). */
  #layout(sheet: SheetState, formula: FormulaState, ran: boolean): Edit[] {
    const key = SheetState.key(formula.row, formula.col);
    const before = snapshot(sheet, formula.laidOut);
    const previous = formula.laidOut;
    this.#clearSpill(sheet, key, formula.laidOut);
    const anchor = sheet.cell(formula.row, formula.col);
    const note = anchor?.note ? { note: anchor.note } : {};
    const placeError = (code: string, message: string) => {
      sheet.put(formula.row, formula.col, { value: code, error: message, formula: formula.formula, ...note });
      formula.laidOut = { row: formula.row, col: formula.col, rows: 1, cols: 1 };
    };
    const outcome = formula.outcome;
    if (!outcome) {
      sheet.put(formula.row, formula.col, { value: "", formula: formula.formula, ...note });
      formula.laidOut = null;
    } else if (outcome.kind === "error") {
      placeError(outcome.code, outcome.message);
    } else {
      const area = intendedArea(formula);
      const blocked = spillProblem(sheet, key, area);
      if (blocked) placeError("#REF!", blocked);
      else {
        outcome.values.forEach((values, r) => {
          values.forEach((value, c) => {
            const row = formula.row + r;
            const col = formula.col + c;
            if (r === 0 && c === 0) sheet.put(row, col, { value, formula: formula.formula, ...note });
            else {
              const existing = sheet.cell(row, col)?.note;
              sheet.put(row, col, { value, spilledFrom: key, ...(existing ? { note: existing } : {}) });
            }
          });
        });
        formula.laidOut = area;
      }
    }
    const changed =
      ran || before !== snapshot(sheet, formula.laidOut) || !sameArea(previous, formula.laidOut);
    if (!changed) return [];
    const edits: Edit[] = [];
    if (previous) edits.push({ sheetId: sheet.id, range: previous });
    edits.push({
      sheetId: sheet.id,
      range: formula.laidOut ?? { row: formula.row, col: formula.col, rows: 1, cols: 1 },
    });
    return edits;
  }
}

function intendedArea(formula: FormulaState): GridRange {
  const outcome = formula.outcome;
  if (outcome?.kind !== "values") return { row: formula.row, col: formula.col, rows: 1, cols: 1 };
  return { row: formula.row, col: formula.col, rows: outcome.values.length, cols: outcome.values[0]!.length };
}

function spillProblem(sheet: SheetState, key: number, area: GridRange): string | null {
  const extraRows = area.row + area.rows - 1 - sheet.maxRows;
  if (extraRows > 0) return GAS.spillRows(extraRows);
  const extraCols = area.col + area.cols - 1 - sheet.maxCols;
  if (extraCols > 0) return GAS.spillColumns(extraCols);
  for (let r = area.row; r < area.row + area.rows; r++) {
    for (let c = area.col; c < area.col + area.cols; c++) {
      if (r === area.row && c === area.col) continue;
      const cell = sheet.cell(r, c);
      const foreignSpill = cell?.spilledFrom !== undefined && cell.spilledFrom !== key;
      if (sheet.hasContent(r, c) || foreignSpill) return GAS.spillBlocked(cellA1(r, c));
    }
  }
  return null;
}

function snapshot(sheet: SheetState, area: GridRange | null): string {
  if (!area) return "";
  const parts: string[] = [];
  for (let r = area.row; r < area.row + area.rows; r++) {
    for (let c = area.col; c < area.col + area.cols; c++) {
      const cell = sheet.cell(r, c);
      parts.push(cell ? `${String(cell.value)}|${cell.error ?? ""}` : "");
    }
  }
  return parts.join("\u0000");
}

function sameArea(a: GridRange | null, b: GridRange | null): boolean {
  return (
    a === b || (!!a && !!b && a.row === b.row && a.col === b.col && a.rows === b.rows && a.cols === b.cols)
  );
}

/**
 * One propagation, round by round: each round runs the formulas whose inputs the previous round changed.
 * step() runs part of a round at a time; edits added meanwhile are taken up by the next round.
 */
class Propagation {
  #next: Edit[] = [];
  #queue: Array<[SheetState, FormulaState]> = [];
  readonly #queued = new Set<FormulaState>();
  readonly #runs = new Map<FormulaState, number>();
  #rounds = 0;

  constructor(
    private readonly doc: SpreadsheetState,
    private readonly recalc: Recalc,
  ) {}

  add(edits: Edit[]): void {
    this.#next.push(...edits);
  }

  queued(formula: FormulaState): boolean {
    return this.#queued.has(formula);
  }

  /** Runs up to `limit` formulas; true when settled (or stopped by the round limit, as circular references are). */
  step(limit: number): boolean {
    while (this.#queue.length === 0) {
      if (this.#rounds >= MAX_ROUNDS) return true;
      this.#rounds++;
      const work = this.#next;
      this.#next = [];
      const { toRun, toLayout } = this.recalc.plan(this.doc, work, this.#runs);
      if (toRun.length === 0 && toLayout.length === 0) return true;
      for (const [sheet, formula] of toLayout) this.recalc.layout(sheet, formula, this.#next);
      this.#queue = toRun;
      for (const [, formula] of toRun) this.#queued.add(formula);
    }
    const batch = this.#queue.splice(0, limit);
    for (const [, formula] of batch) this.#queued.delete(formula);
    // A formula replaced or cleared since it was queued is gone from its sheet: nothing to run.
    const live = batch.filter(([sheet, f]) => sheet.formulas.get(SheetState.key(f.row, f.col)) === f);
    this.recalc.run(this.doc, live, this.#next);
    // Settled only when planning the next round finds nothing to do, on the next step.
    return false;
  }
}
