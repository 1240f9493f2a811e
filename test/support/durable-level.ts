// The formulas' durable cache level over a harness document store, written as runtime.ts configures it: for
// tests that fill it without buying anything.
import { type KeyValueCache, ResultCache } from "../../src/core/caches/result-cache.ts";
import { LOST_SCOPE } from "../../src/functions/org-cached.ts";
import { DURABLE_BUCKET_BYTES, DURABLE_BUCKETS, DURABLE_PREFIX } from "../../src/server/runtime.ts";

interface SnapshotStore {
  snapshot(): Record<string, string>;
  put(values: Record<string, string>): void;
}

export function durableLevel(store: SnapshotStore, now: () => number, lifetimeSeconds: number): ResultCache {
  const cache: KeyValueCache = {
    getAll: (keys) => {
      const all = store.snapshot();
      return Object.fromEntries(keys.filter((k) => k in all).map((k) => [k, all[k]!]));
    },
    putAll: (values) => store.put(values),
  };
  return new ResultCache({
    cache,
    mutex: { runExclusive: (fn) => fn() },
    clock: { now, sleep: () => {} },
    lifetimeSeconds,
    maxLifetimeSeconds: 90 * 86_400,
    buckets: DURABLE_BUCKETS,
    maxBucketBytes: DURABLE_BUCKET_BYTES,
    keyPrefix: DURABLE_PREFIX,
    compact: true,
    transientScopes: [LOST_SCOPE],
  });
}
