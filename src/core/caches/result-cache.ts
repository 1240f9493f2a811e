// The cross-execution result cache per (scope, entity, field), packed into a fixed set of cache items.
import type { Clock } from "../../api/retry/clock";
import { tryExclusive } from "../spending/mutex";
import { holds, mergeResults } from "./bucket-merge";
import { readBucket, readGeneration } from "./bucket-read";
import { prune } from "./bucket-room";
import { type Edit, writeBuckets } from "./bucket-rounds";
import { type Bucket, type CachedJson, isUnmatched } from "./bucket-types";
import {
  bucketKey,
  type CacheConfig,
  cacheConfig,
  generationKey,
  MAX_LIFETIME_SECONDS,
  nextGeneration,
  type ResultCacheOptions,
} from "./cache-config";
import type { CachedEntity, EntityResult, PutReport } from "./cache-entries";

export type { CachedJson } from "./bucket-types";
export {
  DEFAULT_BUCKET_COUNT,
  DEFAULT_CACHE_LOCK_TIMEOUT_MS,
  DEFAULT_KEY_PREFIX,
  DEFAULT_LIFETIME_SECONDS,
  DEFAULT_MAX_BUCKET_BYTES,
  MAX_LIFETIME_SECONDS,
  type ResultCacheOptions,
  UNLOCKED_WRITE_ROUNDS,
} from "./cache-config";
export {
  type CachedEntity,
  type EntityResult,
  isComplete,
  type KeyValueCache,
  type PutReport,
} from "./cache-entries";

export class ResultCache {
  readonly lifetimeSeconds: number;
  private readonly config: CacheConfig;
  private readonly clock: Clock;

  constructor(options: ResultCacheOptions) {
    this.config = cacheConfig(options);
    this.clock = this.config.clock;
    this.lifetimeSeconds = this.config.lifetimeSeconds;
  }

  /**
   * What is cached for each of `entityKeys` in `scope`, with one cache read. An entity is in the answer
   * when it is cached as unmatched or when at least one of `fields` is cached for it; `values` holds only
   * the cached ones, so the caller requests what is missing.
   */
  get(
    scope: string,
    entityKeys: readonly string[],
    fields: readonly string[],
    /** Filled with when each returned entity's first returned entry expires (for copying it elsewhere). */
    expiries?: Map<string, number>,
    /** Filled with when the oldest of each returned entity's returned entries was fetched. */
    fetched?: Map<string, number>,
  ): Map<string, CachedEntity> {
    const found = new Map<string, CachedEntity>();
    if (entityKeys.length === 0) return found;
    const config = this.config;
    const bucketKeyOf = new Map(
      entityKeys.map((entityKey) => [entityKey, bucketKey(config, scope, entityKey)]),
    );
    const stored = config.cache.getAll([generationKey(config), ...new Set(bucketKeyOf.values())]);
    const generation = readGeneration(stored[generationKey(config)]);
    if (generation === null) return found;
    const now = this.clock.now();
    const buckets = new Map<string, Bucket>();
    for (const [entityKey, key] of bucketKeyOf) {
      let bucket = buckets.get(key);
      if (bucket === undefined) {
        bucket = readBucket(stored[key], generation);
        buckets.set(key, bucket);
      }
      const entity = bucket.s[scope]?.[entityKey];
      if (entity === undefined) continue;
      if (isUnmatched(entity)) {
        if (entity[0] > now) {
          found.set(entityKey, { matched: false });
          expiries?.set(entityKey, entity[0]);
          fetched?.set(entityKey, entity[1] ?? entity[0] - this.lifetimeMs());
        }
        continue;
      }
      const values: Record<string, CachedJson> = {};
      let first = Number.POSITIVE_INFINITY;
      let oldest = Number.POSITIVE_INFINITY;
      for (const field of fields) {
        const entry = entity[field];
        if (entry !== undefined && entry[1] > now) {
          values[field] = entry[0];
          first = Math.min(first, entry[1]);
          oldest = Math.min(oldest, entry[2] ?? entry[1] - this.lifetimeMs());
        }
      }
      if (first !== Number.POSITIVE_INFINITY) {
        found.set(entityKey, { matched: true, values });
        expiries?.set(entityKey, first);
        fetched?.set(entityKey, oldest);
      }
    }
    return found;
  }

  /**
   * Stores results in `scope`: fields merge into what is cached for the entity, an unmatched result
   * replaces it. Reads and writes only the touched buckets (one getAll, one putAll) under the lock.
   *
   * The lock is waited for until the write deadline (the execution's budget), since a bucket is read,
   * merged and written whole: a write without the lock between another writer's read and write removes
   * that writer's paid answers, or they remove ours, and they are bought again. Only when the lock still
   * cannot be had does the write go ahead without it, because skipping it would lose these paid answers
   * for sure: it then reads the buckets back after writing and, while they lack an entry it wrote (its own
   * or another writer's it had read), writes again on top of what is there with those entries put back,
   * up to UNLOCKED_WRITE_ROUNDS times (bucket-rounds.ts). No store call is atomic, so a writer landing
   * between such a write's last read and its write can still lose entries it does not re-check; waiting
   * for the lock first makes that the rare case instead of the usual one.
   */
  put(scope: string, results: readonly EntityResult[], notAfter = Number.POSITIVE_INFINITY): PutReport {
    if (results.length === 0) return { written: 0, dropped: 0, tooLarge: 0, locked: true, notKept: 0 };
    const config = this.config;
    const now = this.clock.now();
    // A copy from a longer-lived level never outlives the original.
    const expiresAt = Math.min(now + this.lifetimeSeconds * 1000, notAfter);
    const byBucket = this.groupByBucket(scope, results, (result) => result.entityKey);
    let tally = { written: 0, dropped: 0, tooLarge: 0 };
    const edit = (): Edit => {
      tally = { written: 0, dropped: 0, tooLarge: 0 };
      return (bucket, key) => {
        const counts = mergeResults(config, bucket, scope, byBucket.get(key) ?? [], now, expiresAt);
        tally.written += counts.written;
        tally.dropped += counts.dropped;
        tally.tooLarge += counts.tooLarge;
        return counts.json;
      };
    };
    const run = (locked: boolean) =>
      writeBuckets(config, scope, [...byBucket.keys()], true, edit, () => true, locked);
    const outcome = tryExclusive(config.mutex, () => run(true), this.lockWaitMs());
    const locked = outcome.acquired;
    const done = outcome.acquired ? outcome.value : run(false);
    let notKept = 0;
    if (done === null || !done.kept) notKept = results.length;
    else
      for (const [key, group] of byBucket)
        for (const result of group)
          if (!holds((done.back ?? done.buckets).get(key) as Bucket, scope, result)) notKept++;
    return { ...tally, locked, notKept };
  }

  /** Removes entities of `scope` (a note that stops being true), waiting for the lock like a put. */
  forget(scope: string, entityKeys: readonly string[]): void {
    if (entityKeys.length === 0) return;
    const config = this.config;
    const byBucket = this.groupByBucket(scope, entityKeys, (entityKey) => entityKey);
    const edit = (): Edit => (bucket, key) => {
      const entities = bucket.s[scope];
      const keys = (byBucket.get(key) ?? []).filter((entityKey) => entities?.[entityKey] !== undefined);
      if (!entities || keys.length === 0) return null;
      for (const entityKey of keys) delete entities[entityKey];
      if (Object.keys(entities).length === 0) delete bucket.s[scope];
      return config.encode(bucket);
    };
    const gone = (stored: Bucket, key: string) =>
      (byBucket.get(key) ?? []).every((entityKey) => stored.s[scope]?.[entityKey] === undefined);
    const run = (locked: boolean) =>
      writeBuckets(config, scope, [...byBucket.keys()], false, edit, gone, locked);
    if (!tryExclusive(config.mutex, () => run(true), this.lockWaitMs()).acquired) run(false);
  }

  /** The entities cached now (unexpired), as "scope\u0000entityKey", reading every bucket in one call. */
  entityKeys(): Set<string> {
    return new Set(this.keptFields().keys());
  }

  /**
   * The unexpired field keys of each entity cached now, keyed "scope\u0000entityKey" (an unmatched entity
   * has none), reading every bucket in one call: what buying the kept answers again would ask for.
   */
  keptFields(): Map<string, string[]> {
    const config = this.config;
    const keys = Array.from({ length: config.buckets }, (_, i) => `${config.keyPrefix}:b${i}`);
    const stored = config.cache.getAll([generationKey(config), ...keys]);
    const generation = readGeneration(stored[generationKey(config)]);
    const found = new Map<string, string[]>();
    if (generation === null) return found;
    const now = this.clock.now();
    for (const key of keys) {
      const bucket = readBucket(stored[key], generation);
      prune(bucket, now);
      for (const [scope, entities] of Object.entries(bucket.s)) {
        for (const [entityKey, entity] of Object.entries(entities)) {
          found.set(`${scope}\u0000${entityKey}`, isUnmatched(entity) ? [] : Object.keys(entity));
        }
      }
    }
    return found;
  }

  /**
   * Forgets everything by starting a new generation: one small write instead of removing every bucket.
   * A lost generation value has the same effect, so nothing from before a clear is ever served again.
   */
  clear(): void {
    const config = this.config;
    const bump = (): void => {
      const key = generationKey(config);
      const current = readGeneration(config.cache.getAll([key])[key]);
      config.cache.putAll({ [key]: String(nextGeneration(config, current)) }, MAX_LIFETIME_SECONDS);
    };
    if (!tryExclusive(config.mutex, bump, config.lockTimeoutMs).acquired) bump();
  }

  /** When an entry written now stops being served: nothing this level holds lasts longer. */
  lifetimeEnd(): number {
    return this.clock.now() + this.lifetimeMs();
  }

  /** How long a write waits for the lock from now: until the write deadline, and at least lockTimeoutMs. */
  private lockWaitMs(): number {
    const { lockTimeoutMs, writeDeadline } = this.config;
    return Math.max(lockTimeoutMs, Math.floor(writeDeadline - this.clock.now()));
  }

  private groupByBucket<T>(scope: string, items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
    const byBucket = new Map<string, T[]>();
    for (const item of items) {
      const key = bucketKey(this.config, scope, keyOf(item));
      const group = byBucket.get(key);
      if (group) group.push(item);
      else byBucket.set(key, [item]);
    }
    return byBucket;
  }

  private lifetimeMs(): number {
    return this.lifetimeSeconds * 1000;
  }
}
