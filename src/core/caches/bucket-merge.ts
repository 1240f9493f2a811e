// Results merged into a bucket read from the store (fields join, unmatched replaces), and whether it holds them.
import { dict } from "./bucket-read";
import { jsonBytes, prune, serializeWithin } from "./bucket-room";
import {
  type Bucket,
  type FieldEntry,
  isUnmatched,
  type StoredEntity,
  type UnmatchedEntry,
} from "./bucket-types";
import type { CacheConfig } from "./cache-config";
import type { EntityResult } from "./cache-entries";

/** A merged bucket's JSON and what the merge wrote, dropped and left out. */
export interface Merged {
  json: string;
  written: number;
  dropped: number;
  tooLarge: number;
}

/** Merges results into a bucket read from the store, keeping it under its size; returns its JSON. */
export function mergeResults(
  config: CacheConfig,
  bucket: Bucket,
  scope: string,
  group: readonly EntityResult[],
  now: number,
  expiresAt: number,
): Merged {
  const lifetimeMs = config.lifetimeSeconds * 1000;
  // One outsized value (a long description) must not push a whole bucket of older entries out.
  const maxEntryBytes = Math.floor(config.maxBucketBytes / 4);
  let written = 0;
  let tooLarge = 0;
  prune(bucket, now);
  const entities = bucket.s[scope] ?? dict<StoredEntity>();
  bucket.s[scope] = entities;
  for (const result of group) {
    // Stored only when it cannot be told from the expiry: a copy of an older result.
    const fetchedAt = result.fetchedAt ?? now;
    const stamp = !config.stampAll && fetchedAt === expiresAt - lifetimeMs ? [] : [fetchedAt];
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
  const serialized = serializeWithin(
    bucket,
    config.maxBucketBytes,
    config.encode,
    scope,
    config.transientScopes,
  );
  return { json: serialized.json, written, dropped: serialized.dropped, tooLarge };
}

/** Whether `bucket` holds all of `result` (every field it brought, or its unmatched marker). */
export function holds(bucket: Bucket, scope: string, result: EntityResult): boolean {
  const entity = bucket.s[scope]?.[result.entityKey];
  if (entity === undefined) return false;
  if (!result.matched) return isUnmatched(entity);
  return !isUnmatched(entity) && Object.keys(result.values).every((field) => field in entity);
}
