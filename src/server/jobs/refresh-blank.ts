// Before a run: rows of a block whose identifier cell is blank or not valid stop vouching for the values beside them.

import type { BulkState } from "../../core/bulk/state";
import { blankRowStatuses } from "../../core/changes/blank-rows";
import type { OrganizationRead } from "../../core/organizations/identifiers";
import type { SheetPort } from "../../core/sheet/port";
import { existingCells, writeIntended } from "./block-cells";

/**
 * Writes blankRowStatuses into `block`'s Status column, on the sheet and in the hidden `copy` (so the next
 * refresh knows the Status for the add-on's). No run writes a blank or invalid row's values, so nothing else
 * would: a row whose identifier was cleared, sorted away from its values, or typed over with "n/a", kept
 * saying "Found" beside them.
 * `reads` are the block's identifier cells as they are now; the copy has followed moved rows already.
 */
export function markBlankRows(
  sheet: SheetPort,
  copy: SheetPort | null,
  block: BulkState,
  reads: readonly OrganizationRead[],
): void {
  const status = block.statusColumn;
  const width = block.request.fields.length;
  const { firstDataRow: row, rowCount: count } = block;
  if (status === undefined || width === 0 || count === 0 || reads.every((r) => r.kind === "org")) return;
  const existing = existingCells(sheet, copy, row, status, count, 1);
  const values = sheet.readValues(row, block.outputColumn, count, width);
  writeIntended(sheet, copy, row, status, blankRowStatuses(reads, values, existing), existing);
}
