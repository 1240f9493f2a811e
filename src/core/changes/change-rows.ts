// Reading a run's rows of the "Changes" sheet back as changes, and a run's cells as the fewest A1 ranges.

import { blockA1, columnLetter, columnNumber } from "../bulk/a1";
import type { CellChange } from "./change";

export const CHANGES_SHEET = "Changes";

/**
 * The sheet's columns in order, as the refresh run appends them: a person reads When…After; Column (the
 * changed cell's letter) lets the sidebar select the cell without guessing where a field's column is.
 */
export const CHANGE_ROW_HEADERS = [
  "When",
  "Sheet",
  "Row",
  "Organization",
  "Field",
  "Before",
  "After",
  "Column",
];

type Value = CellChange["before"];

/** One change as its row (`when`: the date cell the writer makes of `at`); the test harness writes these. */
export function changeRowValues(change: CellChange, when: Date): Array<Date | string | number | boolean> {
  const cell = (value: Value) => (value === null ? "" : value);
  return [
    when,
    change.sheetName,
    change.row,
    change.organization,
    change.field,
    cell(change.before),
    cell(change.after),
    columnLetter(change.column),
  ];
}

function asValue(value: unknown): Value {
  if (value === "" || value === undefined || value === null) return null;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  if (Object.prototype.toString.call(value) === "[object Date]") return (value as Date).toISOString();
  return String(value);
}

function asTime(value: unknown): number {
  if (Object.prototype.toString.call(value) === "[object Date]") return (value as Date).getTime();
  if (typeof value === "number") return value;
  const parsed = Date.parse(String(value));
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * A row read back as the change it records, for `ruleId` (whose lastRun named the row); null for a row that
 * is not one (blank, or edited out of shape). `columnOf` places a row written without its Column.
 */
export function readChangeRow(
  row: readonly unknown[],
  ruleId: string,
  columnOf: (field: string) => number | null,
): CellChange | null {
  const [when, sheetName, sheetRow, organization, field, before, after, letters] = row;
  const rowNumber = Number(sheetRow);
  if (!Number.isSafeInteger(rowNumber) || rowNumber < 1 || typeof field !== "string" || field === "")
    return null;
  const column =
    typeof letters === "string" && letters.trim() !== "" ? columnNumber(letters.trim()) : columnOf(field);
  if (column === null) return null;
  return {
    at: asTime(when),
    ruleId,
    sheetName: String(sheetName ?? ""),
    row: rowNumber,
    column,
    organization: String(organization ?? ""),
    field,
    before: asValue(before),
    after: asValue(after),
  };
}

/**
 * Cells as the fewest A1 ranges: a column's neighbouring rows become one range ("D5:D7"), so selecting a
 * run's changes stays one short RangeList however many cells moved.
 */
export function cellRanges(cells: ReadonlyArray<{ row: number; column: number }>): string[] {
  const byColumn = new Map<number, number[]>();
  for (const { row, column } of cells) {
    const rows = byColumn.get(column) ?? [];
    rows.push(row);
    byColumn.set(column, rows);
  }
  const ranges: string[] = [];
  for (const column of [...byColumn.keys()].sort((a, b) => a - b)) {
    const rows = [...new Set(byColumn.get(column))].sort((a, b) => a - b);
    let start = rows[0] as number;
    let previous = start;
    for (const row of [...rows.slice(1), Number.NaN]) {
      if (row === previous + 1) {
        previous = row;
        continue;
      }
      ranges.push(blockA1(start, column, previous - start + 1, 1));
      start = row;
      previous = row;
    }
  }
  return ranges;
}
