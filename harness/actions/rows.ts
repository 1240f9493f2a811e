// Inserting, deleting and moving rows anywhere in a sheet, as a person does it; formulas adjust as in Sheets.
import type { GridRange } from "../a1.ts";
import { HarnessUsageError } from "../errors.ts";
import { adjustDependency, adjustForRows, cellRow, type RowChange } from "../formula/row-changes.ts";
import type { SheetState, SpreadsheetState } from "../state/spreadsheet-state.ts";
import type { World } from "../world.ts";
import { rearrange } from "./rearrange.ts";

const usage = (message: string) => new HarnessUsageError(message);

function whole(value: unknown, least: number, what: string, method: string): number {
  if (!Number.isInteger(value) || (value as number) < least)
    throw usage(`${method}: ${what} must be a whole number of at least ${least}; got ${String(value)}.`);
  return value as number;
}

/** Inserts `count` empty rows before `beforeRow` (up to one past the last row, to add at the end). */
export function insertRows(
  world: World,
  doc: SpreadsheetState,
  sheet: SheetState,
  beforeRow: unknown,
  count: unknown,
) {
  const before = whole(beforeRow, 1, "beforeRow", "insertRows");
  const n = whole(count, 1, "count", "insertRows");
  if (before > sheet.maxRows + 1)
    throw usage(
      `insertRows: beforeRow ${before} is past the sheet's ${sheet.maxRows} rows (at most ${sheet.maxRows + 1}).`,
    );
  if (before <= sheet.frozenRows) sheet.frozenRows += n;
  apply(world, doc, sheet, { kind: "insert", before, count: n }, sheet.maxRows + n, [
    { row: before, col: 1, rows: n, cols: sheet.maxCols },
  ]);
}

/** Deletes rows `row`..`row + count - 1`; at least one row that is not frozen stays, as Sheets requires. */
export function deleteRows(
  world: World,
  doc: SpreadsheetState,
  sheet: SheetState,
  row: unknown,
  count: unknown,
) {
  const first = whole(row, 1, "row", "deleteRows");
  const n = whole(count, 1, "count", "deleteRows");
  const last = first + n - 1;
  if (last > sheet.maxRows)
    throw usage(`deleteRows: rows ${first} to ${last} reach past the sheet's ${sheet.maxRows} rows.`);
  if (first <= sheet.frozenRows + 1 && last >= sheet.maxRows)
    throw usage(`deleteRows: a sheet keeps at least one row that is not frozen; delete fewer rows.`);
  sheet.frozenRows -= Math.max(0, Math.min(last, sheet.frozenRows) - first + 1);
  const maxRows = sheet.maxRows - n;
  // Ranges that reach across the gap now read different cells there.
  const seam = Math.max(1, first - 1);
  apply(world, doc, sheet, { kind: "delete", row: first, count: n }, maxRows, [
    { row: seam, col: 1, rows: Math.min(first, maxRows) - seam + 1, cols: sheet.maxCols },
  ]);
}

/**
 * Moves rows `fromRow`..`fromRow + count - 1` to before `toBeforeRow` (numbered before the move, as
 * Sheet.moveRows numbers it): cut and paste, or dragging rows. The cells travel; references follow them.
 */
export function moveRows(
  world: World,
  doc: SpreadsheetState,
  sheet: SheetState,
  fromRow: unknown,
  count: unknown,
  toBeforeRow: unknown,
) {
  const from = whole(fromRow, 1, "fromRow", "moveRows");
  const n = whole(count, 1, "count", "moveRows");
  const before = whole(toBeforeRow, 1, "toBeforeRow", "moveRows");
  const last = from + n - 1;
  if (last > sheet.maxRows)
    throw usage(`moveRows: rows ${from} to ${last} reach past the sheet's ${sheet.maxRows} rows.`);
  if (before > sheet.maxRows + 1)
    throw usage(
      `moveRows: toBeforeRow ${before} is past the sheet's ${sheet.maxRows} rows (at most ${sheet.maxRows + 1}).`,
    );
  if (before > from && before <= last)
    throw usage(
      `moveRows: rows ${from} to ${last} cannot move to before row ${before}, which is among them.`,
    );
  if (before === from || before === last + 1) return;
  const top = Math.min(from, before);
  const bottom = Math.max(last, before - 1);
  apply(world, doc, sheet, { kind: "move", from, count: n, before }, sheet.maxRows, [
    { row: top, col: 1, rows: bottom - top + 1, cols: sheet.maxCols },
  ]);
}

function apply(
  world: World,
  doc: SpreadsheetState,
  sheet: SheetState,
  change: RowChange,
  maxRows: number,
  changed: GridRange[],
): void {
  const top =
    change.kind === "insert"
      ? change.before
      : change.kind === "delete"
        ? change.row
        : Math.min(change.from, change.before);
  rearrange(world, doc, {
    sheet,
    area: { top, bottom: sheet.maxRows, left: 1, right: Number.POSITIVE_INFINITY },
    to: (row) => cellRow(row, change),
    // A formula keeps its result while its references follow their cells (it reads the same ones); those
    // reading rows whose contents changed (inserted, or reordered inside a range) run again from `changed`.
    rewrite: (text, on) => {
      let keep = true;
      const next = adjustForRows(text, on.name, sheet.name, change, () => {
        keep = false;
      });
      return { text: next, keep };
    },
    dependency: (ref) => adjustDependency(ref, change),
    maxRows,
    changed,
  });
}
