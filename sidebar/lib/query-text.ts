// The Find tab's query builder: rows such as "Technology is any of …" or "Employees between … and …"
// written as the advanced query's text form (`<field> <OPERATOR> '<value>'` joined with AND).
import type { QueryField } from "./find-types";

export type ListField = Exclude<QueryField, "employee_count" | "hiring_period">;
export type ListMatch = "any" | "all" | "none";

/** A value in a list row: what the query says, and what the chip shows (a technology's name for its slug). */
export interface RowItem {
  value: string;
  label: string;
}

export type QueryRow =
  | { id: number; field: ListField; match: ListMatch; items: RowItem[] }
  | { id: number; field: "employee_count"; min: string; max: string }
  | { id: number; field: "hiring_period"; period: string };

/** Quotes a value: an apostrophe inside is written twice, as the text form reads it. */
export function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function listText(field: string, match: ListMatch, values: readonly string[]): string | null {
  const clean = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  if (clean.length === 0) return null;
  if (clean.length === 1 && match !== "none") return `${field} EQ ${quote(clean[0]!)}`;
  if (clean.length === 1) return `${field} NOT EQ ${quote(clean[0]!)}`;
  const operator = match === "any" ? "IN" : match === "all" ? "IN ALL" : "NOT IN";
  return `${field} ${operator} (${clean.map(quote).join(", ")})`;
}

/** A whole number typed in a bound field, or null when it is empty or not one. */
function bound(text: string): number | null {
  const trimmed = text.replace(/[\s,]/g, "");
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** The text of one row, or null while the row is incomplete (it is then left out). */
export function rowText(row: QueryRow): string | null {
  switch (row.field) {
    case "employee_count": {
      const min = bound(row.min);
      const max = bound(row.max);
      if (min === null && max === null) return null;
      if (min !== null && max !== null && min > max) return null;
      return `employee_count EQ ${quote(`${min ?? ""}-${max ?? ""}`)}`;
    }
    case "hiring_period":
      return row.period ? `hiring_period EQ ${quote(row.period)}` : null;
    default:
      return listText(
        row.field,
        row.match,
        row.items.map((item) => item.value),
      );
  }
}

/** Why a row is left out, for the hint under it; null when it is complete. */
export function rowProblem(row: QueryRow): string | null {
  if (row.field === "employee_count") {
    const min = bound(row.min);
    const max = bound(row.max);
    if ((row.min.trim() && min === null) || (row.max.trim() && max === null)) return "Type whole numbers.";
    if (min === null && max === null) return "Type a lower or an upper bound, or both.";
    if (min !== null && max !== null && min > max) return "The lower bound is above the upper bound.";
    return null;
  }
  if (row.field === "hiring_period") return row.period ? null : "Choose a period.";
  return row.items.some((item) => item.value.trim()) ? null : "Add at least one value.";
}

export function queryText(rows: readonly QueryRow[]): string {
  return rows
    .map(rowText)
    .filter((text): text is string => text !== null)
    .join(" AND ");
}

/** A new, empty row for a field; a hiring period starts at `period` (from the server's list). */
export function newRow(id: number, field: QueryField, period = ""): QueryRow {
  if (field === "employee_count") return { id, field, min: "", max: "" };
  if (field === "hiring_period") return { id, field, period };
  return { id, field, match: "any", items: [] };
}
