// What a result-cache bucket holds in memory, shared by the cache and the formats it is written in.

import type { CachedJson } from "../organizations/org-fields";

export type { CachedJson };

// In a bucket: a field entry is [value, expiresAtMs]; an unmatched entity is [expiresAtMs] alone, which
// keeps it distinct from a matched entity whose value is null. Either may end with fetchedAtMs when that is
// not expiresAtMs less the lifetime (a copy of an older result), so every level knows how old what it
// serves is, and a formula's max_age_days never depends on another level still holding the entry.
export type FieldEntry = [CachedJson, number] | [CachedJson, number, number];
export type UnmatchedEntry = [number] | [number, number];
export type StoredEntity = Record<string, FieldEntry> | UnmatchedEntry;

/** An unmatched entity's entry (an array), not a matched entity's fields (a record). */
export function isUnmatched(entity: StoredEntity): entity is UnmatchedEntry {
  return Array.isArray(entity);
}
export interface Bucket {
  /** The generation the bucket was written in; buckets of other generations are ignored. */
  g: number;
  /** scope → entity key → entity. */
  s: Record<string, Record<string, StoredEntity>>;
}
