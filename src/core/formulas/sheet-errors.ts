// Check this sheet's list of errors: formula cells showing #ERROR! (with the sentence their formula noted)
// and rows a run's Status column says were not enriched, each kind with its count, what to do, its cells.

import { STATUS } from "../bulk/state";
import { columnLetter } from "../sheet/a1";

export interface ErrorKind {
  /** Where it shows: formula cells (#ERROR!, the sentence on hover) or a run's Status column. */
  where: "formula" | "status";
  /** What happened, as the cells say it. */
  sentence: string;
  /** What to do about it. */
  todo: string;
  count: number;
  /** Its cells as A1 ranges (runs down a column joined), for selecting them. */
  ranges: string[];
}

/** What Sheets shows for a formula that threw (its value as Apps Script reads it). */
export const FORMULA_ERROR_VALUE = "#ERROR!";

export const NOT_NOTED =
  "Sheets' own error, or one the add-on has no note of (notes last 6 hours, and only the newest 2,000 cells are kept).";
const NOT_NOTED_TODO = "Hover a cell to read its message; recalculate to see it again.";
const FORMULA_TODO = "Hover a cell to read the same sentence; it says what to do.";

/** The kinds a run's Status column names, with what the person does about each. */
const STATUS_KINDS: readonly { matches: (status: string) => boolean; sentence: string; todo: string }[] = [
  {
    matches: (s) => s === STATUS.notFound,
    sentence: "Not found: the service has no organization for these identifiers.",
    todo: "Check them for typos or old domains; nothing was charged for them.",
  },
  {
    matches: (s) => s.startsWith(STATUS.unreadable("")),
    sentence: "Can't read: the cell is no domain, e-mail, id or name (each Status says why).",
    todo: "Correct the identifiers, then run Enrich again over those rows.",
  },
  {
    matches: (s) => s === STATUS.lost,
    sentence: "Answer lost: the request went out and its answer was lost (it may have been charged).",
    todo: "Press Re-run lost rows in the Enrich tab to buy them again.",
  },
  {
    matches: (s) => s === STATUS.failed,
    sentence: "Not enriched: the service failed for these rows and the run stopped.",
    todo: "Press Resume in the Enrich tab to try them again.",
  },
];

/** "B2:B7", "B9", "D2" from cells (row, column), runs down a column joined. */
export function cellRanges(cells: readonly { row: number; column: number }[]): string[] {
  const sorted = [...cells].sort((a, b) => a.column - b.column || a.row - b.row);
  const ranges: string[] = [];
  let start: { row: number; column: number } | null = null;
  let end = 0;
  const close = () => {
    if (!start) return;
    const first = `${columnLetter(start.column)}${start.row}`;
    ranges.push(end === start.row ? first : `${first}:${columnLetter(start.column)}${end}`);
  };
  for (const cell of sorted) {
    if (start && cell.column === start.column && cell.row === end + 1) {
      end = cell.row;
      continue;
    }
    close();
    start = cell;
    end = cell.row;
  }
  close();
  return ranges;
}

/** The A1 of a cell (1-based row and column). */
export const cellA1 = (row: number, column: number) => `${columnLetter(column)}${row}`;

interface Grid {
  formulas: readonly (readonly string[])[];
  values: readonly (readonly unknown[])[];
  /** The header cells of run Status columns (1-based): every non-blank cell below is a row's status. */
  statusHeaders: readonly { row: number; column: number }[];
}

/**
 * Every kind of error on the sheet: formula cells showing #ERROR! grouped by their noted sentence (the
 * unnoted ones together), then Status cells grouped by kind; Found and blanks are no errors.
 */
export function sheetErrors(grid: Grid, noted: ReadonlyMap<string, string>): ErrorKind[] {
  const kinds = new Map<string, { kind: ErrorKind; cells: { row: number; column: number }[] }>();
  const add = (key: string, kind: Omit<ErrorKind, "count" | "ranges">, row: number, column: number) => {
    const entry = kinds.get(key) ?? { kind: { ...kind, count: 0, ranges: [] }, cells: [] };
    kinds.set(key, entry);
    entry.kind.count++;
    entry.cells.push({ row, column });
  };
  grid.values.forEach((cells, r) => {
    cells.forEach((value, c) => {
      if (value !== FORMULA_ERROR_VALUE || !grid.formulas[r]?.[c]) return;
      const sentence = noted.get(cellA1(r + 1, c + 1));
      if (sentence) add(`f:${sentence}`, { where: "formula", sentence, todo: FORMULA_TODO }, r + 1, c + 1);
      else add("f:", { where: "formula", sentence: NOT_NOTED, todo: NOT_NOTED_TODO }, r + 1, c + 1);
    });
  });
  for (const header of grid.statusHeaders) {
    for (let r = header.row; r < grid.values.length; r++) {
      const status = grid.values[r]?.[header.column - 1];
      if (typeof status !== "string" || status === "" || status === STATUS.found) continue;
      const known = STATUS_KINDS.find((k) => k.matches(status));
      const kind = known ?? { sentence: status, todo: "Run Enrich again over these rows." };
      add(
        `s:${kind.sentence}`,
        { where: "status", sentence: kind.sentence, todo: kind.todo },
        r + 1,
        header.column,
      );
    }
  }
  return [...kinds.values()].map(({ kind, cells }) => ({ ...kind, ranges: cellRanges(cells) }));
}
