// Adapter: the rows of the purchase record's by-key shelf a formula's keys fall in, read only (no write).
import { SHELF_SHEET, shelfRow } from "../core/bulk/record-shelf";
import { activeSpreadsheetObject } from "./service-objects";

/**
 * Bucket → its row's cells, for `buckets`: one read from the first to the last of their rows (a filled-down
 * cell's one key: one row), after the sheet's width. No shelf (nothing filed yet, or outside a
 * spreadsheet): nothing, and only the sheet lookup is spent.
 */
export function readShelfRows(buckets: readonly number[]): Map<number, unknown[]> {
  const rows = new Map<number, unknown[]>();
  if (buckets.length === 0) return rows;
  const book = activeSpreadsheetObject();
  const sheet = book?.getSheetByName(SHELF_SHEET);
  if (!sheet) return rows;
  const width = sheet.getLastColumn();
  if (width === 0) return rows;
  const first = Math.min(...buckets);
  const last = Math.max(...buckets);
  const values = sheet.getRange(shelfRow(first), 1, last - first + 1, width).getValues();
  for (const b of buckets) rows.set(b, values[b - first] ?? []);
  return rows;
}
