// What the result cache answers and takes (entities, results, a put's report) and the store it is kept in.
import type { CachedJson } from "./bucket-types";

/**
 * CacheService-shaped: getAll leaves out keys it does not have (evicted, expired, or a failed read). putAll
 * returns false when it stored nothing (a store with no room; anything else means stored): what was paid
 * for must not vanish unsaid.
 */
export interface KeyValueCache {
  getAll(keys: string[]): Record<string, string>;
  putAll(values: Record<string, string>, ttlSeconds: number): unknown;
}

/** What the cache knows about one entity: it matched nothing, or the cached fields of its match. */
export type CachedEntity = { matched: false } | { matched: true; values: Record<string, CachedJson> };

/** `fetchedAt`: when the service answered it, for a copy of an older result (default: now). */
export type EntityResult =
  | { entityKey: string; matched: false; fetchedAt?: number }
  | { entityKey: string; matched: true; values: Record<string, CachedJson>; fetchedAt?: number };

export interface PutReport {
  /** Field entries and unmatched markers written. */
  written: number;
  /** Older entries dropped to keep buckets under the size limit. */
  dropped: number;
  /** Values not cached because one alone would take more than a quarter of a bucket. */
  tooLarge: number;
  /** False when the lock could not be had by the write deadline and the write went ahead without it. */
  locked: boolean;
  /** Results of this put the cache does not hold after it (the store refused the write, or no room). */
  notKept: number;
}

/** Whether a cached entity answers for all of `fields` (an unmatched one answers for any). */
export function isComplete(entity: CachedEntity | undefined, fields: readonly string[]): boolean {
  return entity !== undefined && (!entity.matched || fields.every((f) => f in entity.values));
}
