// Where Map titles writes: into the Job function / Job level columns the header row already has (their
// filled cells kept, never overwritten without asking), else two new columns beside the titles or after
// the data. A second pair beside the first would leave two columns of one name with different values.
import { plural } from "../../api/words/format";
import { blockA1 } from "../../core/sheet/a1";
import { isEmptyCell } from "../../core/sheet/cells";
import type { SheetPort } from "../../core/sheet/port";

/** The two columns' labels, in the order of the values written. */
export const TITLE_LABELS = ["Job function", "Job level"] as const;

export interface TitleTarget {
  /** The function and level columns (1-based). */
  columns: [number, number];
  /** Each column's header as the sheet has it, or null for a column the mapping adds. */
  existing: [string | null, string | null];
  /** Per data row, per column: the cell holds a value or formula already, so it is kept. */
  filled: boolean[][];
  /** Filled cells kept in the columns already there. */
  kept: number;
}

function folded(text: unknown): string {
  return typeof text === "string" ? text.trim().replace(/\s+/g, " ").toLowerCase() : "";
}

/** The first column of a header row whose text is `label` (case and spacing aside), never `skip`; or null. */
export function labelColumn(header: readonly unknown[], label: string, skip: number): number | null {
  const want = folded(label);
  const index = header.findIndex((text, i) => i + 1 !== skip && folded(text) === want);
  return index < 0 ? null : index + 1;
}

function emptyBlock(sheet: SheetPort, row: number, column: number, rows: number): boolean {
  const values = sheet.readValues(row, column, rows, 2);
  const formulas = sheet.readFormulas(row, column, rows, 2);
  return values.every((line, r) => line.every((value, c) => isEmptyCell(value, formulas[r]?.[c])));
}

function filledCells(sheet: SheetPort, firstRow: number, rows: number, column: number): boolean[] {
  const values = sheet.readValues(firstRow, column, rows, 1);
  const formulas = sheet.readFormulas(firstRow, column, rows, 1);
  return values.map((line, r) => !isEmptyCell(line[0], formulas[r]?.[0]));
}

/**
 * `top` is the labels row or the first data row; `labelsRow` is null when the titles have no row above
 * them to name the columns in.
 */
export function titleTarget(
  sheet: SheetPort,
  titlesColumn: number,
  top: number,
  labelsRow: number | null,
  firstDataRow: number,
  lastRow: number,
): TitleTarget {
  const header = labelsRow === null ? [] : (sheet.readValues(labelsRow, 1, 1, sheet.lastColumn())[0] ?? []);
  const found = TITLE_LABELS.map((label) => labelColumn(header, label, titlesColumn));
  const rows = lastRow - firstDataRow + 1;
  if (found[0] === null && found[1] === null) {
    const beside = titlesColumn + 1;
    const column = emptyBlock(sheet, top, beside, lastRow - top + 1)
      ? beside
      : Math.max(sheet.lastColumn(), titlesColumn) + 1;
    return {
      columns: [column, column + 1],
      existing: [null, null],
      filled: Array.from({ length: rows }, () => [false, false]),
      kept: 0,
    };
  }
  let next = Math.max(sheet.lastColumn(), titlesColumn) + 1;
  const columns = found.map((column) => column ?? next++) as [number, number];
  const existing = found.map((column) => (column === null ? null : String(header[column - 1]).trim())) as [
    string | null,
    string | null,
  ];
  const byColumn = columns.map((column, i) =>
    existing[i] === null
      ? new Array<boolean>(rows).fill(false)
      : filledCells(sheet, firstDataRow, rows, column),
  );
  const filled = Array.from({ length: rows }, (_, r) => [
    byColumn[0]?.[r] === true,
    byColumn[1]?.[r] === true,
  ]);
  const kept = filled.reduce((sum, line) => sum + line.filter(Boolean).length, 0);
  return { columns, existing, filled, kept };
}

/** "I2:J4", or "I2:I4 and L1:L4" when the two columns are apart (a new column's range includes its label). */
export function targetRange(
  target: TitleTarget,
  labelsRow: number | null,
  firstDataRow: number,
  lastRow: number,
) {
  const starts = target.existing.map((header) =>
    header === null ? (labelsRow ?? firstDataRow) : firstDataRow,
  );
  const [fn, level] = target.columns;
  if (level === fn + 1 && starts[0] === starts[1])
    return blockA1(starts[0] ?? firstDataRow, fn, lastRow - (starts[0] ?? firstDataRow) + 1, 2);
  return target.columns
    .map((column, i) =>
      blockA1(starts[i] ?? firstDataRow, column, lastRow - (starts[i] ?? firstDataRow) + 1, 1),
    )
    .join(" and ");
}

/** What the sidebar says before the click: where the values go, and what is kept. */
export function placementSentence(target: TitleTarget, range: string): string {
  const [fnHeader, levelHeader] = target.existing;
  if (fnHeader === null && levelHeader === null) return `The columns go to ${range}.`;
  const there =
    fnHeader !== null && levelHeader !== null
      ? `the ${fnHeader} and ${levelHeader} columns already there`
      : `the ${fnHeader ?? levelHeader} column already there and a new ${fnHeader === null ? TITLE_LABELS[0] : TITLE_LABELS[1]} column`;
  const kept =
    target.kept === 0
      ? ""
      : `; the ${plural(target.kept, "cell")} already filled ${target.kept === 1 ? "is" : "are"} kept`;
  return `Writes into ${there} (${range})${kept}.`;
}
