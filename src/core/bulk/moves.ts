// Rows of a run that moved while it was under way: planned again after a sort, followed after a shift.
import type { OrganizationRead } from "../organizations/identifiers";
import { chunkStarts } from "./plan";
import { type BulkState, chunkBounds, chunkFingerprints, keysPrint, rowsPrint } from "./state";

/** How far above and below its rows a run looks for them after rows were inserted or deleted above. */
export const SHIFT_ROWS = 100;

/**
 * Whether rows that moved can be planned again where they are now: they hold the same organizations as
 * planned (a sort), and nothing of the run is known only by row position: no chunk in flight or lost, no
 * refresh's "new rows only" or new-organization rows.
 */
export function canReplan(state: BulkState, reads: readonly OrganizationRead[]): boolean {
  return (
    state.keysPrint !== undefined &&
    state.rowsOnly === undefined &&
    state.newOrganizations === undefined &&
    reads.length === state.rowCount &&
    keysPrint(reads) === state.keysPrint &&
    state.inFlight.length === 0 &&
    (state.lost ?? []).length === 0
  );
}

/**
 * The run planned again over its rows as they are now: every chunk to do again, counted afresh. Rows it
 * wrote moved with their values (a sort moves whole rows), so they need nothing; the rest are written
 * from what the run, or the record, already holds, and only what no one bought is bought.
 */
export function replanState(state: BulkState, reads: readonly OrganizationRead[]): void {
  const starts = chunkStarts(reads);
  state.starts = starts;
  state.fingerprints = chunkFingerprints(reads, starts);
  state.done = "0".repeat(starts.length);
  state.attempts = {};
  state.inFlight = [];
  state.replans = (state.replans ?? 0) + 1;
  state.rowsDone = 0;
  state.rowsBought = 0;
  state.matched = 0;
  state.unmatched = 0;
  state.invalid = 0;
  state.errors = [];
  state.errorCount = 0;
}

/**
 * Rows inserted or deleted above the run's moved all its rows by the same count: that count (rows down,
 * negative up), found in `window`, the identifier column read from `above` rows above the first data row;
 * null when no shift puts every chunk's rows back as planned. Chunks keep their bounds, so what is done,
 * in flight or lost stays as it was.
 */
export function blockShift(
  state: BulkState,
  window: readonly OrganizationRead[],
  above: number,
): number | null {
  const planned = state.fingerprints;
  if (!planned || planned.length === 0) return null;
  const firstEnd = state.starts[1] ?? state.rowCount;
  for (let shift = -above; above + shift + state.rowCount <= window.length; shift++) {
    if (shift === 0) continue;
    const from = above + shift;
    // The first chunk alone first: a full check only where it matches.
    if (rowsPrint(window, from, from + firstEnd) !== planned[0]) continue;
    const rows = window.slice(from, from + state.rowCount);
    const now = chunkFingerprints(rows, state.starts);
    if (now.every((print, i) => print === planned[i])) return shift;
  }
  return null;
}

/**
 * Offsets of the rows in chunks that no longer hold the identifiers the run planned (`reads`: as now):
 * an identifier edited, or rows moved, since the run wrote them. Runs saved before fingerprints: none.
 */
export function rowsUnlikePlanned(state: BulkState, reads: readonly OrganizationRead[]): Set<number> {
  const offsets = new Set<number>();
  state.fingerprints?.forEach((planned, i) => {
    const { start, end } = chunkBounds(state, i);
    if (rowsPrint(reads, start, end) === planned) return;
    for (let offset = start; offset < end; offset++) offsets.add(offset);
  });
  return offsets;
}
