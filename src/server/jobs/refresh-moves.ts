// Moves are not edits: the hidden copy follows rows that moved since a rule's last run.

import { copySheetName } from "../../core/addon-sheets/registry";
import type { BulkState } from "../../core/bulk/state";
import { movedCells } from "../../core/changes/moved-cells";
import { movedRows } from "../../core/changes/row-prints";
import type { OrganizationRead } from "../../core/organizations/identifiers";
import type { CellValue, SheetPort, WorkbookPort } from "../../core/sheet/port";

/** The hidden copy of what the add-on wrote on a run's sheet, null before anything was written. */
export function copySheetOf(workbook: WorkbookPort, state: BulkState): SheetPort | null {
  return workbook.sheet(copySheetName(state.request.sheetName));
}

/** The hidden copy's cells under a run's output block and its Status column, read once before any write. */
export interface CopySnapshot {
  block: unknown[][];
  status: unknown[][] | null;
}

export function readCopy(copy: SheetPort | null, state: BulkState): CopySnapshot | null {
  const width = state.request.fields.length;
  if (!copy || state.rowCount === 0 || width === 0) return null;
  const { firstDataRow, rowCount, statusColumn } = state;
  return {
    block: copy.readValues(firstDataRow, state.outputColumn, rowCount, width),
    status: statusColumn === undefined ? null : copy.readValues(firstDataRow, statusColumn, rowCount, 1),
  };
}

/**
 * A row that moved (a sort of whole rows, rows inserted or deleted above) carries the cells the add-on
 * wrote for its organization: the copy takes what it held at the row's old place (`moves`: offset now →
 * offset last run), so a refresh rewrites them as the add-on's, never leaves them as someone's edits.
 */
export function followMoves(
  copy: SheetPort,
  state: BulkState,
  moves: ReadonlyMap<number, number>,
  snapshot: CopySnapshot,
): void {
  const offsets = [...moves.keys()].sort((a, b) => a - b);
  let i = 0;
  while (i < offsets.length) {
    const start = offsets[i] as number;
    let end = start + 1;
    while (offsets[i + 1] === end) {
      end++;
      i++;
    }
    i++;
    const from = (grid: unknown[][]) =>
      Array.from({ length: end - start }, (_, r) => grid[moves.get(start + r) as number] ?? []);
    const row = state.firstDataRow + start;
    copy.writeValues(row, state.outputColumn, from(snapshot.block) as CellValue[][]);
    if (snapshot.status && state.statusColumn !== undefined)
      copy.writeValues(row, state.statusColumn, from(snapshot.status) as CellValue[][]);
  }
}

/**
 * Rows whose output and Status cells moved without their identifier (the identifier column sorted alone,
 * then rows inserted or deleted above) or with one typed since (a Not found row typed over, then sorted):
 * offset now → offset last run, where the hidden copy (read here, once, before any write) shows the cells.
 */
export function cellMoves(
  copySheet: SheetPort | null,
  sheet: SheetPort,
  state: BulkState,
  outputs: readonly (readonly unknown[])[],
): { snapshot: CopySnapshot | null; cellsFrom: Map<number, number> } {
  const snapshot = readCopy(copySheet, state);
  if (!snapshot) return { snapshot, cellsFrom: new Map() };
  const { firstDataRow, rowCount, statusColumn } = state;
  const status =
    statusColumn === undefined || !snapshot.status
      ? null
      : sheet.readValues(firstDataRow, statusColumn, rowCount, 1);
  const withStatus = (
    block: readonly (readonly unknown[])[],
    statuses: readonly (readonly unknown[])[] | null,
  ) => block.map((cells, offset) => [...cells, ...(statuses?.[offset] ?? [])]);
  return {
    snapshot,
    cellsFrom: movedCells(
      withStatus(outputs, status),
      withStatus(snapshot.block, status ? snapshot.status : null),
    ),
  };
}

/**
 * Where each row that moved since the last run sat then (offset now → offset then): rows carrying their
 * identifier and values (the row prints say which) and rows whose cells moved without it (`cellsFrom`).
 * The prints decide where both answer, except that a row they find at its own place moved nowhere: prints
 * kept when a rule was saved after rows were deleted or moved describe the rows then, while the hidden copy
 * still holds the cells where the add-on wrote them, and only `cellsFrom` says where those are.
 */
export function rowMoves(
  rows: { reads: readonly OrganizationRead[]; outputs: readonly (readonly unknown[])[] },
  previous: string,
  cellsFrom: ReadonlyMap<number, number>,
): Map<number, number> {
  const byPrints = [...movedRows(rows.reads, previous, rows.outputs, cellsFrom)];
  return new Map([...cellsFrom, ...byPrints.filter(([now, then]) => now !== then)]);
}

/** The copy's cells as followMoves leaves them: each moved row's from its old place, the rest in place. */
export function followedBlock(snapshot: CopySnapshot, moves: ReadonlyMap<number, number>): unknown[][] {
  return snapshot.block.map((cells, offset) => {
    const from = moves.get(offset);
    return from === undefined ? cells : (snapshot.block[from] ?? []);
  });
}
