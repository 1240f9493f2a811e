// A service value as a formula returns it: an ISO day or timestamp becomes a Date (Sheets shows a Date a
// custom function returns as a date, sortable and comparable, as the sidebar's writes are); lists join.

import type { CachedJson } from "../core/caches/result-cache";
import { cellValue } from "../core/organizations/org-fields";
import { ISO_DAY } from "../core/sheet/cells";
import { ISO_INSTANT } from "../core/sheet/values";

export type FormulaValue = string | number | boolean | Date;

/**
 * `value` for a formula's cell; `day` makes midnight of a calendar day in the spreadsheet's time zone, so
 * the cell shows the service's day whatever the script's own zone. Text that only looks like a date (a
 * 30 February) stays text.
 */
export function formulaValue(
  value: CachedJson | undefined,
  day: (year: number, month: number, date: number) => Date,
): FormulaValue {
  const plain = cellValue(value);
  if (typeof plain !== "string") return plain;
  const parts = ISO_DAY.exec(plain);
  if (parts) {
    const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    const check = new Date(Date.UTC(year, month - 1, date));
    const real =
      check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === date;
    return real ? day(year, month, date) : plain;
  }
  if (ISO_INSTANT.test(plain)) {
    const time = Date.parse(plain);
    if (!Number.isNaN(time)) return new Date(time);
  }
  return plain;
}
