// A result cache's options, their defaults and limits, checked once into the settings every level reads.
import { requireNonNegative, requirePositiveInteger } from "../../api/retry/checks";
import type { Clock } from "../../api/retry/clock";
import type { Mutex } from "../spending/mutex";
import { fnv1a32 } from "../text/hash";
import type { Bucket } from "./bucket-types";
import type { KeyValueCache } from "./cache-entries";
import { encodePacked } from "./compact-bucket";

/**
 * 400 leaves 600 of the cache's 1,000 items to everything else (the throttle, job state, and — in the
 * script cache — other users), so eviction, which is FIFO about 100 items at a time, rarely hits buckets.
 */
export const DEFAULT_BUCKET_COUNT = 400;
/** The cache's maximum TTL; entries never live longer because their bucket could not. */
export const MAX_LIFETIME_SECONDS = 21_600;
export const DEFAULT_LIFETIME_SECONDS = MAX_LIFETIME_SECONDS;
/** Below the 100 KB value limit with room for the limit being counted in KiB or KB. */
export const DEFAULT_MAX_BUCKET_BYTES = 90_000;
export const DEFAULT_KEY_PREFIX = "rc";
export const DEFAULT_CACHE_LOCK_TIMEOUT_MS = 3_000;
/** Rounds of write, read back and redo a write without the lock makes before it stops (see ResultCache.put). */
export const UNLOCKED_WRITE_ROUNDS = 3;

const MIN_BUCKET_BYTES = 1_024;

export interface ResultCacheOptions {
  cache: KeyValueCache;
  mutex: Mutex;
  clock: Clock;
  /** How long an entry is served, in seconds; values above maxLifetimeSeconds are capped. Default: 21,600 (6 h). */
  lifetimeSeconds?: number;
  /**
   * The longest lifetime the storage keeps a value: 21,600 for CacheService (the default); a store that
   * keeps values until they are removed (document properties) may allow more.
   */
  maxLifetimeSeconds?: number;
  /** Number of cache items the entries are spread over. Default: 400 (DEFAULT_BUCKET_COUNT). */
  buckets?: number;
  /** Size a bucket's value is kept under, in UTF-8 bytes. Default: 90,000 (DEFAULT_MAX_BUCKET_BYTES). */
  maxBucketBytes?: number;
  /** Prefix of every cache key this cache uses. Default: "rc" (DEFAULT_KEY_PREFIX). */
  keyPrefix?: string;
  /** How long a write waits for the lock at least. Default: 3,000 ms (DEFAULT_CACHE_LOCK_TIMEOUT_MS). */
  lockTimeoutMs?: number;
  /**
   * When the execution must stop waiting to write (ms since the epoch): its budget's end, less the time
   * the write and its answer take. A put or forget waits for the lock until then (and at least
   * lockTimeoutMs): a write made without the lock is the last resort (see ResultCache.put). Default: none.
   */
  writeDeadline?: number;
  /**
   * Store every entry's fetch time, not only where the expiry cannot tell it: then a change of the lifetime
   * in Settings cannot make older entries look younger. Worth its bytes where room is plentiful (CacheService).
   */
  stampAll?: boolean;
  /**
   * Write buckets in the compact format (compact-bucket.ts), packed: field names and times once per
   * bucket, repeated text once. For a store where room is short (document properties); every format is read.
   */
  compact?: boolean;
  /**
   * Scopes of short-lived records (a paid request's intent, removed once its answer is cached). When a
   * bucket is over its size, their entries go first; a write to one of them never drops another scope's
   * entry: an intent must not push out the paid answers it shares a bucket with, which would then be
   * bought again. Default: none.
   */
  transientScopes?: readonly string[];
}

/** The options checked, defaults filled in. */
export interface CacheConfig {
  readonly cache: KeyValueCache;
  readonly mutex: Mutex;
  readonly clock: Clock;
  readonly lifetimeSeconds: number;
  readonly buckets: number;
  readonly maxBucketBytes: number;
  readonly keyPrefix: string;
  readonly lockTimeoutMs: number;
  readonly writeDeadline: number;
  readonly stampAll: boolean;
  readonly encode: (bucket: Bucket) => string;
  readonly transientScopes: ReadonlySet<string>;
}

export function cacheConfig(options: ResultCacheOptions): CacheConfig {
  const lifetime = requirePositiveInteger(
    "lifetimeSeconds",
    options.lifetimeSeconds ?? DEFAULT_LIFETIME_SECONDS,
  );
  const buckets = requirePositiveInteger("buckets", options.buckets ?? DEFAULT_BUCKET_COUNT);
  const maxBucketBytes = requirePositiveInteger(
    "maxBucketBytes",
    options.maxBucketBytes ?? DEFAULT_MAX_BUCKET_BYTES,
  );
  if (maxBucketBytes < MIN_BUCKET_BYTES) {
    throw new RangeError(`maxBucketBytes must be at least ${MIN_BUCKET_BYTES}; got ${maxBucketBytes}.`);
  }
  const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const stampAll = options.stampAll ?? false;
  const transientScopes = new Set(options.transientScopes ?? []);
  const encode = options.compact ? encodePacked : (bucket: Bucket) => JSON.stringify(bucket);
  // Cache keys may be 250 characters; the longest this cache adds is ":b" and a bucket number.
  if (keyPrefix === "" || keyPrefix.length > 200) {
    throw new RangeError(`keyPrefix must be 1 to 200 characters; got ${keyPrefix.length}.`);
  }
  const lockTimeoutMs = requireNonNegative(
    "lockTimeoutMs",
    options.lockTimeoutMs ?? DEFAULT_CACHE_LOCK_TIMEOUT_MS,
  );
  return {
    cache: options.cache,
    mutex: options.mutex,
    clock: options.clock,
    lifetimeSeconds: Math.min(lifetime, options.maxLifetimeSeconds ?? MAX_LIFETIME_SECONDS),
    buckets,
    maxBucketBytes,
    keyPrefix,
    lockTimeoutMs,
    writeDeadline: options.writeDeadline ?? Number.NEGATIVE_INFINITY,
    stampAll,
    encode,
    transientScopes,
  };
}

/** The key of the cache's generation: bumped by a clear, so nothing from before it is served again. */
export function generationKey(config: CacheConfig): string {
  return `${config.keyPrefix}:g`;
}

/** The key of the bucket an entity of `scope` lives in. */
export function bucketKey(config: CacheConfig, scope: string, entityKey: string): string {
  return `${config.keyPrefix}:b${fnv1a32(`${scope}\u0000${entityKey}`) % config.buckets}`;
}

/** Strictly increasing, and after a lost generation value still newer than any earlier one. */
export function nextGeneration(config: CacheConfig, current: number | null): number {
  return Math.max(Math.floor(config.clock.now()), (current ?? 0) + 1);
}
