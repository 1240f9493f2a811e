// Reading the optional scalar arguments of the formulas: metric names, entity types, `since` dates.
import { ENTITY_TYPES, type EntityType } from "../api/contract/organization-catalog";
import { quoteInput } from "../api/words/quote-input";
import { didYouMean } from "../core/text/nearest-names";
import { ArgumentError } from "../core/text/user-errors";

function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === "[object Date]";
}

/** A single-cell text argument; blank gives the default. */
export function optionalText(value: unknown, argumentName: string, fallback: string): string {
  if (value === undefined || value === null || value === "") return fallback;
  if (Array.isArray(value)) throw new ArgumentError(`"${argumentName}" must be a single value, not a range.`);
  if (typeof value !== "string")
    throw new ArgumentError(`"${argumentName}" must be text; got ${quoteInput(value)}.`);
  return value.trim() || fallback;
}

export function entityType(value: unknown): EntityType {
  const text = optionalText(value, "type", "").toLowerCase();
  if (!(ENTITY_TYPES as readonly string[]).includes(text)) {
    throw new ArgumentError(
      `Unknown type ${quoteInput(value)}.${didYouMean(String(value), ENTITY_TYPES)} Use one of: ${ENTITY_TYPES.join(", ")}.`,
    );
  }
  return text as EntityType;
}

/**
 * `since` as YYYY-MM-DD: a date cell (formatted in the spreadsheet's time zone by `formatDay`) or
 * text in that form. Blank means no limit.
 */
export function sinceArgument(value: unknown, formatDay: (date: Date) => string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (Array.isArray(value)) throw new ArgumentError('"since" must be a single date, not a range.');
  if (isDate(value)) {
    if (Number.isNaN(value.getTime())) throw new ArgumentError('"since" is not a valid date.');
    return formatDay(value);
  }
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
    const text = value.trim();
    const [y, m, d] = text.split("-").map(Number) as [number, number, number];
    const probe = new Date(Date.UTC(y, m - 1, d));
    if (probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d)
      return text;
  }
  throw new ArgumentError(`"since" must be a date or text like 2025-01-31; got ${quoteInput(value)}.`);
}
