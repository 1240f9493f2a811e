// A refresh keeps the row invariant in the add-on's other column blocks over the same identifier rows.

import { mayWrite } from "../../core/bulk/output";
import { type BulkState, blocksOverlap, outputBlock, STATUS } from "../../core/bulk/state";
import { type CachedEntity, isComplete } from "../../core/caches/result-cache";
import { STATUS_IDENTIFIER_CHANGED, sameWritten } from "../../core/changes/change-sheet";
import { entityCells } from "../../core/changes/entity-cells";
import { isActive, type Job } from "../../core/jobs/job";
import type { OrganizationRead } from "../../core/organizations/identifiers";
import { fieldKey } from "../../core/organizations/org-fields";
import { isEmptyCell } from "../../core/sheet/cells";
import type { CellValue, SheetPort } from "../../core/sheet/port";
import { formatDates } from "../../core/sheet/values";
import { existingCells, writeIntended } from "./block-cells";
import { markBlankRows } from "./refresh-blank";
import { cellMoves, followMoves } from "./refresh-moves";

/**
 * The finished runs' blocks beside the same identifier cells as `state` (the same sheet, column and rows:
 * Enrich pressed again, or in two sidebars at once), one per place, none overlapping the refresh's block
 * unless `overlapping` (a new run into the same columns writes only some of their rows).
 * No rule refreshes them (a second rule over the same rows is refused), so only this refresh can.
 */
export function otherBlocks(jobs: readonly Job[], state: BulkState, overlapping = false): BulkState[] {
  const request = state.request;
  const mine = outputBlock(state);
  const byColumn = new Map<number, BulkState>();
  for (const job of jobs) {
    if (job.kind !== "bulk" || isActive(job)) continue;
    const other = job.bulk;
    const sameSheet =
      other.request.sheetId !== undefined && request.sheetId !== undefined
        ? other.request.sheetId === request.sheetId
        : other.request.sheetName === request.sheetName;
    if (
      sameSheet &&
      other.request.range.column === request.range.column &&
      other.firstDataRow === state.firstDataRow &&
      other.rowCount === state.rowCount &&
      other.statusColumn !== undefined &&
      (overlapping || !blocksOverlap(outputBlock(other), mine))
    )
      byColumn.set(other.outputColumn, other);
  }
  return [...byColumn.values()];
}

/** A cell refillBlock refills: its block, row offset and field's place, what it held and what it gets. */
export type RefilledCell = (
  block: BulkState,
  offset: number,
  c: number,
  before: unknown,
  after: CellValue,
) => void;

/**
 * Before a refresh or a new run over the same rows: the other blocks over its rows (otherBlocks, those
 * `overlapping` its own too for a new run) follow the identifiers as they are now, from what was bought.
 * `bought` is read only when there is such a block; `refilled` sees each cell refilled.
 */
export function refillOtherBlocks(
  jobs: readonly Job[],
  state: BulkState,
  sheet: SheetPort,
  copy: SheetPort | null,
  reads: readonly OrganizationRead[],
  bought: () => ReadonlyMap<string, CachedEntity>,
  { overlapping = false, refilled }: { overlapping?: boolean; refilled?: RefilledCell } = {},
): void {
  const blocks = otherBlocks(jobs, state, overlapping);
  if (blocks.length === 0) return;
  const record = bought();
  for (const block of blocks) {
    refillBlock(sheet, copy, block, reads, record, refilled);
    markBlankRows(sheet, copy, block, reads);
  }
}

/**
 * Rows of `block` whose cells are not their organization's answer (its identifier sorted apart from them,
 * or typed over) get that answer from the purchase record, free, with Found or Not found; only cells that
 * still hold what the add-on wrote (the hidden copy) are replaced, the person's stay. Rows whose
 * organization the record does not hold for the block's fields are left as they are, their Status saying
 * the identifier changed when no run bought it (changedMarks). Answers the rows refilled or marked.
 */
export function refillBlock(
  sheet: SheetPort,
  copy: SheetPort | null,
  block: BulkState,
  reads: readonly OrganizationRead[],
  bought: ReadonlyMap<string, CachedEntity>,
  refilled?: RefilledCell,
): number {
  const fields = block.request.fields;
  const status = block.statusColumn;
  if (status === undefined || fields.length === 0 || block.rowCount === 0) return 0;
  const { firstDataRow: row, rowCount: count, outputColumn: column } = block;
  const keys = fields.map(fieldKey);
  const values = sheet.readValues(row, column, count, fields.length);
  const statuses = sheet.readValues(row, status, count, 1);
  // Rows sorted whole since that run carry the add-on's cells: the copy follows them first, or they would
  // read as the person's and keep a Status beside values that are no longer its.
  const { snapshot, cellsFrom } = cellMoves(copy, sheet, block, values);
  if (copy && snapshot) followMoves(copy, block, cellsFrom, snapshot);
  const statusBlock = existingCells(sheet, copy, row, status, count, 1, statuses);
  const marks = changedMarks(reads, bought, values, statuses);
  let rows = 0;
  const intended = reads.map((read, r): { cells: (CellValue | null)[]; found: CellValue | null } => {
    const entity = read.kind === "org" ? bought.get(read.key) : undefined;
    const none = { cells: fields.map(() => null), found: null };
    if (marks[r]) return { ...none, found: STATUS_IDENTIFIER_CHANGED };
    if (!entity || (entity.matched && !isComplete(entity, keys))) return none;
    const cells = entityCells(fields, entity, sheet);
    const found = entity.matched ? STATUS.found : STATUS.notFound;
    const line = values[r] ?? [];
    if (cells.every((cell, c) => sameWritten(line[c], cell)) && sameWritten(statuses[r]?.[0], found))
      return none;
    // A Status the person typed stays, and so does the row: its values must not contradict it.
    if (!mayWrite(statusBlock, r, 0, "refresh")) return none;
    rows++;
    return { cells, found };
  });
  rows += marks.filter(Boolean).length;
  if (rows === 0) return 0;
  const dates = (at: number, from: number, cells: CellValue[][]) => formatDates(sheet, at, from, cells);
  const valueBlock = existingCells(sheet, copy, row, column, count, fields.length, values);
  if (refilled)
    intended.forEach(({ cells }, r) => {
      cells.forEach((after, c) => {
        const before = values[r]?.[c];
        if (after !== null && mayWrite(valueBlock, r, c, "refresh") && !sameWritten(before, after))
          refilled(block, r, c, before, after);
      });
    });
  writeIntended(
    sheet,
    copy,
    row,
    column,
    intended.map((line) => line.cells),
    valueBlock,
    dates,
  );
  writeIntended(
    sheet,
    copy,
    row,
    status,
    intended.map((line) => [line.found]),
    statusBlock,
    dates,
  );
  return rows;
}

/**
 * Rows whose identifier names an organization no run bought, beside values and a Found or Not found: the
 * values are another organization's (the identifier was typed over), and nothing bought can refill them, so
 * their Status says so until a run writes them (only where the add-on wrote it: writeIntended). Only when
 * `bought` answers some other row of the block: a purchase record that lost everything proves nothing.
 */
function changedMarks(
  reads: readonly OrganizationRead[],
  bought: ReadonlyMap<string, CachedEntity>,
  values: readonly (readonly unknown[])[],
  statuses: readonly (readonly unknown[])[],
): boolean[] {
  const unbought = reads.map((read) => read.kind === "org" && !bought.has(read.key));
  if (!reads.some((read, r) => read.kind === "org" && !unbought[r])) return reads.map(() => false);
  return reads.map((_, r) => {
    const said = statuses[r]?.[0];
    const shown = (values[r] ?? []).some((cell) => !isEmptyCell(cell, undefined));
    return unbought[r] === true && shown && (said === STATUS.found || said === STATUS.notFound);
  });
}
