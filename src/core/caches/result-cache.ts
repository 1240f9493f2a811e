// The cross-execution result cache per (scope, entity, field), packed into a fixed set of cache items.
import { requireNonNegative, requirePositiveInteger } from "../../api/retry/checks";
import type { Clock } from "../../api/retry/clock";
import type { Mutex } from "../spending/mutex";
import { tryExclusive } from "../spending/mutex";
import { utf8ByteLength } from "../text/utf8";
import {
  type Bucket,
  type CachedJson,
  type FieldEntry,
  isUnmatched,
  type StoredEntity,
  type UnmatchedEntry,
} from "./bucket-types";
import { absorb, holdsAll } from "./bucket-union";
import { decodeCompact, encodeCompact } from "./compact-bucket";

export type { CachedJson } from "./bucket-types";

import { fnv1a32 } from "./hash";

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
/** Rounds of write, read back and redo a write without the lock makes before it stops (see put). */
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
   * lockTimeoutMs): a write made without the lock is the last resort (see put). Default: none.
   */
  writeDeadline?: number;
  /**
   * Store every entry's fetch time, not only where the expiry cannot tell it: then a change of the lifetime
   * in Settings cannot make older entries look younger. Worth its bytes where room is plentiful (CacheService).
   */
  stampAll?: boolean;
  /**
   * Write buckets in the compact format (compact-bucket.ts): field names and times once per bucket. For a
   * store where room is short (document properties); either format is read.
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

/**
 * Entity keys are user text, so a key such as "__proto__" or "constructor" must be an ordinary own
 * property: every record in a bucket has no prototype.
 */
function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isFieldEntry(value: unknown): value is FieldEntry {
  return (
    Array.isArray(value) &&
    (value.length === 2 || (value.length === 3 && typeof value[2] === "number")) &&
    typeof value[1] === "number"
  );
}

function readUnmatched(value: unknown[]): UnmatchedEntry | null {
  if (typeof value[0] !== "number") return null;
  if (value.length === 1) return [value[0]];
  return value.length === 2 && typeof value[1] === "number" ? [value[0], value[1]] : null;
}

function readEntity(value: unknown): StoredEntity | null {
  if (Array.isArray(value)) return readUnmatched(value);
  if (!isRecord(value)) return null;
  const fields = dict<FieldEntry>();
  for (const [field, entry] of Object.entries(value)) if (isFieldEntry(entry)) fields[field] = entry;
  return fields;
}

/** A stored value as a bucket of `generation`; anything unreadable or older reads as empty. */
function readBucket(text: string | undefined, generation: number): Bucket {
  const empty: Bucket = { g: generation, s: dict() };
  if (text === undefined) return empty;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return empty;
  }
  const compact = decodeCompact(parsed, generation);
  if (compact !== null) return compact;
  if (!isRecord(parsed) || parsed["g"] !== generation || !isRecord(parsed["s"])) return empty;
  for (const [scope, entities] of Object.entries(parsed["s"])) {
    if (!isRecord(entities)) continue;
    const kept = dict<StoredEntity>();
    for (const [entityKey, value] of Object.entries(entities)) {
      const entity = readEntity(value);
      if (entity !== null) kept[entityKey] = entity;
    }
    empty.s[scope] = kept;
  }
  return empty;
}

function readGeneration(text: string | undefined): number | null {
  if (text === undefined || !/^[0-9]{1,16}$/.test(text)) return null;
  return Number(text);
}

/** Drops expired entries and entities and scopes left empty. */
function prune(bucket: Bucket, now: number): void {
  for (const [scope, entities] of Object.entries(bucket.s)) {
    for (const [entityKey, entity] of Object.entries(entities)) {
      if (isUnmatched(entity)) {
        if (entity[0] <= now) delete entities[entityKey];
        continue;
      }
      for (const [field, entry] of Object.entries(entity)) if (entry[1] <= now) delete entity[field];
      if (Object.keys(entity).length === 0) delete entities[entityKey];
    }
    if (Object.keys(entities).length === 0) delete bucket.s[scope];
  }
}

interface Aged {
  scope: string;
  entityKey: string;
  /** null for an unmatched marker. */
  field: string | null;
  expiresAt: number;
  bytes: number;
}

function jsonBytes(value: unknown): number {
  return utf8ByteLength(JSON.stringify(value));
}

/**
 * The entries that may make room for a write to `scope`, in the order they go: those of transient scopes
 * first, then the rest, oldest first within each (all entries share one lifetime). A write to a transient
 * scope may drop only transient entries.
 */
function entriesToDrop(bucket: Bucket, scope: string, transient: ReadonlySet<string>): Aged[] {
  const rank = (entry: Aged) => (transient.has(entry.scope) ? 0 : 1);
  return entriesByAge(bucket)
    .filter((entry) => !transient.has(scope) || transient.has(entry.scope))
    .sort((a, b) => rank(a) - rank(b) || a.expiresAt - b.expiresAt);
}

/** Every entry with the bytes its removal saves, oldest first (all entries share one lifetime). */
function entriesByAge(bucket: Bucket): Aged[] {
  const aged: Aged[] = [];
  for (const [scope, entities] of Object.entries(bucket.s)) {
    for (const [entityKey, entity] of Object.entries(entities)) {
      if (isUnmatched(entity)) {
        aged.push({
          scope,
          entityKey,
          field: null,
          expiresAt: entity[0],
          bytes: jsonBytes(entityKey) + 1 + jsonBytes(entity) + 1,
        });
        continue;
      }
      for (const [field, entry] of Object.entries(entity)) {
        aged.push({
          scope,
          entityKey,
          field,
          expiresAt: entry[1],
          bytes: jsonBytes(field) + 1 + jsonBytes(entry) + 1,
        });
      }
    }
  }
  return aged.sort((a, b) => a.expiresAt - b.expiresAt);
}

function removeEntry(bucket: Bucket, entry: Aged): void {
  const entities = bucket.s[entry.scope];
  if (entities === undefined) return;
  const entity = entities[entry.entityKey];
  if (entity !== undefined && entry.field !== null && !isUnmatched(entity)) {
    delete entity[entry.field];
    if (Object.keys(entity).length > 0) return;
  }
  delete entities[entry.entityKey];
  if (Object.keys(entities).length === 0) delete bucket.s[entry.scope];
}

/** The bucket's JSON, after dropping entries in `droppable`'s order until it fits in `maxBytes`. */
function serializeWithin(
  bucket: Bucket,
  maxBytes: number,
  encode: (bucket: Bucket) => string,
  droppable: (bucket: Bucket) => Aged[],
): { json: string; dropped: number } {
  let dropped = 0;
  for (;;) {
    // An entry's bytes below are those of the previous format, more than it takes compact: a round may
    // remove too few, never too many, and the next one removes the rest.
    const json = encode(bucket);
    const overflow = utf8ByteLength(json) - maxBytes;
    if (overflow <= 0) return { json, dropped };
    const aged = droppable(bucket);
    if (aged.length === 0) return { json, dropped };
    let saved = 0;
    for (const entry of aged) {
      removeEntry(bucket, entry);
      dropped++;
      saved += entry.bytes;
      if (saved >= overflow) break;
    }
  }
}

/** Whether `bucket` holds all of `result` (every field it brought, or its unmatched marker). */
function holds(bucket: Bucket, scope: string, result: EntityResult): boolean {
  const entity = bucket.s[scope]?.[result.entityKey];
  if (entity === undefined) return false;
  if (!result.matched) return isUnmatched(entity);
  return !isUnmatched(entity) && Object.keys(result.values).every((field) => field in entity);
}

/** Whether a cached entity answers for all of `fields` (an unmatched one answers for any). */
export function isComplete(entity: CachedEntity | undefined, fields: readonly string[]): boolean {
  return entity !== undefined && (!entity.matched || fields.every((f) => f in entity.values));
}

/** One round's change to one bucket read from the store: the value to write, or null to leave it. */
type Edit = (bucket: Bucket, key: string) => string | null;

/** The buckets a round wrote, as written, and whether the store took them. */
interface Written {
  buckets: Map<string, Bucket>;
  kept: boolean;
  /** Without the lock: the same buckets as read back after the write. */
  back?: Map<string, Bucket>;
}

export class ResultCache {
  readonly lifetimeSeconds: number;
  private readonly cache: KeyValueCache;
  private readonly mutex: Mutex;
  private readonly clock: Clock;
  private readonly buckets: number;
  private readonly maxBucketBytes: number;
  private readonly keyPrefix: string;
  private readonly lockTimeoutMs: number;
  private readonly writeDeadline: number;
  private readonly stampAll: boolean;
  private readonly encode: (bucket: Bucket) => string;
  private readonly transientScopes: ReadonlySet<string>;

  constructor(options: ResultCacheOptions) {
    this.cache = options.cache;
    this.mutex = options.mutex;
    this.clock = options.clock;
    const lifetime = requirePositiveInteger(
      "lifetimeSeconds",
      options.lifetimeSeconds ?? DEFAULT_LIFETIME_SECONDS,
    );
    this.lifetimeSeconds = Math.min(lifetime, options.maxLifetimeSeconds ?? MAX_LIFETIME_SECONDS);
    this.buckets = requirePositiveInteger("buckets", options.buckets ?? DEFAULT_BUCKET_COUNT);
    this.maxBucketBytes = requirePositiveInteger(
      "maxBucketBytes",
      options.maxBucketBytes ?? DEFAULT_MAX_BUCKET_BYTES,
    );
    if (this.maxBucketBytes < MIN_BUCKET_BYTES) {
      throw new RangeError(
        `maxBucketBytes must be at least ${MIN_BUCKET_BYTES}; got ${this.maxBucketBytes}.`,
      );
    }
    this.keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.stampAll = options.stampAll ?? false;
    this.transientScopes = new Set(options.transientScopes ?? []);
    this.encode = options.compact ? encodeCompact : (bucket) => JSON.stringify(bucket);
    // Cache keys may be 250 characters; the longest this cache adds is ":b" and a bucket number.
    if (this.keyPrefix === "" || this.keyPrefix.length > 200) {
      throw new RangeError(`keyPrefix must be 1 to 200 characters; got ${this.keyPrefix.length}.`);
    }
    this.lockTimeoutMs = requireNonNegative(
      "lockTimeoutMs",
      options.lockTimeoutMs ?? DEFAULT_CACHE_LOCK_TIMEOUT_MS,
    );
    this.writeDeadline = options.writeDeadline ?? Number.NEGATIVE_INFINITY;
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
    const bucketKeyOf = new Map(entityKeys.map((entityKey) => [entityKey, this.bucketKey(scope, entityKey)]));
    const stored = this.cache.getAll([this.generationKey(), ...new Set(bucketKeyOf.values())]);
    const generation = readGeneration(stored[this.generationKey()]);
    if (generation === null) return found;
    const now = this.clock.now();
    const buckets = new Map<string, Bucket>();
    for (const [entityKey, bucketKey] of bucketKeyOf) {
      let bucket = buckets.get(bucketKey);
      if (bucket === undefined) {
        bucket = readBucket(stored[bucketKey], generation);
        buckets.set(bucketKey, bucket);
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
   * up to UNLOCKED_WRITE_ROUNDS times. No store call is atomic, so a writer landing between such a write's
   * last read and its write can still lose entries it does not re-check; waiting for the lock first makes
   * that the rare case instead of the usual one.
   */
  put(scope: string, results: readonly EntityResult[], notAfter = Number.POSITIVE_INFINITY): PutReport {
    if (results.length === 0) return { written: 0, dropped: 0, tooLarge: 0, locked: true, notKept: 0 };
    const now = this.clock.now();
    // A copy from a longer-lived level never outlives the original.
    const expiresAt = Math.min(now + this.lifetimeSeconds * 1000, notAfter);
    const byBucket = this.groupByBucket(scope, results, (result) => result.entityKey);
    let tally = { written: 0, dropped: 0, tooLarge: 0 };
    const edit = (): Edit => {
      tally = { written: 0, dropped: 0, tooLarge: 0 };
      return (bucket, key) => {
        const counts = this.merge(bucket, scope, byBucket.get(key) ?? [], now, expiresAt);
        tally.written += counts.written;
        tally.dropped += counts.dropped;
        tally.tooLarge += counts.tooLarge;
        return counts.json;
      };
    };
    const run = (locked: boolean) => this.update(scope, [...byBucket.keys()], true, edit, () => true, locked);
    const outcome = tryExclusive(this.mutex, () => run(true), this.lockWaitMs());
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
    const byBucket = this.groupByBucket(scope, entityKeys, (entityKey) => entityKey);
    const edit = (): Edit => (bucket, key) => {
      const entities = bucket.s[scope];
      const keys = (byBucket.get(key) ?? []).filter((entityKey) => entities?.[entityKey] !== undefined);
      if (!entities || keys.length === 0) return null;
      for (const entityKey of keys) delete entities[entityKey];
      if (Object.keys(entities).length === 0) delete bucket.s[scope];
      return this.encode(bucket);
    };
    const gone = (stored: Bucket, key: string) =>
      (byBucket.get(key) ?? []).every((entityKey) => stored.s[scope]?.[entityKey] === undefined);
    const run = (locked: boolean) => this.update(scope, [...byBucket.keys()], false, edit, gone, locked);
    if (!tryExclusive(this.mutex, () => run(true), this.lockWaitMs()).acquired) run(false);
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
    const keys = Array.from({ length: this.buckets }, (_, i) => `${this.keyPrefix}:b${i}`);
    const stored = this.cache.getAll([this.generationKey(), ...keys]);
    const generation = readGeneration(stored[this.generationKey()]);
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
    const bump = (): void => {
      const key = this.generationKey();
      const current = readGeneration(this.cache.getAll([key])[key]);
      this.cache.putAll({ [key]: String(this.nextGeneration(current)) }, MAX_LIFETIME_SECONDS);
    };
    if (!tryExclusive(this.mutex, bump, this.lockTimeoutMs).acquired) bump();
  }

  /** How long a write waits for the lock from now: until the write deadline, and at least lockTimeoutMs. */
  private lockWaitMs(): number {
    return Math.max(this.lockTimeoutMs, Math.floor(this.writeDeadline - this.clock.now()));
  }

  private groupByBucket<T>(scope: string, items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
    const byBucket = new Map<string, T[]>();
    for (const item of items) {
      const key = this.bucketKey(scope, keyOf(item));
      const group = byBucket.get(key);
      if (group) group.push(item);
      else byBucket.set(key, [item]);
    }
    return byBucket;
  }

  /**
   * Reads the buckets `keys`, changes each with a fresh `edit()` and writes them back: one getAll and one
   * putAll. `create`: a missing generation or bucket is started (a put), else left alone (a forget).
   * Unlocked, it reads them back and redoes the round while one lacks an entry it wrote (those of other
   * transient scopes than `scope` aside) or `landed` is false of it (see put). Returns the buckets as last
   * written, or null when there was nothing to change.
   */
  private update(
    scope: string,
    keys: readonly string[],
    create: boolean,
    edit: () => Edit,
    landed: (stored: Bucket, key: string) => boolean,
    locked: boolean,
  ): Written | null {
    const generationKey = this.generationKey();
    const ttl = Math.min(this.lifetimeSeconds, MAX_LIFETIME_SECONDS);
    let stored = this.cache.getAll([generationKey, ...keys]);
    let earlier: Written | null = null;
    const othersTransient = new Set([...this.transientScopes].filter((s) => s !== scope));
    for (let round = 1; ; round++) {
      const generation = readGeneration(stored[generationKey]) ?? (create ? this.nextGeneration(null) : null);
      if (generation === null) return earlier;
      const values: Record<string, string> = create ? { [generationKey]: String(generation) } : {};
      const buckets = new Map<string, Bucket>();
      const change = edit();
      for (const key of keys) {
        if (!create && stored[key] === undefined) continue;
        const bucket = readBucket(stored[key], generation);
        const before = earlier?.buckets.get(key);
        // Entries a stale copy removed since the last round come back (a cleared cache's do not).
        const restored = before?.g === generation && absorb(bucket, before, this.transientScopes);
        const value = change(bucket, key) ?? (restored ? this.encode(bucket) : null);
        if (value === null) continue;
        values[key] = value;
        buckets.set(key, bucket);
      }
      if (buckets.size === 0) return earlier;
      const written: Written = { buckets, kept: this.cache.putAll(values, ttl) !== false };
      if (locked || !written.kept) return written;
      stored = this.cache.getAll([generationKey, ...keys]);
      const current = readGeneration(stored[generationKey]);
      const back = new Map([...buckets.keys()].map((key) => [key, readBucket(stored[key], generation)]));
      const intact = [...buckets].every(([key, bucket]) => {
        const read = back.get(key) as Bucket;
        return current === generation && landed(read, key) && holdsAll(read, bucket, othersTransient);
      });
      if (intact || round === UNLOCKED_WRITE_ROUNDS) return { ...written, back };
      earlier = written;
    }
  }

  /** Merges results into a bucket read from the store, keeping it under its size; returns its JSON. */
  private merge(
    bucket: Bucket,
    scope: string,
    group: readonly EntityResult[],
    now: number,
    expiresAt: number,
  ): { json: string; written: number; dropped: number; tooLarge: number } {
    // One outsized value (a long description) must not push a whole bucket of older entries out.
    const maxEntryBytes = Math.floor(this.maxBucketBytes / 4);
    let written = 0;
    let tooLarge = 0;
    prune(bucket, now);
    const entities = bucket.s[scope] ?? dict<StoredEntity>();
    bucket.s[scope] = entities;
    for (const result of group) {
      // Stored only when it cannot be told from the expiry: a copy of an older result.
      const fetchedAt = result.fetchedAt ?? now;
      const stamp = !this.stampAll && fetchedAt === expiresAt - this.lifetimeMs() ? [] : [fetchedAt];
      if (!result.matched) {
        entities[result.entityKey] = [expiresAt, ...stamp] as UnmatchedEntry;
        written++;
        continue;
      }
      const existing = entities[result.entityKey];
      const fields = existing === undefined || isUnmatched(existing) ? dict<FieldEntry>() : existing;
      for (const [field, value] of Object.entries(result.values)) {
        const entry = [value, expiresAt, ...stamp] as FieldEntry;
        if (jsonBytes(field) + jsonBytes(entry) > maxEntryBytes) {
          tooLarge++;
          continue;
        }
        fields[field] = entry;
        written++;
      }
      if (Object.keys(fields).length > 0) entities[result.entityKey] = fields;
    }
    if (Object.keys(entities).length === 0) delete bucket.s[scope];
    const serialized = serializeWithin(bucket, this.maxBucketBytes, this.encode, (b) =>
      entriesToDrop(b, scope, this.transientScopes),
    );
    return { json: serialized.json, written, dropped: serialized.dropped, tooLarge };
  }

  /** When an entry written now stops being served: nothing this level holds lasts longer. */
  lifetimeEnd(): number {
    return this.clock.now() + this.lifetimeMs();
  }

  private lifetimeMs(): number {
    return this.lifetimeSeconds * 1000;
  }

  /** Strictly increasing, and after a lost generation value still newer than any earlier one. */
  private nextGeneration(current: number | null): number {
    return Math.max(Math.floor(this.clock.now()), (current ?? 0) + 1);
  }

  private generationKey(): string {
    return `${this.keyPrefix}:g`;
  }

  private bucketKey(scope: string, entityKey: string): string {
    return `${this.keyPrefix}:b${fnv1a32(`${scope}\u0000${entityKey}`) % this.buckets}`;
  }
}
