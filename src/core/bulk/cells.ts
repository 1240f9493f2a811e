// Service values as cells: field labels, text that never becomes a formula, the cell size limit.
import type { OrgField } from "../org-fields";
import type { CellValue } from "./sheet-port";

/** Sheets refuses longer cell contents. */
export const MAX_CELL_CHARS = 50_000;

const FORMULA_START = /^[=+\-@]/;
const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The column header for a field: the attribute name, or "term metric [since date]". */
export function fieldLabel(field: OrgField): string {
  if (field.kind === "attribute") return field.name;
  return `${field.term} ${field.metric}${field.since ? ` since ${field.since}` : ""}`;
}

/**
 * A value as it must be written: text from the service that Sheets would read as a formula ("=…", "+…",
 * "-…", "@…") is written as literal text, and over-long text is cut to fit one cell.
 */
export function cellText(value: CellValue): CellValue {
  if (typeof value !== "string") return value;
  let text = value;
  if (FORMULA_START.test(text) && !NUMERIC.test(text)) text = `'${text}`;
  if (text.length > MAX_CELL_CHARS) text = `${text.slice(0, MAX_CELL_CHARS - 1)}…`;
  return text;
}

/** Nothing typed and no formula. */
export function isEmptyCell(value: unknown, formula: string | undefined): boolean {
  return (value === "" || value === null || value === undefined) && !formula;
}
