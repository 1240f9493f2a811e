// The runs people started, as the purchase record still shows them: what each was, bought and cost.
import { decodeWave, type RunRecord } from "./purchase-record";
import { type BulkState, chunkCount } from "./state";

/** One run as its waves in the record tell it. */
export interface RecordedRun {
  run: RunRecord;
  /** Credits its waves cost, and how many waves. */
  credits: number;
  waves: number;
  /** When its last wave was bought. */
  last: number;
  /** The organizations (keys) it bought. */
  keys: Set<string>;
}

/** Every run whose waves name it (waves written before runs were named are not in it), by job id. */
export function recordedRuns(rows: readonly (readonly unknown[])[]): Map<string, RecordedRun> {
  const runs = new Map<string, RecordedRun>();
  for (const row of rows) {
    const wave = decodeWave(row);
    if (!wave?.q) continue;
    let found = runs.get(wave.j);
    if (!found) {
      found = { run: wave.q, credits: 0, waves: 0, last: wave.t, keys: new Set() };
      runs.set(wave.j, found);
    }
    found.credits += wave.c;
    found.waves++;
    found.last = Math.max(found.last, wave.t);
    for (const answer of wave.r) found.keys.add(answer[0]);
  }
  return runs;
}

/** The organizations (keys) waves bought at or after `from`, whichever run or formula bought them. */
export function boughtSince(rows: readonly (readonly unknown[])[], from: number): Set<string> {
  const keys = new Set<string>();
  for (const row of rows) {
    const wave = decodeWave(row);
    if (wave && wave.t >= from) for (const answer of wave.r) keys.add(answer[0]);
  }
  return keys;
}

/**
 * A run rebuilt with nothing left to buy: every chunk done and every row counted, as when it ended, so a
 * "new rows only" rule saved on it takes its rows for enriched (their prints), not for new rows to buy.
 */
export function markRebuiltDone(state: BulkState): void {
  state.done = "1".repeat(chunkCount(state));
  state.rowsDone = state.rowCount;
}
