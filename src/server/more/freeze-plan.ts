// Freezing the add-on's formulas to values, as pure steps over grids read from the sheet: which cells are
// the add-on's formulas, which cells their spills left when the formulas were replaced, and the few
// rectangles that write those values back without touching any other cell.
import { SPREADSHEET_ERROR_VALUES } from "../../core/organizations/identifiers";

/** A rectangle of a grid, 0-based from the grid's top-left cell. */
export interface Block {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

/** Text inside string literals ("…", with "" as an escaped quote) is not a call. */
function withoutStrings(formula: string): string {
  return formula.replace(/"(?:[^"]|"")*"/g, '""');
}

/** Whether a formula calls one of `names` anywhere in it (nested inside IFERROR and the like too). */
export function callsAny(formula: string, names: readonly string[]): boolean {
  if (!formula.startsWith("=")) return false;
  const code = withoutStrings(formula).toUpperCase();
  return names.some((name) => new RegExp(`(^|[^A-Z0-9_.])${name.toUpperCase()}\\s*\\(`).test(code));
}

export function isErrorValue(value: unknown): boolean {
  return typeof value === "string" && SPREADSHEET_ERROR_VALUES.includes(value.toUpperCase());
}

export function isEmptyValue(value: unknown): boolean {
  return value === "" || value === null || value === undefined;
}

export interface AnchorScan {
  /** Cells whose formula calls the add-on and shows a value: these are frozen. */
  anchors: boolean[][];
  count: number;
  /** The add-on's formulas showing an error: left as formulas, so they can still be fixed. */
  errors: number;
}

/** The add-on's formulas inside `scope` (a block of the grid). */
export function findAnchors(
  formulas: readonly (readonly string[])[],
  values: readonly (readonly unknown[])[],
  names: readonly string[],
  scope: Block,
): AnchorScan {
  const anchors = formulas.map((row) => row.map(() => false));
  let count = 0;
  let errors = 0;
  for (let r = scope.row; r < scope.row + scope.rows && r < formulas.length; r++) {
    for (let c = scope.col; c < scope.col + scope.cols; c++) {
      const formula = formulas[r]?.[c] ?? "";
      if (!callsAny(formula, names)) continue;
      if (isErrorValue(values[r]?.[c])) {
        errors++;
        continue;
      }
      anchors[r]![c] = true;
      count++;
    }
  }
  return { anchors, count, errors };
}

/**
 * Cells that held a value before the anchors were replaced and are empty now, with no formula of their
 * own before or after: the spilled part of the frozen formulas' results.
 */
export function vanishedCells(
  before: { values: readonly (readonly unknown[])[]; formulas: readonly (readonly string[])[] },
  after: { values: readonly (readonly unknown[])[]; formulas: readonly (readonly string[])[] },
  anchors: readonly (readonly boolean[])[],
): boolean[][] {
  return before.values.map((row, r) =>
    row.map(
      (value, c) =>
        !anchors[r]?.[c] &&
        !isEmptyValue(value) &&
        !before.formulas[r]?.[c] &&
        isEmptyValue(after.values[r]?.[c]) &&
        !after.formulas[r]?.[c],
    ),
  );
}

/**
 * Rectangles covering every `needed` cell and only `safe` ones (safe: cells whose writing changes nothing
 * anyone typed). Each grows right, then down, as far as safe cells allow, and is trimmed back to its last
 * needed row and column, so a column of spilled values with blanks in it is still one rectangle.
 */
export function coverBlocks(
  needed: readonly (readonly boolean[])[],
  safe: readonly (readonly boolean[])[],
): Block[] {
  const height = needed.length;
  const width = Math.max(0, ...needed.map((row) => row.length));
  const done = needed.map((row) => row.map(() => false));
  const open = (r: number, c: number) => needed[r]?.[c] === true && !done[r]![c];
  const blocks: Block[] = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      if (!open(r, c)) continue;
      let right = c;
      for (let x = c + 1; x < width && safe[r]?.[x]; x++) if (open(r, x)) right = x;
      let bottom = r;
      for (let y = r + 1; y < height; y++) {
        let rowSafe = true;
        let rowNeeded = false;
        for (let x = c; x <= right; x++) {
          if (!safe[y]?.[x]) rowSafe = false;
          if (open(y, x)) rowNeeded = true;
        }
        if (!rowSafe) break;
        if (rowNeeded) bottom = y;
      }
      for (let y = r; y <= bottom; y++)
        for (let x = c; x <= right; x++) if (needed[y]?.[x]) done[y]![x] = true;
      blocks.push({ row: r, col: c, rows: bottom - r + 1, cols: right - c + 1 });
    }
  }
  return blocks;
}

/**
 * A value as it must be written to stay what it is: text is written after an apostrophe, so Sheets never
 * reads it again as a number, date, boolean or formula ("00123", "2024-03-01", "=x" stay text).
 */
export function frozenValue(value: unknown): string | number | boolean | Date {
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (Object.prototype.toString.call(value) === "[object Date]") return value as Date;
  const text = value === null || value === undefined ? "" : String(value);
  return text === "" ? "" : `'${text}`;
}
