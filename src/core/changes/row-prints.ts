// Per-row fingerprints of the identifiers a rule last enriched, and which rows are new or edited since.

import { fnv1a32 } from "../caches/hash";
import type { OrganizationRead } from "../organizations/identifiers";

/**
 * One short hash per row (the identifier's canonical key, or "blank"/"invalid"), joined with ",": about
 * 7 characters a row, so 10,000 rows take ~70 KB of the hidden jobs sheet, never a property.
 */
export function rowPrints(reads: readonly OrganizationRead[]): string {
  return reads.map(rowPrint).join(",");
}

export function rowPrint(read: OrganizationRead): string {
  return fnv1a32(read.kind === "org" ? read.key : read.kind).toString(36);
}

/**
 * Which rows (offsets into `reads`) a "new rows only" run buys: rows holding an organization that is
 * neither at the same row as last run nor anywhere else among last run's rows (then it moved: a sort, or
 * rows inserted or deleted above it, and its values moved with it). `previous` null: every organization row.
 */
export function newRowOffsets(reads: readonly OrganizationRead[], previous: string | null): number[] {
  const offsets: number[] = [];
  if (previous === null) {
    reads.forEach((read, offset) => {
      if (read.kind === "org") offsets.push(offset);
    });
    return offsets;
  }
  const before = previous === "" ? [] : previous.split(",");
  const prints = reads.map(rowPrint);
  // Rows unchanged in place first, then each remaining print matched once against last run's leftovers.
  const left = new Map<string, number>();
  before.forEach((print, offset) => {
    if (prints[offset] !== print) left.set(print, (left.get(print) ?? 0) + 1);
  });
  reads.forEach((read, offset) => {
    const print = prints[offset] as string;
    if (read.kind !== "org" || before[offset] === print) return;
    const moved = left.get(print) ?? 0;
    if (moved > 0) left.set(print, moved - 1);
    else offsets.push(offset);
  });
  return offsets;
}
