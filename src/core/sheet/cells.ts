// Service values as cells: field labels, text that Sheets never reads as something else, the size limit.
import type { OrgField } from "../organizations/org-fields";
import type { CellValue } from "./port";

/** Sheets refuses longer cell contents. */
export const MAX_CELL_CHARS = 50_000;

const FORMULA_START = /^[=+\-@]/;
/** An ISO day ("2024-03-01"): the one shape of date text the writers turn into a date (see sheet-values). */
export const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Text Sheets would store as something other than that text when written with setValues: a number
 * ("00123", "1,200", "1e5", "$5", "(12)"), a percentage ("50%"), a boolean ("TRUE"), a date or a time
 * ("1/2", "3/1/2024", "Mar 1", "10:30"). Read loosely on purpose: a false alarm only costs an apostrophe.
 * The currency signs ($, euro, pound, yen) are escaped so that the bundle stays ASCII (see scripts/build.ts).
 */
const SHEETS_PARSES = [
  /^\s*[+-]?\s*[$\u20AC\u00A3\u00A5]?\s*\(?\s*[+-]?(?:\d[\d,]*\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*\)?\s*%?\s*$/,
  /^\s*(?:true|false)\s*$/i,
  /^\s*\d{1,4}\s*[/.-]\s*\d{1,2}(?:\s*[/.-]\s*\d{1,4})?(?:\s+\d{1,2}:\d{2}.*)?\s*$/,
  /^\s*\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]\.?m\.?)?\s*$/i,
  /^\s*(?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,4}(?:\s*,?\s*\d{2,4})?\s*$/i,
];

/** The column header for a field: the attribute name, or "term metric [since date]" (the API's words). */
export function fieldLabel(field: OrgField): string {
  if (field.kind === "attribute") return field.name;
  return `${field.term} ${field.metric}${field.since ? ` since ${field.since}` : ""}`;
}

/** Whether Sheets would turn this text into a formula, a number, a boolean or a date. */
export function sheetsWouldChange(text: string): boolean {
  if (ISO_DAY.test(text)) return false;
  return FORMULA_START.test(text) || SHEETS_PARSES.some((shape) => shape.test(text));
}

/**
 * A value as it must be written: text from the service stays the text the service sent. Text Sheets
 * would read as a formula ("=…", "+…", "-…", "@…") or as a number, boolean, percentage or date ("00123",
 * "TRUE", "50%", "1/2") gets a leading apostrophe, which Sheets keeps out of the cell and which makes
 * it literal text. ISO days ("2024-03-01") are left for the writers, which make them dates in one format.
 * Over-long text is cut to fit one cell.
 */
export function cellText(value: CellValue): CellValue {
  if (typeof value !== "string") return value;
  let text = value;
  if (sheetsWouldChange(text)) text = `'${text}`;
  if (text.length > MAX_CELL_CHARS) text = `${text.slice(0, MAX_CELL_CHARS - 1)}…`;
  return text;
}

/** Nothing typed and no formula. */
export function isEmptyCell(value: unknown, formula: string | undefined): boolean {
  return (value === "" || value === null || value === undefined) && !formula;
}
