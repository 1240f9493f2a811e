// A bucket kept under its size: expired entries go first, then transient scopes' entries, then the oldest.

import { utf8ByteLength } from "../text/utf8";
import { type Bucket, isUnmatched } from "./bucket-types";

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
 * The bucket's JSON, after dropping entries in the order they may go for a write to `scope` (see
 * entriesToDrop) until it fits in `maxBytes`.
 */
export function serializeWithin(
  bucket: Bucket,
  maxBytes: number,
  encode: (bucket: Bucket) => string,
  scope: string,
  transient: ReadonlySet<string>,
): { json: string; dropped: number } {
  let dropped = 0;
  for (;;) {
    // An entry's bytes below are those of the previous format, more than it takes compact: a round may
    // remove too few, never too many, and the next one removes the rest.
    const json = encode(bucket);
    const overflow = utf8ByteLength(json) - maxBytes;
    if (overflow <= 0) return { json, dropped };
    const aged = entriesToDrop(bucket, scope, transient);
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
