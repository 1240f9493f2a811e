// Fill-down as Sheets does it: relative cell references move with the cell, "$" parts and text stay put.
import { columnIndex, columnLetters } from "../a1.ts";

// A cell reference not preceded by a name character and not followed by "(" (LOG10( is a function).
const REFERENCE = /(?<![\w.$])(\$?)([A-Za-z]{1,3})(\$?)(\d+)(?![\w(])/g;

/** The formula as it reads `rows` rows down and `cols` columns right of where it was written. */
export function shiftFormula(formula: string, rows: number, cols: number): string {
  // Split on string literals ("…", with "" as an escaped quote) so text is never touched.
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(
            REFERENCE,
            (_whole, colFixed: string, letters: string, rowFixed: string, digits: string) => {
              const col = colFixed ? columnIndex(letters) : columnIndex(letters) + cols;
              const row = rowFixed ? Number(digits) : Number(digits) + rows;
              if (col < 1 || row < 1) return "#REF!";
              return `${colFixed}${columnLetters(col)}${rowFixed}${row}`;
            },
          ),
    )
    .join("");
}
