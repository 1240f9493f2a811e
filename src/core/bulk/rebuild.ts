// What a run bought, taken back from the rows it wrote when the purchase record no longer shows it.

import type { OrganizationRead } from "../organizations/identifiers";
import { isEmptyCell } from "../sheet/cells";
import type { CellValue, SheetPort } from "../sheet/port";
import { type BulkState, chunkBounds, chunkCount, isChunkDone, STATUS } from "./state";

/**
 * The organizations of the run's done rows that rows still to do repeat and `known` does not hold, each
 * with the cells its first such row shows (null: "Not found"). A row counts when its Status says Found or Not found (the run wrote it),
 * or, in a run without a Status column, when every value cell is filled. One read of the values and one
 * of the Status column, over the run's rows.
 */
export function rowsWritten(
  state: BulkState,
  reads: readonly OrganizationRead[],
  sheet: SheetPort,
  known: (key: string) => boolean,
): Map<string, CellValue[] | null> {
  const found = new Map<string, CellValue[] | null>();
  const rows = state.rowCount;
  // Only organizations the rows still to do repeat are worth taking: none, no read.
  const wanted = new Set<string>();
  for (let index = 0; index < chunkCount(state); index++) {
    if (isChunkDone(state, index)) continue;
    const { start, end } = chunkBounds(state, index);
    for (let offset = start; offset < end; offset++) {
      const read = reads[offset];
      if (read?.kind === "org" && !known(read.key)) wanted.add(read.key);
    }
  }
  if (rows === 0 || wanted.size === 0 || !state.done.includes("1")) return found;
  const width = state.request.fields.length;
  const values = sheet.readValues(state.firstDataRow, state.outputColumn, rows, width);
  const statuses =
    state.statusColumn === undefined
      ? null
      : sheet.readValues(state.firstDataRow, state.statusColumn, rows, 1);
  for (let index = 0; index < chunkCount(state); index++) {
    if (!isChunkDone(state, index)) continue;
    const { start, end } = chunkBounds(state, index);
    for (let offset = start; offset < end; offset++) {
      const read = reads[offset];
      if (read?.kind !== "org" || found.has(read.key) || !wanted.has(read.key)) continue;
      const cells = (values[offset] ?? []) as CellValue[];
      const status = statuses?.[offset]?.[0];
      if (status === STATUS.notFound) found.set(read.key, null);
      else if (
        status === STATUS.found ||
        (statuses === null && cells.every((cell) => !isEmptyCell(cell, undefined)))
      )
        found.set(read.key, cells);
    }
  }
  return found;
}
