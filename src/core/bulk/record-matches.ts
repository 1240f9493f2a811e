// Matches (ids bought for domains and names) as waves of the purchase record, and read back from it.
import type { EntityResult } from "../caches/result-cache";
import { answersOf, decodeWave } from "./purchase-record";

/**
 * The job id of the waves that hold matches. The hidden matches sheet is the matches' working copy (its
 * in-flight marks let executions wait for each other); the record is where they outlive it: a person who
 * deletes the matches sheet loses no id, since the next match rebuilds the sheet from these waves.
 */
export const MATCHES_JOB = "matches";
/** The field a match buys: the organization's id (fieldKey of the "id" attribute). */
const ID_FIELD = "a:id";
/** The Claim column of a match row taken back from the record (no execution's token). */
export const FROM_RECORD = "record";

/** The ids found, as the answers of one record wave (a key not found costs nothing and is not kept). */
export function matchResults(found: ReadonlyMap<string, number>): EntityResult[] {
  return [...found].map(([key, id]) => ({ entityKey: key, matched: true, values: { [ID_FIELD]: id } }));
}

/**
 * The match sheet's rows [key, id, matched at, FROM_RECORD] that the record's match waves hold, in the
 * record's order (an id is taken from its first wave, as the sheet takes its first row); empty when none.
 */
export function recordedMatches(rows: readonly (readonly unknown[])[]): [string, number, Date, string][] {
  const seen = new Set<string>();
  const out: [string, number, Date, string][] = [];
  for (const row of rows) {
    const wave = decodeWave(row);
    if (wave?.j !== MATCHES_JOB) continue;
    for (const [key, values] of answersOf(wave)) {
      const id = values?.[ID_FIELD];
      // Number.isSafeInteger is false for anything not a number.
      if (seen.has(key) || !Number.isSafeInteger(id)) continue;
      seen.add(key);
      out.push([key, id as number, new Date(wave.t), FROM_RECORD]);
    }
  }
  return out;
}
