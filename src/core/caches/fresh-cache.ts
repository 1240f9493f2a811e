// A result cache that answers only what was fetched recently enough: a formula's "no older than N days".
import type { CachedEntity, EntityResult } from "./result-cache";
import type { EntityCache } from "./tiered-cache";

/**
 * Entities of `scope` fetched longer than `maxAgeMs` ago, or at a time no level knows, count as not cached,
 * so they are fetched again; other scopes pass through untouched. Every level records fetch times, so an
 * entry one level dropped for room is still fresh where another serves it.
 */
export class FreshCache implements EntityCache {
  constructor(
    private readonly inner: EntityCache,
    private readonly scope: string,
    private readonly maxAgeMs: number,
    private readonly now: () => number,
  ) {}

  get(scope: string, entityKeys: readonly string[], fields: readonly string[]): Map<string, CachedEntity> {
    const found = this.inner.get(scope, entityKeys, fields);
    if (scope !== this.scope || found.size === 0) return found;
    const fetched = this.inner.fetchedAt?.(scope, [...found.keys()], fields) ?? new Map<string, number>();
    const oldest = this.now() - this.maxAgeMs;
    for (const key of [...found.keys()]) {
      if ((fetched.get(key) ?? Number.NEGATIVE_INFINITY) < oldest) found.delete(key);
    }
    return found;
  }

  put(scope: string, results: readonly EntityResult[]): unknown {
    return this.inner.put(scope, results);
  }

  forget(scope: string, entityKeys: readonly string[]): void {
    this.inner.forget(scope, entityKeys);
  }
}
