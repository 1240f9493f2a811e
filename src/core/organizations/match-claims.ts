// Reads the rows of the match memory (organization, id or state, when, which execution) as what each
// organization's match is now: bought, being bought by an execution (its in-flight mark), or free to buy.

/** The state column of a row whose match is out ("in flight"), answered unmatched, or given up. */
export const IN_FLIGHT = "in flight";
export const NOT_FOUND = "not found";
export const RELEASED = "released";

/**
 * An in-flight mark older than this belongs to an execution that died (one lives 6 minutes at most; one
 * more for safety): it no longer holds the organization back, and the match is bought again only if no
 * answer was recorded.
 */
export const CLAIM_EXPIRES_MS = 7 * 60 * 1000;

export type MatchState =
  | { kind: "known"; id: number }
  | { kind: "claimed"; token: string }
  /** The awaited execution answered that the service does not know it (free, nothing to buy). */
  | { kind: "not-found" }
  | { kind: "free" };

function time(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  return typeof value === "number" ? value : Number.NaN;
}

/**
 * What each of `keys` is now, from the sheet's rows in order. A recorded id wins; else the first live
 * in-flight mark (every execution reads the same order, so two that marked the same organization at once
 * agree which of them buys it); `awaited` names, per key, the execution a waiter waits for, whose
 * "not found" answer settles the wait.
 */
export function matchStates(
  rows: readonly unknown[][],
  keys: readonly string[],
  now: number,
  awaited: ReadonlyMap<string, string> = new Map(),
): Map<string, MatchState> {
  const wanted = new Set(keys);
  const known = new Map<string, number>();
  const claimed = new Map<string, string>();
  const notFound = new Set<string>();
  for (const [key, state, at, token] of rows) {
    if (typeof key !== "string" || !wanted.has(key)) continue;
    if (typeof state === "number" && Number.isSafeInteger(state)) {
      if (!known.has(key)) known.set(key, state);
    } else if (state === IN_FLIGHT && typeof token === "string" && now - time(at) <= CLAIM_EXPIRES_MS) {
      if (!claimed.has(key)) claimed.set(key, token);
    } else if (state === NOT_FOUND && token === awaited.get(key)) notFound.add(key);
  }
  const states = new Map<string, MatchState>();
  for (const key of wanted) {
    const id = known.get(key);
    const token = claimed.get(key);
    if (id !== undefined) states.set(key, { kind: "known", id });
    else if (notFound.has(key)) states.set(key, { kind: "not-found" });
    else if (token !== undefined) states.set(key, { kind: "claimed", token });
    else states.set(key, { kind: "free" });
  }
  return states;
}
