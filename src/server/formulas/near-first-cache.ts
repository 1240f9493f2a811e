// A formula's cache that answers a hit with one cache read: settings, lock and durable level only past a miss.

import { answerFromPending, type PendingAnswers } from "../../core/caches/pending-answers";
import { type CachedEntity, isComplete, ResultCache } from "../../core/caches/result-cache";
import { type EntityCache, TieredCache } from "../../core/caches/tiered-cache";
import type { Mutex } from "../../core/spending/mutex";
import { documentCache } from "../../platform/cache";
import { appsScriptClock } from "../../platform/clock";
import { noteUnfiled } from "../../platform/shelf-note";

/**
 * Thousands of filled-down cells reopen at once, and most find their answer in the 6-hour cache. Reading
 * it needs neither the settings (the lifetime matters only when writing, or for an entry's age), nor the
 * lock, nor the durable level: those are made by `levels` only when a cell misses, writes or asks ages.
 */
export function nearFirstCache(
  levels: () => EntityCache,
  mutex: () => Mutex,
  pending?: PendingAnswers,
  /** Past both levels: the purchase record's answers (record-level.ts), added to `found`. */
  record?: (
    scope: string,
    entityKeys: readonly string[],
    fields: readonly string[],
    found: Map<string, CachedEntity>,
  ) => void,
): EntityCache {
  let made: EntityCache | null = null;
  const full = () => {
    made ??= levels();
    return made;
  };
  // Reads only: its lifetime (the default) is never used to write.
  const near = new ResultCache({
    cache: documentCache(),
    mutex: { runExclusive: (fn, timeoutMs) => mutex().runExclusive(fn, timeoutMs) },
    clock: appsScriptClock,
  });
  return {
    get(scope, entityKeys, fields) {
      const found: Map<string, CachedEntity> = near.get(scope, entityKeys, fields);
      if (entityKeys.every((key) => isComplete(found.get(key), fields))) return found;
      // Answers paid while the day's properties quota was out wait beside the near level: read before the
      // durable level (which that quota may still refuse), and kept six hours more for each read.
      if (pending && !pending.none()) {
        const bodies = pending.list();
        answerFromPending(bodies, scope, entityKeys, fields, found);
        pending.refresh(bodies);
        if (entityKeys.every((key) => isComplete(found.get(key), fields))) return found;
      }
      const cache = full();
      // A tiered cache goes on from what the near level answered, without reading it again.
      const known =
        cache instanceof TieredCache
          ? cache.get(scope, entityKeys, fields, found)
          : cache.get(scope, entityKeys, fields);
      if (record && !entityKeys.every((key) => isComplete(known.get(key), fields)))
        record(scope, entityKeys, fields, known);
      return known;
    },
    peek: (scope, entityKeys, fields) => near.get(scope, entityKeys, fields),
    put: (scope, results) => {
      // Paid answers (or ones the quota kept waiting) the record does not hold yet: the next sidebar call,
      // menu entry or trigger in the document files them (file-purchases.ts).
      if (results.length > 0) noteUnfiled();
      return full().put(scope, results);
    },
    forget: (scope, entityKeys) => full().forget(scope, entityKeys),
    fetchedAt: (scope, entityKeys, fields) =>
      full().fetchedAt?.(scope, entityKeys, fields) ?? new Map<string, number>(),
  };
}
