// How an error message quotes what the user gave: short, never throwing, whatever the value is.
import { formatCount } from "./format";

/** Characters of text a message repeats before it cuts the rest. */
export const QUOTE_MAX_CHARS = 60;

function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === "[object Date]";
}

/**
 * Text in quotes (cut after {@link QUOTE_MAX_CHARS} characters, saying how long it was), numbers and
 * booleans as written, anything else by its kind. `String(value)` is not enough: it throws "Cannot
 * convert object to primitive value" on an object without a prototype, prints "[object Object]", and
 * repeats a pasted 500,000-character cell whole.
 */
export function quoteInput(value: unknown): string {
  if (typeof value === "string") {
    const chars = Array.from(value);
    if (chars.length <= QUOTE_MAX_CHARS) return JSON.stringify(value);
    return `${JSON.stringify(chars.slice(0, QUOTE_MAX_CHARS).join(""))}… (${formatCount(chars.length)} characters)`;
  }
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value))
    return value.length === 0 ? "an empty list" : `a list of ${formatCount(value.length)}`;
  if (isDate(value)) return "a date";
  if (typeof value === "function") return "a function";
  if (typeof value === "symbol") return "a symbol";
  return "an object";
}
