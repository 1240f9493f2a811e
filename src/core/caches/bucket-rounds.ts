// One write of buckets (read, edit, write back), redone without the lock until what it wrote is read back.

import { readBucket, readGeneration } from "./bucket-read";
import type { Bucket } from "./bucket-types";
import { absorb, holdsAll } from "./bucket-union";
import {
  type CacheConfig,
  generationKey,
  MAX_LIFETIME_SECONDS,
  nextGeneration,
  UNLOCKED_WRITE_ROUNDS,
} from "./cache-config";

/** One round's change to one bucket read from the store: the value to write, or null to leave it. */
export type Edit = (bucket: Bucket, key: string) => string | null;

/** The buckets a round wrote, as written, and whether the store took them. */
export interface Written {
  buckets: Map<string, Bucket>;
  kept: boolean;
  /** Without the lock: the same buckets as read back after the write. */
  back?: Map<string, Bucket>;
}

/**
 * Reads the buckets `keys`, changes each with a fresh `edit()` and writes them back: one getAll and one
 * putAll. `create`: a missing generation or bucket is started (a put), else left alone (a forget).
 * Unlocked, it reads them back and redoes the round while one lacks an entry it wrote (those of other
 * transient scopes than `scope` aside) or `landed` is false of it (see ResultCache.put). Returns the
 * buckets as last written, or null when there was nothing to change.
 */
export function writeBuckets(
  config: CacheConfig,
  scope: string,
  keys: readonly string[],
  create: boolean,
  edit: () => Edit,
  landed: (stored: Bucket, key: string) => boolean,
  locked: boolean,
): Written | null {
  const { cache, encode, transientScopes } = config;
  const genKey = generationKey(config);
  const ttl = Math.min(config.lifetimeSeconds, MAX_LIFETIME_SECONDS);
  let stored = cache.getAll([genKey, ...keys]);
  let earlier: Written | null = null;
  const othersTransient = new Set([...transientScopes].filter((s) => s !== scope));
  for (let round = 1; ; round++) {
    const generation = readGeneration(stored[genKey]) ?? (create ? nextGeneration(config, null) : null);
    if (generation === null) return earlier;
    const values: Record<string, string> = create ? { [genKey]: String(generation) } : {};
    const buckets = new Map<string, Bucket>();
    const change = edit();
    for (const key of keys) {
      if (!create && stored[key] === undefined) continue;
      const bucket = readBucket(stored[key], generation);
      const before = earlier?.buckets.get(key);
      // Entries a stale copy removed since the last round come back (a cleared cache's do not).
      const restored = before?.g === generation && absorb(bucket, before, transientScopes);
      const value = change(bucket, key) ?? (restored ? encode(bucket) : null);
      if (value === null) continue;
      values[key] = value;
      buckets.set(key, bucket);
    }
    if (buckets.size === 0) return earlier;
    const written: Written = { buckets, kept: cache.putAll(values, ttl) !== false };
    if (locked || !written.kept) return written;
    stored = cache.getAll([genKey, ...keys]);
    const current = readGeneration(stored[genKey]);
    const back = new Map([...buckets.keys()].map((key) => [key, readBucket(stored[key], generation)]));
    const intact = [...buckets].every(([key, bucket]) => {
      const read = back.get(key) as Bucket;
      return current === generation && landed(read, key) && holdsAll(read, bucket, othersTransient);
    });
    if (intact || round === UNLOCKED_WRITE_ROUNDS) return { ...written, back };
    earlier = written;
  }
}
