// Moves a block of cells to new rows (sort, insert, delete, move), rewrites formulas and recalculates.
import type { A1Ref, GridRange } from "../a1.ts";
import type { Edit } from "../formula/recalc.ts";
import { type FormulaState, SheetState, type SpreadsheetState } from "../state/spreadsheet-state.ts";
import type { World } from "../world.ts";

/** The cells that move: rows top..bottom of columns left..right. */
export interface Area {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface Rearrangement {
  sheet: SheetState;
  area: Area;
  /** Where the cells of a row of the area go; null when the row is deleted. */
  to: (row: number) => number | null;
  /**
   * A formula's text afterwards, for every formula of the document (`from`/`to`: its row before and after,
   * equal when it did not move), and whether its result still holds (false: it runs again).
   */
  rewrite: (text: string, on: SheetState, from: number, to: number) => { text: string; keep: boolean };
  /** Where a kept formula's dependency on `sheet` points afterwards (null: gone); default unchanged. */
  dependency?: (ref: A1Ref) => A1Ref | null;
  /** The sheet's row count afterwards; default unchanged. */
  maxRows?: number;
  /** Rectangles of `sheet` (rows as afterwards) whose contents changed: formulas reading them run again. */
  changed: GridRange[];
}

/** Applies the rearrangement as one edit of a person's: at once, then recalculated as `set` is. */
export function rearrange(world: World, doc: SpreadsheetState, plan: Rearrangement): void {
  const { sheet, area } = plan;
  // A recalculation still waiting (set with later) finishes on the cells as they are.
  world.recalc.propagate(doc, []);
  const inArea = (row: number, col: number) =>
    row >= area.top && row <= area.bottom && col >= area.left && col <= area.right;
  const anchored = (f: FormulaState) => inArea(f.row, f.col);
  const spillsInto = (f: FormulaState) =>
    f.laidOut !== null &&
    f.laidOut.row <= area.bottom &&
    f.laidOut.row + f.laidOut.rows - 1 >= area.top &&
    f.laidOut.col <= area.right &&
    f.laidOut.col + f.laidOut.cols - 1 >= area.left;
  // Array results are their formula's, not cells of their own: lift them, and lay them out again after.
  const lifted = new Set<FormulaState>();
  for (const formula of sheet.formulas.values()) {
    if (anchored(formula) || spillsInto(formula)) {
      unlay(sheet, formula);
      lifted.add(formula);
    }
  }
  const before = new Map<FormulaState, number>();
  moveEntries(sheet.cells, inArea, plan.to, (key, cell) => sheet.cells.set(key, cell));
  moveEntries(sheet.formats, inArea, plan.to, (key, format) => sheet.formats.set(key, format));
  moveEntries(sheet.formulas, inArea, plan.to, (key, formula) => {
    before.set(formula, formula.row);
    formula.row = SheetState.position(key).row;
    sheet.formulas.set(key, formula);
  });
  if (plan.maxRows !== undefined) sheet.maxRows = plan.maxRows;

  const edits: Edit[] = plan.changed.map((range) => ({ sheetId: sheet.id, range }));
  const relay: Array<[SheetState, FormulaState]> = [];
  for (const on of doc.sheets) {
    for (const formula of on.formulas.values()) {
      const from = before.get(formula) ?? formula.row;
      const { text, keep } = plan.rewrite(formula.formula, on, from, formula.row);
      const anchor = on.cell(formula.row, formula.col);
      const note = anchor?.note ? { note: anchor.note } : {};
      formula.formula = text;
      if (!keep) {
        if (!lifted.has(formula)) unlay(on, formula);
        formula.outcome = null;
        formula.deps = [];
        on.put(formula.row, formula.col, { value: "", formula: text, ...note });
        continue;
      }
      if (anchor) on.put(formula.row, formula.col, { ...anchor, formula: text });
      if (plan.dependency) formula.deps = mapDependencies(formula, sheet.id, plan.dependency);
      if (lifted.has(formula)) relay.push([on, formula]);
    }
  }
  for (const [on, formula] of relay) world.recalc.layout(on, formula, edits);
  world.recalc.propagate(doc, edits);
}

/** Clears the cells a formula's array result spilled into (their notes stay) and forgets where it lay. */
function unlay(sheet: SheetState, formula: FormulaState): void {
  const area = formula.laidOut;
  formula.laidOut = null;
  if (!area) return;
  const key = SheetState.key(formula.row, formula.col);
  for (let r = area.row; r < area.row + area.rows; r++) {
    for (let c = area.col; c < area.col + area.cols; c++) {
      const cell = sheet.cell(r, c);
      if (cell?.spilledFrom === key)
        sheet.put(r, c, { value: "", ...(cell.note ? { note: cell.note } : {}) });
    }
  }
}

/** Takes every entry of the area out of `map`, then puts each back at its new row (dropping deleted ones). */
function moveEntries<T>(
  map: Map<number, T>,
  inArea: (row: number, col: number) => boolean,
  to: (row: number) => number | null,
  put: (key: number, value: T) => void,
): void {
  const taken: Array<[number, number, T]> = [];
  for (const [key, value] of map) {
    const { row, col } = SheetState.position(key);
    if (inArea(row, col)) taken.push([row, col, value]);
  }
  for (const [row, col] of taken) map.delete(SheetState.key(row, col));
  for (const [row, col, value] of taken) {
    const target = to(row);
    if (target !== null) put(SheetState.key(target, col), value);
  }
}

function mapDependencies(
  formula: FormulaState,
  sheetId: number,
  map: (ref: A1Ref) => A1Ref | null,
): FormulaState["deps"] {
  return formula.deps.flatMap((dep) => {
    if (dep.sheetId !== sheetId) return [dep];
    const ref = map(dep.ref);
    return ref ? [{ sheetId, ref }] : [];
  });
}
