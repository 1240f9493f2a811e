// A bucket kept under its size: expired entries go first, then transient scopes' entries, then the oldest.

import { utf8ByteLength } from "../text/utf8";
import { type Bucket, type FieldEntry, isUnmatched, type StoredEntity } from "./bucket-types";

interface Aged {
  scope: string;
  entityKey: string;
  /** null for an unmatched marker. */
  field: string | null;
  expiresAt: number;
  bytes: number;
}

export function jsonBytes(value: unknown): number {
  return utf8ByteLength(JSON.stringify(value));
}

/** Drops expired entries and entities and scopes left empty. */
export function prune(bucket: Bucket, now: number): void {
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

/**
 * The bucket's text, after dropping the fewest entries, in the order they may go for a write to `scope`
 * (see entriesToDrop), that make it fit in `maxBytes`. The encoding may pack (compact-bucket.ts), so what
 * an entry's removal saves is not its own bytes: the count is found by bisection, each try encoded whole.
 */
export function serializeWithin(
  bucket: Bucket,
  maxBytes: number,
  encode: (bucket: Bucket) => string,
  scope: string,
  transient: ReadonlySet<string>,
): { json: string; dropped: number } {
  const json = encode(bucket);
  if (utf8ByteLength(json) <= maxBytes) return { json, dropped: 0 };
  const aged = entriesToDrop(bucket, scope, transient);
  const without = (count: number): string => {
    const copy = copyBucket(bucket);
    for (const entry of aged.slice(0, count)) removeEntry(copy, entry);
    return encode(copy);
  };
  // The fewest drops that fit: `low` is known not to fit; `high` fits, or is all there are.
  let low = 0;
  let high = aged.length;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (utf8ByteLength(without(middle)) <= maxBytes) high = middle;
    else low = middle;
  }
  for (const entry of aged.slice(0, high)) removeEntry(bucket, entry);
  return { json: high === 0 ? json : encode(bucket), dropped: high };
}

/** A copy to try drops on: entities' field records copied, their entries shared (never changed). */
function copyBucket(bucket: Bucket): Bucket {
  const s = dict<Record<string, StoredEntity>>();
  for (const [scope, entities] of Object.entries(bucket.s)) {
    const kept = dict<StoredEntity>();
    for (const [entityKey, entity] of Object.entries(entities))
      kept[entityKey] = isUnmatched(entity) ? entity : Object.assign(dict<FieldEntry>(), entity);
    s[scope] = kept;
  }
  return { g: bucket.g, s };
}

function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
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
