// Finds the cell and range references in formula text (outside string literals) and rewrites them.
import { columnIndex, columnLetters, qualifiedA1 } from "../a1.ts";

/** One end of a reference; a null row or column is open ("A:A" has no rows, "3:3" no columns). */
export interface RefEnd {
  row: number | null;
  col: number | null;
  rowFixed: boolean;
  colFixed: boolean;
}

export interface FormulaRef {
  /** The sheet named before "!", unquoted; null for the formula's own sheet. */
  sheet: string | null;
  start: RefEnd;
  /** Null for one cell; an end with a null row is open-ended ("A2:A"). */
  end: RefEnd | null;
}

const SHEET = String.raw`(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!`;
const CELL = String.raw`\$?[A-Za-z]{1,3}\$?\d+`;
const COLUMN = String.raw`\$?[A-Za-z]{1,3}`;
const ROW = String.raw`\$?\d+`;
// A cell, a cell range or an open-ended one (A2:A), a column range (A:C) or a row range (2:5), optionally
// sheet-qualified; not inside a name, and not a function's name (LOG10( is a call).
const REFERENCE = new RegExp(
  String.raw`(?<![\w.$'!:])(${SHEET})?(${CELL}(?::(?:${CELL}|${COLUMN}))?|${COLUMN}:${COLUMN}|${ROW}:${ROW})(?![\w(!:])`,
  "g",
);

/**
 * Rewrites each reference through `map`: a FormulaRef to write instead, "#REF!" when it no longer exists, or
 * null to leave its text as it is. String literals ("…", "" escaping a quote) are never touched.
 */
export function mapReferences(
  formula: string,
  map: (ref: FormulaRef) => FormulaRef | "#REF!" | null,
): string {
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(REFERENCE, (whole, sheet: string | undefined, body: string) => {
            const ref = readRef(sheet, body);
            const next = ref ? map(ref) : null;
            if (next === null) return whole;
            if (next === "#REF!") return "#REF!";
            // An unchanged reference keeps its own spelling (quotes a sheet name did not need, say).
            return writeRef(next) === writeRef(ref!) ? whole : writeRef(next);
          }),
    )
    .join("");
}

/** True when the formula holds a #REF! outside its strings (a reference Sheets could no longer resolve). */
export function hasRefError(formula: string): boolean {
  return formula.split(/"(?:[^"]|"")*"/).some((part) => part.toUpperCase().includes("#REF!"));
}

/**
 * The formula as copying it `rows` rows down writes it (fill, sort): relative rows move, "$" rows stay, and
 * a reference moved above row 1 becomes #REF!.
 */
export function translateRows(formula: string, rows: number): string {
  if (rows === 0) return formula;
  const move = (end: RefEnd): RefEnd | null => {
    if (end.row === null || end.rowFixed) return end;
    const row = end.row + rows;
    return row < 1 ? null : { ...end, row };
  };
  return mapReferences(formula, (ref) => {
    const start = move(ref.start);
    const end = ref.end && move(ref.end);
    if (!start || (ref.end && !end)) return "#REF!";
    return { ...ref, start, end };
  });
}

function readRef(sheet: string | undefined, body: string): FormulaRef | null {
  const [first, second] = body.split(":") as [string, string | undefined];
  const start = readEnd(first);
  const end = second === undefined ? null : readEnd(second);
  if (!start || (second !== undefined && !end)) return null;
  return { sheet: sheet === undefined ? null : unquote(sheet.slice(0, -1)), start, end };
}

function readEnd(text: string): RefEnd | null {
  const match = /^(\$?)([A-Za-z]{0,3})(\$?)(\d*)$/.exec(text);
  if (!match || (match[2] === "" && match[4] === "")) return null;
  return {
    col: match[2] ? columnIndex(match[2]) : null,
    row: match[4] ? Number(match[4]) : null,
    // "$3" (a row alone) carries its "$" in the first group.
    colFixed: match[2] ? match[1] === "$" : false,
    rowFixed: match[2] ? match[3] === "$" : match[1] === "$",
  };
}

function writeEnd(end: RefEnd): string {
  const col = end.col === null ? "" : `${end.colFixed ? "$" : ""}${columnLetters(end.col)}`;
  const row = end.row === null ? "" : `${end.rowFixed ? "$" : ""}${end.row}`;
  return col + row;
}

function writeRef(ref: FormulaRef): string {
  const body = ref.end ? `${writeEnd(ref.start)}:${writeEnd(ref.end)}` : writeEnd(ref.start);
  return ref.sheet === null ? body : qualifiedA1(ref.sheet, body);
}

function unquote(name: string): string {
  return name.startsWith("'") ? name.slice(1, -1).replaceAll("''", "'") : name;
}
