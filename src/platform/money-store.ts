// Where the one money record lives: the user's cache first (every paid answer of every execution folds
// into it under the user lock: a cache read and write, no property write), and a durable copy in the
// user's properties that the sidebar brings up to date when it reads the record, so a cache eviction
// loses nothing the sidebar has shown.

import { furthest, type MoneyRecord, parseMoneyRecord, recordMark } from "../core/spending/money-record";
import { tryExclusive } from "../core/spending/mutex";
import { userCache } from "./cache";
import { userMutex } from "./lock";
import { propertyStore } from "./properties";

/** The cache entry every paid answer updates (per user; the record holds the key's fingerprint). */
export const MONEY_CACHE_KEY = "money:record";
/** The durable copy, in the user's properties. */
export const MONEY_PROPERTY = "MONEY_RECORD";
/** Apps Script's longest cache lifetime, 6 hours: each write starts it again. */
const CACHE_SECONDS = 21_600;
const LOCK_MS = 2_000;

function durable(): MoneyRecord | null {
  try {
    return parseMoneyRecord(propertyStore("user")?.get(MONEY_PROPERTY) ?? null);
  } catch {
    return null;
  }
}

/** The record as the cache holds it, or the durable copy when the cache has lost it. */
export function readMoney(): MoneyRecord | null {
  const cached = parseMoneyRecord(userCache().get(MONEY_CACHE_KEY));
  return cached ?? durable();
}

/**
 * Changes the record under the user lock (without it when the lock is not had in time: a racing update
 * beats dropping a charge). Never throws: the credits are spent already, and the answer stands.
 */
export function updateMoney(change: (record: MoneyRecord | null) => MoneyRecord): MoneyRecord | null {
  let next: MoneyRecord | null = null;
  const update = (): void => {
    next = change(readMoney());
    userCache().put(MONEY_CACHE_KEY, JSON.stringify(next), CACHE_SECONDS);
  };
  try {
    if (!tryExclusive(userMutex(), update, LOCK_MS).acquired) update();
  } catch {
    // The cache refused: the sidebar's next read shows the last record it kept.
  }
  return next;
}

/** What the durable copy last took, so a sidebar read with nothing new costs a cache read, no property read. */
const KEPT_CACHE_KEY = "money:kept";

/**
 * Brings the durable copy up to `record` when something changed since it was last kept; for sidebar
 * executions, which may write the user's properties (a custom function may not). True when it changed.
 */
export function keepMoneyDurably(record: MoneyRecord): boolean {
  const store = propertyStore("user");
  if (!store) return false;
  const cache = userCache();
  try {
    if (cache.get(KEPT_CACHE_KEY) === recordMark(record)) return false;
    const stored = durable();
    const keep = stored && stored.key === record.key ? (furthest(stored, record) as MoneyRecord) : record;
    if (JSON.stringify(keep) !== JSON.stringify(stored)) store.put(MONEY_PROPERTY, JSON.stringify(keep));
    cache.put(KEPT_CACHE_KEY, recordMark(record), CACHE_SECONDS);
  } catch {
    // A full user store: the cache still holds the record for six hours, and the next read tries again.
  }
  return true;
}
