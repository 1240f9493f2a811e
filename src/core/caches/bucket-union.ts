// Comparing and joining two copies of one cache bucket: what a write made without the lock checks and redoes.
import { type Bucket, isUnmatched, type StoredEntity } from "./bucket-types";

/**
 * Whether `stored` still holds every entry of `wrote` outside `skip` (an entity's unmatched marker, or each
 * of its fields), whatever their values: a later writer may have replaced an entry, not removed it.
 */
export function holdsAll(stored: Bucket, wrote: Bucket, skip: ReadonlySet<string>): boolean {
  for (const [scope, entities] of Object.entries(wrote.s)) {
    if (skip.has(scope)) continue;
    for (const [entityKey, entity] of Object.entries(entities)) {
      const now = stored.s[scope]?.[entityKey];
      if (now === undefined || isUnmatched(now) !== isUnmatched(entity)) return false;
      if (!isUnmatched(entity) && !Object.keys(entity).every((field) => field in (now as object)))
        return false;
    }
  }
  return true;
}

/**
 * Copies into `into` (a fresh read) the entries of `earlier` (the copy written before it) it lacks, outside
 * `skip`: entries another writer's stale copy removed come back. Entries `into` has win, as the newer.
 * Returns whether it copied any.
 */
export function absorb(into: Bucket, earlier: Bucket, skip: ReadonlySet<string>): boolean {
  let copied = false;
  for (const [scope, entities] of Object.entries(earlier.s)) {
    if (skip.has(scope)) continue;
    const target = into.s[scope] ?? (Object.create(null) as Record<string, StoredEntity>);
    into.s[scope] = target;
    for (const [entityKey, entity] of Object.entries(entities)) {
      const now = target[entityKey];
      if (now === undefined) {
        target[entityKey] = isUnmatched(entity) ? entity : Object.assign(Object.create(null), entity);
        copied = true;
        continue;
      }
      if (isUnmatched(now) || isUnmatched(entity)) continue;
      for (const [field, entry] of Object.entries(entity)) {
        if (field in now) continue;
        now[field] = entry;
        copied = true;
      }
    }
    if (Object.keys(target).length === 0) delete into.s[scope];
  }
  return copied;
}
