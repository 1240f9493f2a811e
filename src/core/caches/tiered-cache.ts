// Formula results in two levels: the fast 6-hour cache, and a small durable one that outlives reopening.
import { type CachedEntity, type EntityResult, isComplete, type ResultCache } from "./result-cache";

/** What a formula needs of a result cache. */
export interface EntityCache {
  get(scope: string, entityKeys: readonly string[], fields: readonly string[]): Map<string, CachedEntity>;
  put(scope: string, results: readonly EntityResult[]): unknown;
  forget(scope: string, entityKeys: readonly string[]): void;
  /** When each entity's oldest cached field was fetched, where that is known (ms). */
  fetchedAt?(scope: string, entityKeys: readonly string[], fields: readonly string[]): Map<string, number>;
  /** What the nearest level holds, reading nothing slower (no store read, no lock): for a cell that polls. */
  peek?(scope: string, entityKeys: readonly string[], fields: readonly string[]): Map<string, CachedEntity>;
}

/**
 * Reads the near level first and the far one only for what it lacks, copying far hits back near so the
 * next execution finds them there; writes go to both. The far level is a cache too: it may forget.
 */
export class TieredCache implements EntityCache {
  /**
   * `refill` writes far hits back near; give it a lock wait of 0: thousands of cells reopened at once
   * would otherwise queue on the lock one by one, and a refill lost to a race only means a far read later.
   */
  constructor(
    private readonly near: ResultCache,
    private readonly far: ResultCache,
    private readonly refill: ResultCache = near,
  ) {}

  /** `nearFound`: what the near level answered already (the caller read it first), so it is not read twice. */
  get(
    scope: string,
    entityKeys: readonly string[],
    fields: readonly string[],
    nearFound?: Map<string, CachedEntity>,
  ): Map<string, CachedEntity> {
    const found = nearFound ?? this.near.get(scope, entityKeys, fields);
    const missing = entityKeys.filter((key) => !isComplete(found.get(key), fields));
    if (missing.length === 0) return found;
    const back: EntityResult[] = [];
    const expiries = new Map<string, number>();
    const fetched = new Map<string, number>();
    const wanted = new Set(missing);
    // Everything the far level holds in the scope comes back near at once: a column reopened a week later
    // misses in its first cells only, not once per organization.
    const prefix = `${scope}\u0000`;
    const held = [...this.far.entityKeys()]
      .filter((k) => k.startsWith(prefix))
      .map((k) => k.slice(prefix.length));
    const all = [...new Set([...missing, ...held])];
    for (const [key, entity] of this.far.get(scope, all, fields, expiries, fetched)) {
      // The copy keeps the original's fetch time, so its age reads the same on either level.
      const fetchedAt = fetched.get(key) as number;
      if (!entity.matched) {
        if (wanted.has(key)) found.set(key, entity);
        back.push({ entityKey: key, matched: false, fetchedAt });
        continue;
      }
      if (wanted.has(key)) {
        const near = found.get(key);
        found.set(key, {
          matched: true,
          values: { ...(near?.matched ? near.values : {}), ...entity.values },
        });
      }
      back.push({ entityKey: key, matched: true, values: entity.values, fetchedAt });
    }
    // Copied back near no longer than they last far: the lifetime the user chose holds. Those lasting
    // longer than the near level keeps anything go in one write; the rest (few) each with its own end.
    const expiry = (r: EntityResult) => expiries.get(r.entityKey) ?? 0;
    const horizon = this.refill.lifetimeEnd();
    const lasting = back.filter((r) => expiry(r) >= horizon);
    if (lasting.length > 0) this.refill.put(scope, lasting, Math.min(...lasting.map(expiry)));
    const short = back.filter((r) => expiry(r) < horizon && wanted.has(r.entityKey));
    if (short.length > 0) this.refill.put(scope, short, Math.min(...short.map(expiry)));
    return found;
  }

  /** `notKept`: results the far level could not keep, so they last only as long as the near level keeps them. */
  put(scope: string, results: readonly EntityResult[]): { notKept: number } {
    this.near.put(scope, results);
    return { notKept: this.far.put(scope, results).notKept };
  }

  forget(scope: string, entityKeys: readonly string[]): void {
    this.near.forget(scope, entityKeys);
    this.far.forget(scope, entityKeys);
  }

  /**
   * Both levels know when what they hold was fetched (copies keep the original's time). The near level is
   * asked first: the far one may have dropped an entry to stay small (a column larger than it), and an
   * entry it no longer holds must not count as stale while the near level still serves it.
   */
  fetchedAt(scope: string, entityKeys: readonly string[], fields: readonly string[]): Map<string, number> {
    const fetched = new Map<string, number>();
    this.near.get(scope, entityKeys, fields, undefined, fetched);
    const missing = entityKeys.filter((key) => !fetched.has(key));
    if (missing.length > 0) this.far.get(scope, missing, fields, undefined, fetched);
    return fetched;
  }
}
