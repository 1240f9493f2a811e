// A "new rows only" refresh fills rows whose organization was bought already from the cells it showed then.

import { type ExistingBlock, mayWrite } from "../../core/bulk/output";
import type { ChangedCell } from "../../core/bulk/runner";
import { type BulkState, STATUS } from "../../core/bulk/state";
import {
  changeNote,
  isChangeNote,
  recordValue,
  STATUS_IDENTIFIER_CHANGED,
  sameWritten,
} from "../../core/changes/change-sheet";
import { knownRows } from "../../core/changes/known-rows";
import { encodeOffsets } from "../../core/changes/row-prints";
import type { RefreshRule } from "../../core/jobs/refresh-rules";
import { fieldWords } from "../../core/organizations/field-names";
import type { OrganizationRead } from "../../core/organizations/identifiers";
import { cellText } from "../../core/sheet/cells";
import type { CellValue, SheetPort, WorkbookPort } from "../../core/sheet/port";
import { formatDates, isDate } from "../../core/sheet/values";
import type { TimeWords } from "../../core/text/when";
import type { PlannedRun } from "../bulk/plan-run";
import { existingCells, writeIntended } from "./block-cells";
import { changeLog, type NewRows, type RowsNow } from "./refresh-changes";
import { copySheetOf, followedBlock, followMoves, rowMoves } from "./refresh-moves";

function asCell(value: unknown): CellValue {
  if (isDate(value) || typeof value === "number" || typeof value === "boolean") return value;
  // Text read back from a cell goes through the guard again: "=…" stays text, never a formula.
  return cellText(value === null || value === undefined ? "" : String(value));
}

/**
 * Fills `offsets` (rows a "new rows only" run would buy) whose organization the rule's last run left on
 * the sheet (see knownRows): the cells the add-on wrote are replaced, the person's are kept, the Status
 * says Found, each changed cell is logged to Changes as "Different organization in this row" and marked.
 * Free. Answers the offsets filled, which the run then does not buy.
 */
export function fillKnownRows(
  workbook: WorkbookPort,
  copySheet: SheetPort | null,
  ruleId: string,
  sheet: SheetPort,
  state: BulkState,
  rows: RowsNow & {
    previous: string;
    offsets: readonly number[];
    /** The hidden copy's cells as the last run left them (where the prints point). */
    copy: unknown[][] | null;
    /** The copy's cells at the rows' places now (moved rows followed): what the add-on wrote there. */
    written: unknown[][] | null;
    at: number;
    bought?: (read: OrganizationRead & { kind: "org" }) => readonly unknown[] | null;
  },
): number[] {
  const width = state.request.fields.length;
  if (rows.offsets.length === 0 || width === 0) return [];
  const base = state.firstDataRow;
  const fills = knownRows(rows);
  if (fills.size === 0) return [];
  const filled = [...fills.keys()].sort((a, b) => a - b);
  const top = filled[0] as number;
  const count = (filled[filled.length - 1] as number) - top + 1;
  const span = (
    values: readonly (readonly unknown[])[],
    column: number,
    w: number,
    written: unknown[][] | null,
  ) =>
    ({
      values,
      formulas: sheet.readFormulas(base + top, column, count, w),
      ...(written ? { written } : {}),
    }) satisfies ExistingBlock;
  const existing = span(
    rows.outputs.slice(top, top + count),
    state.outputColumn,
    width,
    rows.written?.slice(top, top + count) ?? null,
  );
  const intended = Array.from({ length: count }, (_, r) => {
    const cells = fills.get(top + r);
    return cells ? cells.map(asCell) : Array<CellValue | null>(width).fill(null);
  });
  const changes: { r: number; c: number; cell: ChangedCell }[] = [];
  intended.forEach((line, r) => {
    if (!fills.has(top + r)) return;
    line.forEach((after, c) => {
      const before = existing.values[r]?.[c];
      if (after === null || before === "" || before === null || before === undefined) return;
      if (!mayWrite(existing, r, c, "refresh") || sameWritten(before, after)) return;
      const field = state.request.fields[c];
      const cell: ChangedCell = {
        change: {
          at: rows.at,
          ruleId,
          sheetName: state.request.sheetName,
          row: base + top + r,
          column: state.outputColumn + c,
          organization: String(rows.inputs[top + r] ?? ""),
          field: field ? fieldWords(field) : "",
          before: recordValue(before),
          after: recordValue(after),
          newOrganization: true,
        },
        before: before as CellValue,
        after,
      };
      changes.push({ r, c, cell });
    });
  });
  const dates = (row: number, column: number, cells: CellValue[][]) => formatDates(sheet, row, column, cells);
  writeIntended(sheet, copySheet, base + top, state.outputColumn, intended, existing, dates);
  const status = state.statusColumn;
  if (status !== undefined) {
    const statusNow = existingCells(sheet, copySheet, base + top, status, count, 1);
    const found = intended.map((_, r) => [fills.has(top + r) ? STATUS.found : null]);
    writeIntended(sheet, copySheet, base + top, status, found, statusNow, dates);
  }
  if (changes.length > 0) {
    const log = changeLog(workbook, ruleId);
    const appended = log.append(changes.map((c) => c.cell));
    state.cellsChanged = (state.cellsChanged ?? 0) + changes.length;
    if (appended)
      state.changeRows = { first: state.changeRows?.first ?? appended.first, last: appended.last };
    markChanged(sheet, state, base + top, count, changes, rows.at, log.timeWords());
  }
  return filled;
}

/** The note on each changed cell, unless the person has one of their own there. */
function markChanged(
  sheet: SheetPort,
  state: BulkState,
  row: number,
  count: number,
  changes: readonly { r: number; c: number; cell: ChangedCell }[],
  at: number,
  words: TimeWords,
): void {
  const notes = sheet.readNotes(row, state.outputColumn, count, state.request.fields.length);
  for (const { r, c, cell } of changes) {
    const line = notes[r] as string[];
    if (line[c] === "" || isChangeNote(line[c])) line[c] = changeNote(words, at, cell.before);
  }
  sheet.writeNotes(row, state.outputColumn, notes);
}

/**
 * The row invariant until the run writes them: rows whose identifier names another organization than the
 * values beside them (`offsets`: new rows neither filled nor empty) say so in their Status, on the sheet and
 * in the copy, so the run's own Status replaces it when it writes the row. A Status the person typed stays.
 */
export function markChangedRows(
  copySheet: SheetPort | null,
  sheet: SheetPort,
  state: BulkState,
  outputs: readonly (readonly unknown[])[],
  offsets: readonly number[],
): void {
  const status = state.statusColumn;
  const filled = offsets.filter((o) => (outputs[o] ?? []).some((cell) => cell !== "" && cell !== null));
  if (status === undefined || filled.length === 0) return;
  const top = filled[0] as number;
  const count = (filled[filled.length - 1] as number) - top + 1;
  const row = state.firstDataRow + top;
  const existing = existingCells(sheet, copySheet, row, status, count, 1);
  const marked = new Set(filled);
  const intended = Array.from({ length: count }, (_, r) => [
    marked.has(top + r) ? STATUS_IDENTIFIER_CHANGED : null,
  ]);
  writeIntended(sheet, copySheet, row, status, intended, existing);
}

/**
 * Before a refresh buys: the hidden copy follows rows that moved; a "new rows only" run's rows whose
 * organization the last run left on the sheet are filled from there (free), so only the others are bought;
 * the others beside another organization's values say so in their Status until the run writes them.
 */
export function keepRowsTrue(
  workbook: WorkbookPort,
  rule: RefreshRule,
  plan: PlannedRun,
  fresh: NewRows,
  at: number,
  /** A row's cells from the purchase record (boughtCells), for identifiers the last run had. */
  bought: (read: OrganizationRead & { kind: "org" }) => readonly unknown[] | null,
): void {
  const previous = fresh.previous;
  if (previous === null) return;
  const copySheet = copySheetOf(workbook, plan.state);
  const snapshot = fresh.snapshot;
  // The copy follows moved rows first: every later read of it (this run's writes) sees the add-on's
  // cells at the rows' places now, not those of the rows that sat there before an insert.
  const moves = rowMoves(fresh, previous, fresh.cellsFrom);
  if (copySheet && snapshot && moves.size > 0) followMoves(copySheet, plan.state, moves, snapshot);
  let filled = new Set<number>();
  if (rule.newRowsOnly === true && fresh.offsets.length > 0) {
    filled = new Set(
      fillKnownRows(workbook, copySheet, rule.id, plan.sheet, plan.state, {
        ...fresh,
        previous,
        copy: snapshot?.block ?? null,
        written: snapshot ? followedBlock(snapshot, moves) : null,
        at,
        bought,
      }),
    );
    if (filled.size > 0) plan.state.rowsOnly = encodeOffsets(fresh.offsets.filter((o) => !filled.has(o)));
  }
  const unfilled = fresh.offsets.filter((o) => !filled.has(o));
  markChangedRows(copySheet, plan.sheet, plan.state, fresh.outputs, unfilled);
}
