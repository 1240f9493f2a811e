// What a formula's caches lack, answered from the spreadsheet's purchase record (read only) before buying.
import {
  decodeShelfBucket,
  type ShelfBucket,
  shelfAnswer,
  shelfBucketOf,
} from "../../core/bulk/record-shelf";
import { type CachedEntity, type EntityResult, isComplete } from "../../core/caches/result-cache";
import { ORG_SCOPE } from "../../functions/org-cached";
import { readShelfRows } from "../../platform/record-shelf-read";

/** Where the record's answers are copied for the cells that follow: the 6-hour level, written without waiting. */
export interface Refill {
  put(scope: string, results: readonly EntityResult[], notAfter?: number): unknown;
}

/**
 * Adds to `found` what the record holds inside the freshness window (`lifetimeMs`) for the organizations
 * of `entityKeys` it lacks, and copies those answers near with the time they were fetched (so their age,
 * and their end, read the same there). Reads only the shelf rows of those keys: a filled-down cell one row.
 */
export function answerFromRecord(
  scope: string,
  entityKeys: readonly string[],
  fields: readonly string[],
  found: Map<string, CachedEntity>,
  lifetimeMs: number,
  now: number,
  refill: Refill,
  /** Answers fetched at or before this time are not taken (Clear cached results). */
  from = 0,
): void {
  if (scope !== ORG_SCOPE) return;
  const wanted = entityKeys.filter((key) => !isComplete(found.get(key), fields));
  if (wanted.length === 0) return;
  const rows = readShelfRows([...new Set(wanted.map(shelfBucketOf))]);
  if (rows.size === 0) return;
  const buckets = new Map<number, ShelfBucket>();
  const back = new Map<number, EntityResult[]>();
  for (const key of wanted) {
    const b = shelfBucketOf(key);
    let bucket = buckets.get(b);
    if (!bucket) {
      bucket = decodeShelfBucket(rows.get(b) ?? []);
      buckets.set(b, bucket);
    }
    const entry = bucket.get(key);
    const answer = shelfAnswer(entry, fields, now, lifetimeMs);
    if (!entry || !answer || entry.t <= from) continue;
    const near = found.get(key);
    if (!answer.matched) found.set(key, answer);
    else
      found.set(key, { matched: true, values: { ...(near?.matched ? near.values : {}), ...answer.values } });
    const result: EntityResult = answer.matched
      ? { entityKey: key, matched: true, values: answer.values, fetchedAt: entry.t }
      : { entityKey: key, matched: false, fetchedAt: entry.t };
    back.set(entry.t, [...(back.get(entry.t) ?? []), result]);
  }
  for (const [t, results] of back) {
    try {
      refill.put(scope, results, t + lifetimeMs);
    } catch {
      // Not copied near: the next cell reads the record again, nothing is bought.
    }
  }
}
