// What a cell holds, how Sheets reads typed input into it, and how getDisplayValues shows it.
import { GAS } from "./errors.ts";
import { isDate } from "./realm.ts";
import { zonedParts } from "./time-zone.ts";

export type CellValue = string | number | boolean | Date;

export type CellInput = { value: CellValue } | { formula: string };

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const PERCENT = /^([+-]?(?:\d+\.?\d*|\.\d+))%$/;
const MAX_CELL_CHARS = 50_000;

/**
 * Reads a value the way Sheets reads what a user types or a script writes with setValues: "=…" is a formula,
 * "'…" is literal text, numeric text becomes a number, TRUE/FALSE become booleans. Date text stays text here.
 */
export function readInput(input: unknown, fail: (message: string) => never, format = ""): CellInput {
  if (input === null || input === undefined) return { value: "" };
  if (typeof input === "number" || typeof input === "boolean") return { value: input };
  if (isDate(input)) return { value: new Date(input.getTime()) };
  const text = String(input);
  if (text.length > MAX_CELL_CHARS) fail(GAS.cellTooLong);
  if (text.length > 1 && text.startsWith("=")) return { formula: text };
  // A cell formatted as plain text ("@") keeps what is written as it is.
  if (format === TEXT_FORMAT) return { value: text };
  if (text.startsWith("'")) return { value: text.slice(1) };
  if (NUMBER.test(text)) return { value: Number(text) };
  const percent = PERCENT.exec(text);
  if (percent) return { value: Number(percent[1]) / 100 };
  const upper = text.toUpperCase();
  if (upper === "TRUE" || upper === "FALSE") return { value: upper === "TRUE" };
  return { value: text };
}

/** The number format Sheets calls "Plain text". */
export const TEXT_FORMAT = "@";

export function isBlank(value: CellValue): boolean {
  return value === "";
}

/**
 * Sheets' automatic format: integers as is, up to 10 significant digits otherwise, dates as M/d/yyyy; a
 * date under a date format set on the cell ("yyyy-mm-dd", "yyyy-mm-dd hh:mm") shows in that format.
 */
export function displayValue(value: CellValue, timeZone: string, format = ""): string {
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (isDate(value) && DATE_PATTERN.test(format)) return formattedDate(value, timeZone, format);
  if (typeof value === "number") {
    if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
    return String(Number(value.toPrecision(10)));
  }
  if (isDate(value)) return displayDate(value, timeZone);
  return value;
}

/** The date patterns the harness shows: y, m, d, h and s letters and separators (m after h is minutes). */
const DATE_PATTERN = /^(?=.*[yd])[ymdhs\s/:.,-]+$/i;

function formattedDate(date: Date, timeZone: string, format: string): string {
  const p = zonedParts(date.getTime(), timeZone);
  let afterHour = false;
  return format.replace(/y+|m+|d+|h+|s+/gi, (token) => {
    const letter = token[0]!.toLowerCase();
    const pad = (n: number) => String(n).padStart(Math.min(token.length, 2), "0");
    if (letter === "y") return token.length <= 2 ? String(p.year).slice(-2) : String(p.year);
    if (letter === "d") return pad(p.day);
    if (letter === "h") {
      afterHour = true;
      return pad(p.hour);
    }
    if (letter === "s") return pad(p.second);
    const text = afterHour ? pad(p.minute) : pad(p.month);
    afterHour = false;
    return text;
  });
}

function displayDate(date: Date, timeZone: string): string {
  const p = zonedParts(date.getTime(), timeZone);
  const day = `${p.month}/${p.day}/${p.year}`;
  if (p.hour === 0 && p.minute === 0 && p.second === 0) return day;
  return `${day} ${p.hour}:${String(p.minute).padStart(2, "0")}:${String(p.second).padStart(2, "0")}`;
}
