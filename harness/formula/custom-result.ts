// How Sheets places what a custom function returns: scalars, spilling arrays, blanks.
import type { CellValue } from "../cell-values.ts";
import { GAS } from "../errors.ts";
import { isDate } from "../realm.ts";
import type { FormulaOutcome } from "../state/spreadsheet-state.ts";

export function outcomeOf(result: unknown): FormulaOutcome {
  try {
    if (!Array.isArray(result)) return { kind: "values", values: [[cellOf(result)]] };
    if (result.length === 0) return { kind: "values", values: [[""]] };
    const rows = result.map((row) => (Array.isArray(row) ? row.map(cellOf) : [cellOf(row)]));
    const width = Math.max(1, ...rows.map((row) => row.length));
    for (const row of rows) while (row.length < width) row.push("");
    return { kind: "values", values: rows };
  } catch {
    return { kind: "error", code: "#ERROR!", message: GAS.badResult };
  }
}

function cellOf(value: unknown): CellValue {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError("not a finite number");
    return value;
  }
  if (isDate(value)) return new Date(value.getTime());
  throw new TypeError("not a cell value");
}
