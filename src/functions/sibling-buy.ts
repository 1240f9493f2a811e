// How a cell of a filled-down formula buys for its whole column: the first cell to miss the cache takes the
// document lock and buys for every sibling; the others watch the cache for its answers, then queue.
import type { CachedEntity } from "../core/caches/result-cache";
import type { FormulaEnv, Siblings } from "./formula-env";

/**
 * A cell that finds the document lock taken watches the cache this often, this many times, before it
 * queues for the lock: the sibling buying the column caches its answers before it lets go (it still
 * writes their durable copy), and thirty cells queued for one lock would be let in one at a time.
 */
export const SIBLING_POLL_MS = 250;
export const SIBLING_POLLS = 20;

/** Most organizations or texts one cell buys for its siblings: five requests, well inside 30 seconds. */
export const MAX_SIBLING_ITEMS = 5_000;

/**
 * What a cell buys for its column: its own item first, then each sibling's once (by key), up to
 * MAX_SIBLING_ITEMS. `read` turns a sibling's identifier into an item, or null for one that sends nothing
 * (blank, unreadable).
 */
export function siblingItems<T extends { key: string }>(
  own: T,
  identifiers: readonly unknown[],
  read: (value: unknown) => T | null,
): T[] {
  const items = [own];
  const seen = new Set([own.key]);
  for (const value of identifiers) {
    const item = read(value);
    if (item === null || seen.has(item.key)) continue;
    if (items.length >= MAX_SIBLING_ITEMS) break;
    seen.add(item.key);
    items.push(item);
  }
  return items;
}

/** A read of the formulas' cache: the cache's get, or its near level's peek (one cache read, no store). */
export type CacheRead = (
  scope: string,
  entityKeys: readonly string[],
  fields: readonly string[],
) => Map<string, CachedEntity>;

export interface SiblingBuy<T> {
  /** The cell's answer when `read` holds all of it; null when it must be bought. */
  answered(read: CacheRead): T | null;
  /** Buys, inside the document lock (`held`), for the cell and the siblings whose identifiers are given. */
  buy(held: FormulaEnv, identifiers: readonly unknown[]): T;
  /** The answer when the lock was not had in time: nothing is bought (the holder may be buying these). */
  busy(): T;
}

/**
 * A cell of a formula filled down a column (=ORG_ATTR(A2,"industry") in B2:B5001, =JOB_FUNCTION(C2) in
 * D2:D201) runs as its own execution, many at once. Its answer from the cache costs no lock. Else the lock
 * at once, or its holder is most likely a sibling buying this very column: the cell watches the near
 * cache for its answer (one cache read a look), then queues for the lock. Inside it, a sibling may have
 * bought meanwhile; if not, this cell buys for all of them. When the lock is not had in time, nothing is
 * bought.
 */
export function buyWithSiblings<T>(env: FormulaEnv, siblings: Siblings, step: SiblingBuy<T>): T {
  const cached = step.answered(env.cache.get.bind(env.cache));
  if (cached !== null) return cached;
  const locked = (held: FormulaEnv): T =>
    step.answered(held.cache.get.bind(held.cache)) ?? step.buy(held, siblings.identifiers() ?? []);
  const peek = env.cache.peek?.bind(env.cache);
  if (peek) {
    const now = siblings.exclusive(locked, 0);
    if (now.acquired) return now.value;
    for (let look = 0; look < SIBLING_POLLS; look++) {
      siblings.pause(SIBLING_POLL_MS);
      const seen = step.answered(peek);
      if (seen !== null) return seen;
    }
  }
  const shared = siblings.exclusive(locked);
  return shared.acquired ? shared.value : step.busy();
}
