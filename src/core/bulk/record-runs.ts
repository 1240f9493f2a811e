// The runs people started, as the purchase record still shows them: what each was, bought and cost.
import type { OrganizationRead } from "../organizations/identifiers";
import { decodeWave, type PurchaseRecord, type RunRecord } from "./purchase-record";
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

/**
 * The organizations (keys) waves bought at or after `from`, whichever run or formula bought them; none
 * without a time (a run that uses only its own answers).
 */
export function boughtSince(rows: readonly (readonly unknown[])[], from: number | undefined): Set<string> {
  const keys = new Set<string>();
  if (from === undefined) return keys;
  for (const row of rows) {
    const wave = decodeWave(row);
    if (wave && wave.t >= from) for (const answer of wave.r) keys.add(answer[0]);
  }
  return keys;
}

/**
 * What a rebuilt run's rows (`reads`) still need: organizations neither it (`own`) nor, inside its window,
 * another run (`held`) bought; and how many of its rows hold one it bought itself.
 */
export function leftToBuy(
  reads: readonly OrganizationRead[],
  own: ReadonlySet<string>,
  held: ReadonlySet<string>,
): { rest: Set<string>; seen: number } {
  const rest = new Set<string>();
  let seen = 0;
  for (const read of reads) {
    if (read.kind !== "org") continue;
    if (own.has(read.key)) seen++;
    else if (!held.has(read.key)) rest.add(read.key);
  }
  return { rest, seen };
}

/**
 * A run rebuilt with nothing left to buy (`left` 0): every chunk done and every row counted, as when it
 * ended, so a "new rows only" rule saved on it takes its rows for enriched (their prints), not for new.
 */
export function markRebuiltDone(state: BulkState, left: number): void {
  if (left > 0) return;
  state.done = "1".repeat(chunkCount(state));
  state.rowsDone = state.rowCount;
}

/** At a run's end: a person's run done with no wave of its own is named in the record (nameRun). */
export function nameIfBoughtNothing(
  record: Pick<PurchaseRecord, "nameRun">,
  outcome: string,
  state: BulkState,
  legacy: boolean,
): void {
  if (outcome === "done" && !legacy && (state.journalWaves ?? 0) === 0) record.nameRun();
}
