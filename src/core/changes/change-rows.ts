// Reading a run's rows of the "Changes" sheet back as changes, and a run's cells as the fewest A1 ranges.

import { fieldWords } from "../organizations/field-names";
import { fieldKey, type OrgField } from "../organizations/org-fields";
import { blockA1 } from "../sheet/a1";
import { fieldLabel } from "../sheet/cells";
import { isDate } from "../sheet/values";
import type { CellChange } from "./change";
import { WHY_FILLED_FREE, WHY_NEW_ORGANIZATION } from "./change-sheet";

type Value = CellChange["before"];

function asValue(value: unknown): Value {
  if (value === "" || value === undefined || value === null) return null;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  if (isDate(value)) return value.toISOString();
  return String(value);
}

function asTime(value: unknown): number {
  if (isDate(value)) return value.getTime();
  if (typeof value === "number") return value;
  const parsed = Date.parse(String(value));
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * Where a rule's field is: its column (the rule's first output column plus the field's place) and its
 * stable key ("a:employee_count", "m:technology:snowflake:job_post_count:"), which says what a metric
 * counts ("Snowflake" a technology, not a job function) where the Field column's label cannot.
 */
export function ruleFields(
  fields: readonly OrgField[],
  firstColumn: number | null,
): (label: string) => { column: number; key: string } | null {
  return (label) => {
    if (firstColumn === null) return null;
    // The sidebar's words ("Employee count"); rows logged before them name the API's (employee_count).
    let index = fields.findIndex((f) => fieldWords(f) === label);
    if (index < 0) index = fields.findIndex((f) => fieldLabel(f) === label);
    const field = fields[index];
    if (!field) return null;
    return { column: firstColumn + index, key: field.kind === "attribute" ? field.name : fieldKey(field) };
  };
}

/**
 * A row read back as the change it records, for `ruleId` (whose lastRun named the row), its field given
 * by key; null for a row that is not one of the rule's fields (blank, or edited out of shape).
 */
export function readChangeRow(
  row: readonly unknown[],
  ruleId: string,
  fieldOf: (label: string) => { column: number; key: string } | null,
): CellChange | null {
  const [when, sheetName, sheetRow, organization, label, before, after, why] = row;
  const rowNumber = Number(sheetRow);
  if (!Number.isSafeInteger(rowNumber) || rowNumber < 1 || typeof label !== "string") return null;
  const field = fieldOf(label);
  if (!field) return null;
  return {
    at: asTime(when),
    ruleId,
    sheetName: String(sheetName ?? ""),
    row: rowNumber,
    column: field.column,
    organization: String(organization ?? ""),
    field: field.key,
    before: asValue(before),
    after: asValue(after),
    // Rows written before the Why column read as values that changed.
    ...(why === WHY_NEW_ORGANIZATION ? { newOrganization: true } : {}),
    ...(why === WHY_FILLED_FREE ? { filled: true } : {}),
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
