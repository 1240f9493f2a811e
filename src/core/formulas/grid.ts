// Custom-function argument shapes: cell or range in, the matching shape out, and "names" arguments.
import { ArgumentError } from "../text/user-errors";

export interface Grid {
  /** True when the argument was a single cell: the result is then a single value where it can be. */
  scalar: boolean;
  rows: unknown[][];
  height: number;
  width: number;
}

function isDate(value: unknown): boolean {
  return Object.prototype.toString.call(value) === "[object Date]";
}

/**
 * Sheets passes a single cell as its value and a range as a 2-D array of rows; both become rows.
 * `argumentName` is the parameter name the user sees in the formula hint.
 */
export function toGrid(argument: unknown, argumentName: string): Grid {
  if (!Array.isArray(argument)) return { scalar: true, rows: [[argument]], height: 1, width: 1 };
  if (argument.length === 0 || !argument.every((row) => Array.isArray(row))) {
    throw new ArgumentError(`"${argumentName}" must be a cell or a range of cells.`);
  }
  const rows = argument as unknown[][];
  const width = (rows[0] as unknown[]).length;
  if (width === 0 || rows.some((row) => row.length !== width)) {
    throw new ArgumentError(`"${argumentName}" must be a rectangular range of cells.`);
  }
  return { scalar: false, rows, height: rows.length, width };
}

/** The cells in reading order: left to right along the first row, then the next row down. */
export function flattenGrid(grid: Grid): unknown[] {
  return grid.rows.flat();
}

/**
 * The formula's result in the input's shape. `perCell[i]` holds the output columns for flattened cell i
 * (the same count for every cell); a row of the input becomes one output row with each cell's columns
 * side by side. A single cell with a single output column gives a single value.
 */
export function shapeLike<T>(grid: Grid, perCell: readonly (readonly T[])[]): T | T[][] {
  if (perCell.length !== grid.height * grid.width) {
    throw new RangeError(`Expected ${grid.height * grid.width} cell results; got ${perCell.length}.`);
  }
  const columns = perCell[0]?.length ?? 0;
  if (columns === 0 || perCell.some((cell) => cell.length !== columns)) {
    throw new RangeError("Every cell result must have the same number of columns, at least one.");
  }
  if (grid.scalar && columns === 1) return (perCell[0] as readonly T[])[0] as T;
  const rows: T[][] = [];
  for (let r = 0; r < grid.height; r++) {
    rows.push(perCell.slice(r * grid.width, (r + 1) * grid.width).flat() as T[]);
  }
  return rows;
}

function nameFromCell(value: unknown, argumentName: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim().replace(/\s+/g, " ");
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  const shown =
    typeof value === "boolean" ? (value ? "TRUE" : "FALSE") : isDate(value) ? "a date" : "a non-text value";
  throw new ArgumentError(`"${argumentName}" must hold names as text; got ${shown}.`);
}

/**
 * The distinct names of a "names" argument, in order, trimmed, blanks skipped, duplicates dropped
 * regardless of letter case (the first spelling wins). A single cell is split on commas; the cells of a
 * row or column range are taken whole, so a range can carry names that contain commas.
 */
export function parseNames(argument: unknown, argumentName: string): string[] {
  let candidates: string[];
  if (Array.isArray(argument)) {
    const grid = toGrid(argument, argumentName);
    if (grid.height > 1 && grid.width > 1) {
      throw new ArgumentError(
        `"${argumentName}" must be one name, a comma-separated list, or one row or one column of names; ` +
          `got a range of ${grid.height} rows × ${grid.width} columns.`,
      );
    }
    candidates = flattenGrid(grid).map((cell) => nameFromCell(cell, argumentName));
  } else {
    candidates = nameFromCell(argument, argumentName)
      .split(",")
      .map((name) => name.trim());
  }
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of candidates) {
    const folded = name.toLowerCase();
    if (name === "" || seen.has(folded)) continue;
    seen.add(folded);
    names.push(name);
  }
  if (names.length === 0) throw new ArgumentError(`"${argumentName}" is empty: give at least one name.`);
  return names;
}
