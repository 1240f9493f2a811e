// A "new rows only" refresh fills rows whose organization was bought already from the cells it showed then.

import { cellText } from "../../core/bulk/cells";
import { type ExistingBlock, mayWrite, planWrites } from "../../core/bulk/output";
import type { ChangedCell } from "../../core/bulk/runner";
import type { CellValue, SheetPort, WorkbookPort } from "../../core/bulk/sheet-port";
import { formatDates, isDate } from "../../core/bulk/sheet-values";
import { type BulkState, STATUS } from "../../core/bulk/state";
import { changeNote, isChangeNote, recordValue, sameWritten } from "../../core/changes/change-sheet";
import { knownRows } from "../../core/changes/known-rows";
import { fieldWords } from "../../core/organizations/field-names";
import { changeLog, type RowsNow } from "./refresh-changes";

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
  rows: RowsNow & { previous: string; offsets: readonly number[]; copy: unknown[][] | null; at: number },
): number[] {
  const width = state.request.fields.length;
  if (rows.offsets.length === 0 || width === 0) return [];
  const base = state.firstDataRow;
  const copy = rows.copy;
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
    copy?.slice(top, top + count) ?? null,
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
  const write = (column: number, ops: ReturnType<typeof planWrites>) => {
    for (const op of ops) {
      const at = { row: base + top + op.rowOffset, column: column + op.columnOffset };
      sheet.writeValues(at.row, at.column, op.values);
      formatDates(sheet, at.row, at.column, op.values);
      copySheet?.writeValues(at.row, at.column, op.values);
    }
  };
  write(state.outputColumn, planWrites(intended, existing, "refresh"));
  const status = state.statusColumn;
  if (status !== undefined) {
    const written = copySheet ? copySheet.readValues(base + top, status, count, 1) : null;
    const statusNow = span(sheet.readValues(base + top, status, count, 1), status, 1, written);
    const found = intended.map((_, r) => [fills.has(top + r) ? STATUS.found : null]);
    write(status, planWrites(found, statusNow, "refresh"));
  }
  if (changes.length > 0) {
    const appended = changeLog(workbook, ruleId).append(changes.map((c) => c.cell));
    state.cellsChanged = (state.cellsChanged ?? 0) + changes.length;
    if (appended)
      state.changeRows = { first: state.changeRows?.first ?? appended.first, last: appended.last };
    markChanged(sheet, state, base + top, count, changes, rows.at);
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
): void {
  const notes = sheet.readNotes(row, state.outputColumn, count, state.request.fields.length);
  for (const { r, c, cell } of changes) {
    const line = notes[r] as string[];
    if (line[c] === "" || isChangeNote(line[c])) line[c] = changeNote(at, cell.before);
  }
  sheet.writeNotes(row, state.outputColumn, notes);
}
