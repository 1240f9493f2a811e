// Sends each distinct input once: dedupe by key, chunk to the request maximum, map results back.
import { requirePositiveInteger } from "./checks";

/** The service's list-mode maximum per request; callers that know the api's constant pass it. */
export const DEFAULT_MAX_PER_REQUEST = 1_000;

export interface Deduped<T> {
  /** The first item seen for each key, in first-seen order. */
  unique: T[];
  /** The key of each item of `unique`. */
  keys: string[];
  /** For every original position, its index into `unique`, or null when the item was skipped. */
  slots: (number | null)[];
}

/** `keyOf` returns null for items that are not to be sent at all (blank or invalid cells). */
export function dedupeByKey<T>(
  items: readonly T[],
  keyOf: (item: T, index: number) => string | null,
): Deduped<T> {
  const indexByKey = new Map<string, number>();
  const unique: T[] = [];
  const keys: string[] = [];
  const slots: (number | null)[] = [];
  items.forEach((item, index) => {
    const key = keyOf(item, index);
    if (key === null) {
      slots.push(null);
      return;
    }
    let slot = indexByKey.get(key);
    if (slot === undefined) {
      slot = unique.length;
      indexByKey.set(key, slot);
      unique.push(item);
      keys.push(key);
    }
    slots.push(slot);
  });
  return { unique, keys, slots };
}

/** Consecutive groups of at most `max` items, in order; no groups for no items. */
export function chunk<T>(items: readonly T[], max: number = DEFAULT_MAX_PER_REQUEST): T[][] {
  requirePositiveInteger("max", max);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += max) chunks.push(items.slice(start, start + max));
  return chunks;
}

/**
 * One result per original position: the result of its unique item (so duplicates share it), or
 * `skipped(index)` where dedupe skipped the item.
 */
export function spreadResults<T, R, S>(
  deduped: Deduped<T>,
  uniqueResults: readonly R[],
  skipped: (index: number) => S,
): (R | S)[] {
  if (uniqueResults.length !== deduped.unique.length) {
    throw new RangeError(
      `Expected ${deduped.unique.length} results, one per unique input; got ${uniqueResults.length}.`,
    );
  }
  return deduped.slots.map((slot, index) => (slot === null ? skipped(index) : (uniqueResults[slot] as R)));
}
