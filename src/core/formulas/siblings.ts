// Finds the cells of a filled-down formula: same function, same other arguments, its identifier cell in
// the same column at the same distance. One execution can then fetch for the whole column at once.

/** A formula read as one top-level call: "=ORG_ATTR(A2, \"industry\")" → ORG_ATTR, ["A2", "\"industry\""]. */
export interface FormulaCall {
  name: string;
  args: string[];
}

export function readCall(formula: string): FormulaCall | null {
  const match = /^\s*=\s*([A-Za-z_][\w.]*)\s*\(([\s\S]*)\)\s*$/.exec(formula);
  if (!match) return null;
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (const ch of match[2] as string) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === "(") depth++;
    if (!quoted && ch === ")") depth--;
    if (depth < 0) return null;
    if (!quoted && depth === 0 && ch === ",") {
      args.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (quoted || depth !== 0) return null;
  args.push(current.trim());
  return { name: (match[1] as string).toUpperCase(), args };
}

const CELL = /^(\$?)([A-Za-z]{1,3})(\$?)(\d+)$/;

/** What a sibling of the formula in `row` looks like: its call, and where its identifier cell is. */
export interface SiblingPattern {
  call: FormulaCall;
  /** The identifier cell's column letters, upper case. */
  column: string;
  /** The identifier cell's row minus the formula's row. */
  offset: number;
}

/** Null when the first argument is not one relative cell (a range or a fixed cell gains nothing). */
export function siblingPattern(formula: string, row: number): SiblingPattern | null {
  const call = readCall(formula);
  const ref = call ? CELL.exec(call.args[0] ?? "") : null;
  if (!call || !ref || ref[3] === "$") return null;
  return { call, column: `${ref[1]}${(ref[2] as string).toUpperCase()}`, offset: Number(ref[4]) - row };
}

/** Whether the formula in `row` is a sibling: same function and other arguments, identifier at the same distance. */
export function isSibling(pattern: SiblingPattern, formula: string, row: number): boolean {
  const call = readCall(formula);
  if (!call || call.name !== pattern.call.name || call.args.length !== pattern.call.args.length) return false;
  const ref = CELL.exec(call.args[0] ?? "");
  if (!ref || ref[3] === "$" || `${ref[1]}${(ref[2] as string).toUpperCase()}` !== pattern.column)
    return false;
  if (Number(ref[4]) - row !== pattern.offset) return false;
  return call.args.every((arg, i) => i === 0 || arg === pattern.call.args[i]);
}

/** Rows (of `formulas`, which starts at `firstRow`) holding siblings of `pattern`. */
export function siblingRows(
  pattern: SiblingPattern,
  formulas: readonly string[],
  firstRow: number,
): number[] {
  const rows: number[] = [];
  formulas.forEach((formula, i) => {
    if (formula && isSibling(pattern, formula, firstRow + i)) rows.push(firstRow + i);
  });
  return rows;
}
