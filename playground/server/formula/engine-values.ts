// Converts between the harness's cell values and HyperFormula's, in both directions.
import { CellError, DetailedCellError, EmptyValue, ErrorType, SimpleRangeValue } from "hyperformula";
import type { CellValue } from "../../../harness/index.ts";
import { isDate } from "../../../harness/realm.ts";
import type { FormulaOutcome } from "../../../harness/state/spreadsheet-state.ts";
import { zonedParts } from "../../../harness/time-zone.ts";

/** A value inside the engine: a scalar, a blank, an error or an array. */
export type EngineValue = number | string | boolean | typeof EmptyValue | CellError | SimpleRangeValue;

const DAY_MS = 86_400_000;
/** Day 0 of spreadsheet date serials (Sheets and HyperFormula agree on 30 December 1899). */
const SERIAL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** Sheets' messages where HyperFormula has a different one or none. */
export const SHEETS_MESSAGES = {
  circular: "Circular dependency detected. To resolve with iterative calculation, see File > Settings.",
  divideByZero: "Function DIVIDE parameter 2 cannot be zero.",
} as const;

// Sheets shows every HyperFormula error type with one of its own codes: a cycle is #REF!, and so is an
// array that cannot spill; #LIC! (a licence problem) cannot happen with the GPL key and reads as #ERROR!.
const SHEETS_CODE: Record<ErrorType, string> = {
  [ErrorType.DIV_BY_ZERO]: "#DIV/0!",
  [ErrorType.NAME]: "#NAME?",
  [ErrorType.VALUE]: "#VALUE!",
  [ErrorType.NUM]: "#NUM!",
  [ErrorType.NA]: "#N/A",
  [ErrorType.CYCLE]: "#REF!",
  [ErrorType.REF]: "#REF!",
  [ErrorType.SPILL]: "#REF!",
  [ErrorType.LIC]: "#ERROR!",
  [ErrorType.ERROR]: "#ERROR!",
};

const ENGINE_TYPE: Record<string, ErrorType> = {
  "#ERROR!": ErrorType.ERROR,
  "#NAME?": ErrorType.NAME,
  "#REF!": ErrorType.REF,
  "#N/A": ErrorType.NA,
  "#DIV/0!": ErrorType.DIV_BY_ZERO,
  "#VALUE!": ErrorType.VALUE,
  "#NUM!": ErrorType.NUM,
};

/** The date serial Sheets shows for an instant: days since the epoch in the spreadsheet's time zone. */
export function dateSerial(date: Date, timeZone: string): number {
  const p = zonedParts(date.getTime(), timeZone);
  const local = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.millisecond);
  return (local - SERIAL_EPOCH_MS) / DAY_MS;
}

/** What to write into an engine cell so it holds exactly this value: text is quoted so it is never parsed. */
export function engineInput(value: CellValue, timeZone: string): string | number | boolean | null {
  if (value === "") return null;
  if (typeof value === "string") return `'${value}`;
  if (isDate(value)) return dateSerial(value, timeZone);
  return value;
}

/** A value the engine computed, as a scalar a custom function receives (a blank is ""). */
export function scalarFromEngine(value: unknown): CellValue | CellError {
  if (value === EmptyValue || value === null || value === undefined) return "";
  if (value instanceof CellError) return value;
  if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") return value;
  // Dates, times, currencies and percentages are numbers with a display format attached (RichNumber).
  const rich = (value as { val?: unknown }).val;
  if (typeof rich === "number") return rich;
  return String(value);
}

/** The value an argument of a nested custom function carries: a one-cell range is its value, as in Sheets. */
export function argumentFromEngine(
  value: unknown,
): { value: CellValue | CellValue[][] } | { error: CellError } {
  if (value instanceof SimpleRangeValue) {
    const rows: CellValue[][] = [];
    for (const row of value.rawData()) {
      const out: CellValue[] = [];
      for (const item of row) {
        const scalar = scalarFromEngine(item);
        if (scalar instanceof CellError) return { error: scalar };
        out.push(scalar);
      }
      rows.push(out);
    }
    return rows.length === 1 && rows[0]!.length === 1 ? { value: rows[0]![0]! } : { value: rows };
  }
  const scalar = scalarFromEngine(value);
  return scalar instanceof CellError ? { error: scalar } : { value: scalar };
}

function engineValue(value: CellValue, timeZone: string): number | string | boolean | typeof EmptyValue {
  if (value === "") return EmptyValue;
  if (isDate(value)) return dateSerial(value, timeZone);
  return value;
}

/** A custom function's outcome as the engine carries it inside a larger formula. */
export function outcomeToEngine(outcome: FormulaOutcome, timeZone: string): EngineValue {
  if (outcome.kind === "error") {
    return new CellError(ENGINE_TYPE[outcome.code] ?? ErrorType.ERROR, outcome.message);
  }
  const rows = outcome.values;
  if (rows.length === 1 && rows[0]!.length === 1) return engineValue(rows[0]![0]!, timeZone);
  return SimpleRangeValue.onlyValues(rows.map((row) => row.map((v) => engineValue(v, timeZone))));
}

// The harness types FormulaOutcome's code with the codes its own evaluator makes; a cell stores any code
// as its value, and Sheets also shows #DIV/0!, #VALUE! and #NUM!, so this widens the type to what it holds.
type SheetsOutcome = FormulaOutcome | { kind: "error"; code: string; message: string };

function errorOutcome(error: DetailedCellError): FormulaOutcome {
  const type = error.type as ErrorType;
  const message =
    type === ErrorType.CYCLE
      ? SHEETS_MESSAGES.circular
      : type === ErrorType.DIV_BY_ZERO && !error.message
        ? SHEETS_MESSAGES.divideByZero
        : error.message;
  const outcome: SheetsOutcome = { kind: "error", code: SHEETS_CODE[type] ?? "#ERROR!", message };
  return outcome as FormulaOutcome;
}

function cellFromExport(value: unknown): CellValue {
  if (value === null || value === undefined) return "";
  if (value instanceof DetailedCellError) return SHEETS_CODE[value.type as ErrorType] ?? "#ERROR!";
  if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") return value;
  return String(value);
}

/** What calculateFormula returned, as the harness lays it out: a value, a spilling array or an error. */
export function outcomeFromEngine(result: unknown): FormulaOutcome {
  if (result instanceof DetailedCellError) return errorOutcome(result);
  if (Array.isArray(result)) {
    const rows = (result as unknown[][]).map((row) => row.map(cellFromExport));
    if (rows.length === 0 || rows[0]!.length === 0) return { kind: "values", values: [[""]] };
    return { kind: "values", values: rows };
  }
  return { kind: "values", values: [[cellFromExport(result)]] };
}
