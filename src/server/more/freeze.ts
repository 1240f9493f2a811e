// Freeze formulas to values: the add-on's formulas in the selection or the whole sheet (spilled results
// included) become the values they show, so no recalculation can spend again; other formulas stay.

import { plural } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { blockA1 } from "../../core/sheet/a1";
import type { SheetPort } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import {
  activeBlock,
  activeSheetBlock,
  confirmYesNo,
  flushWrites,
  type SheetBlock,
  showToast,
} from "../../platform/active-range";
import { activeWorkbook } from "../../platform/spreadsheet";
import { formulas as addonFormulas } from "../formulas/run";
import { readRequest } from "../sidebar/args";
import { NO_SELECTION_MESSAGE } from "../sidebar/selection";
import {
  type Block,
  coverBlocks,
  findAnchors,
  frozenValue,
  isEmptyValue,
  vanishedCells,
} from "./freeze-plan";

export const FREEZE_SCOPES = ["selection", "sheet"] as const;
export type FreezeScope = (typeof FREEZE_SCOPES)[number];

/** The custom functions whose recalculation can spend: every one the add-on defines. */
export const ADDON_FUNCTIONS: readonly string[] = Object.keys(addonFormulas);

export interface FreezePreview {
  sheetName: string;
  /** "B2:D40", or "the whole sheet". */
  range: string;
  formulas: number;
  /** The add-on's formulas showing an error, which stay formulas. */
  errors: number;
  message: string;
}

export interface FreezeResult extends FreezePreview {
  /** Cells that now hold values instead of formulas or spilled results. */
  cells: number;
}

const WHOLE_SHEET = "the whole sheet";

function readScope(input: unknown): FreezeScope {
  const request = readRequest(input, '{scope: "selection"} or {scope: "sheet"}');
  const scope = request["scope"];
  if (typeof scope !== "string" || !(FREEZE_SCOPES as readonly string[]).includes(scope)) {
    throw new RequestError(`Unknown scope ${quoteInput(scope)}. Use one of: ${FREEZE_SCOPES.join(", ")}.`);
  }
  return scope as FreezeScope;
}

interface Target {
  sheet: SheetPort;
  scope: SheetBlock;
  range: string;
}

function target(scope: FreezeScope): Target {
  const block = scope === "selection" ? activeBlock() : activeSheetBlock();
  if (!block) throw new RequestError(NO_SELECTION_MESSAGE);
  const sheet = activeWorkbook().sheet(block.sheetName);
  if (!sheet) throw new RequestError(NO_SELECTION_MESSAGE);
  const range = scope === "sheet" ? WHOLE_SHEET : blockA1(block.row, block.column, block.rows, block.columns);
  return { sheet, scope: block, range };
}

interface Grid {
  rows: number;
  cols: number;
  values: unknown[][];
  formulas: string[][];
}

/** Everything on the sheet: a frozen formula's spill may reach past the selection. */
function readGrid(sheet: SheetPort, rows: number, cols: number): Grid {
  if (rows < 1 || cols < 1) return { rows: 0, cols: 0, values: [], formulas: [] };
  return {
    rows,
    cols,
    values: sheet.readValues(1, 1, rows, cols),
    formulas: sheet.readFormulas(1, 1, rows, cols),
  };
}

function scan(t: Target) {
  const grid = readGrid(t.sheet, t.sheet.lastRow(), t.sheet.lastColumn());
  const scope: Block = {
    row: t.scope.row - 1,
    col: t.scope.column - 1,
    rows: t.scope.rows,
    cols: t.scope.columns,
  };
  return { grid, ...findAnchors(grid.formulas, grid.values, ADDON_FUNCTIONS, scope) };
}

function describe(t: Target, count: number, errors: number, done: boolean): string {
  const where = t.range === WHOLE_SHEET ? `"${t.sheet.name}"` : `${t.sheet.name}!${t.range}`;
  const kept = errors
    ? ` ${plural(errors, "formula")} showing an error ${errors === 1 ? "stays as it is" : "stay as they are"}.`
    : "";
  if (count === 0) return `No add-on formulas with values in ${where}; nothing to freeze.${kept}`;
  return done
    ? `Froze ${plural(count, "add-on formula")} in ${where} to ${count === 1 ? "its value" : "their values"}. Other formulas were left alone.${kept}`
    : `${plural(count, "add-on formula")} in ${where} will become ${count === 1 ? "its value" : "their values"}; other formulas stay.${kept}`;
}

export function previewFreeze(input: unknown): FreezePreview {
  const t = target(readScope(input));
  const { count, errors } = scan(t);
  return {
    sheetName: t.sheet.name,
    range: t.range,
    formulas: count,
    errors,
    message: describe(t, count, errors, false),
  };
}

function writeBlocks(
  sheet: SheetPort,
  blocks: readonly Block[],
  values: readonly (readonly unknown[])[],
): void {
  for (const b of blocks) {
    const rows = values
      .slice(b.row, b.row + b.rows)
      .map((row) => Array.from({ length: b.cols }, (_v, c) => frozenValue(row[b.col + c])));
    sheet.writeValues(b.row + 1, b.col + 1, rows);
  }
}

function freeze(t: Target): FreezeResult {
  const { grid, anchors, count, errors } = scan(t);
  const base = { sheetName: t.sheet.name, range: t.range, formulas: count, errors };
  if (count === 0) return { ...base, cells: 0, message: describe(t, 0, errors, true) };
  // First the formulas themselves: their spills empty out, which is how the spilled cells are found.
  writeBlocks(t.sheet, coverBlocks(anchors, anchors), grid.values);
  flushWrites();
  const after = readGrid(t.sheet, grid.rows, grid.cols);
  const vanished = vanishedCells(grid, after, anchors);
  const needed = vanished.map((row, r) => row.map((v, c) => v || anchors[r]![c]!));
  const safe = needed.map((row, r) =>
    row.map(
      (n, c) =>
        n ||
        (isEmptyValue(after.values[r]?.[c]) && !after.formulas[r]?.[c] && isEmptyValue(grid.values[r]?.[c])),
    ),
  );
  const spilled = vanished.flat().filter(Boolean).length;
  if (spilled > 0) writeBlocks(t.sheet, coverBlocks(needed, safe), grid.values);
  return { ...base, cells: count + spilled, message: describe(t, count, errors, true) };
}

export function freezeFormulas(input: unknown): FreezeResult {
  return freeze(target(readScope(input)));
}

/** Menu: freezes the selection, or the whole sheet when a single cell is selected, after asking. */
export function freezeFromMenu(): void {
  const selected = activeBlock();
  const scope: FreezeScope = selected && selected.rows * selected.columns > 1 ? "selection" : "sheet";
  const t = target(scope);
  const { count, errors } = scan(t);
  if (count === 0) {
    showToast(describe(t, 0, errors, false), "Freeze formulas to values");
    return;
  }
  const question = `${describe(t, count, errors, false)} They will not fetch or spend again. Continue?`;
  if (!confirmYesNo("Freeze formulas to values", question)) return;
  showToast(freeze(t).message, "Freeze formulas to values");
}
