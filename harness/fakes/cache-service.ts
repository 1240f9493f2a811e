// CacheService: script, user and document caches with Apps Script's key, value, expiry and item limits.
import { GAS } from "../errors.ts";
import type { Execution } from "../execution.ts";

export const CACHE_KEY_MAX_CHARS = 250;
export const CACHE_VALUE_MAX_BYTES = 100 * 1024;
export const CACHE_MAX_ITEMS = 1000;
export const CACHE_DEFAULT_TTL_S = 600;
export const CACHE_MAX_TTL_S = 21_600;

interface Item {
  value: string;
  expiresAt: number;
}

export class CacheStore {
  // Insertion order is creation order: a re-put deletes and re-inserts, so eviction is first-in-first-out.
  readonly #items = new Map<string, Item>();
  hits = 0;
  misses = 0;
  puts = 0;
  evictions = 0;

  get(key: string, now: number): string | null {
    const item = this.#items.get(key);
    if (item && item.expiresAt > now) {
      this.hits++;
      return item.value;
    }
    if (item) this.#items.delete(key);
    this.misses++;
    return null;
  }

  /** Stores entries already validated; evicts expired items first, then the oldest, to stay at 1,000. */
  put(entries: Array<[string, string]>, ttlSeconds: number, now: number): void {
    for (const [key, value] of entries) {
      this.#items.delete(key);
      this.#items.set(key, { value, expiresAt: now + ttlSeconds * 1000 });
      this.puts++;
      if (this.#items.size > CACHE_MAX_ITEMS) this.#evict(now);
    }
  }

  remove(key: string): void {
    this.#items.delete(key);
  }

  snapshot(now: number): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, item] of this.#items) if (item.expiresAt > now) out[key] = item.value;
    return out;
  }

  size(now: number): number {
    return Object.keys(this.snapshot(now)).length;
  }

  #evict(now: number): void {
    for (const [key, item] of this.#items) if (item.expiresAt <= now) this.#items.delete(key);
    while (this.#items.size > CACHE_MAX_ITEMS) {
      const oldest = this.#items.keys().next().value as string;
      this.#items.delete(oldest);
      this.evictions++;
    }
  }
}

export class CacheStores {
  readonly script = new CacheStore();
  readonly #users = new Map<string, CacheStore>();
  readonly #documents = new Map<string, CacheStore>();

  user(email: string): CacheStore {
    return getOrCreate(this.#users, email);
  }

  document(id: string): CacheStore {
    return getOrCreate(this.#documents, id);
  }
}

function getOrCreate(map: Map<string, CacheStore>, key: string): CacheStore {
  let store = map.get(key);
  if (!store) {
    store = new CacheStore();
    map.set(key, store);
  }
  return store;
}

export function createCacheService(exec: Execution, stores: CacheStores) {
  const checkKey = (key: unknown): string => {
    const text = String(key);
    if (text.length > CACHE_KEY_MAX_CHARS) exec.fail(GAS.cacheKeyTooLarge);
    return text;
  };
  const checkValue = (value: unknown): string => {
    const text = String(value);
    if (Buffer.byteLength(text, "utf8") > CACHE_VALUE_MAX_BYTES) exec.fail(GAS.cacheValueTooLarge);
    return text;
  };
  const checkTtl = (ttl: unknown): number => {
    if (ttl === undefined) return CACHE_DEFAULT_TTL_S;
    const seconds = Number(ttl);
    if (!Number.isFinite(seconds) || seconds < 1 || seconds > CACHE_MAX_TTL_S) exec.fail(GAS.cacheExpiration);
    return seconds;
  };
  const wrap = (store: CacheStore) => ({
    get(key: unknown) {
      exec.call("Cache.get");
      return store.get(checkKey(key), exec.cursor);
    },
    getAll(keys: unknown) {
      exec.call("Cache.getAll");
      if (!Array.isArray(keys)) exec.fail(GAS.invalidArgument("keys"));
      const out: Record<string, string> = {};
      for (const key of keys as unknown[]) {
        const text = checkKey(key);
        const value = store.get(text, exec.cursor);
        if (value !== null) out[text] = value;
      }
      return exec.realm.of(out);
    },
    put(key: unknown, value: unknown, expirationInSeconds?: unknown) {
      exec.call("Cache.put");
      store.put([[checkKey(key), checkValue(value)]], checkTtl(expirationInSeconds), exec.cursor);
    },
    putAll(values: unknown, expirationInSeconds?: unknown) {
      exec.call("Cache.putAll");
      if (!values || typeof values !== "object" || Array.isArray(values))
        exec.fail(GAS.invalidArgument("values"));
      const ttl = checkTtl(expirationInSeconds);
      const entries = Object.entries(values as object).map(([k, v]): [string, string] => [
        checkKey(k),
        checkValue(v),
      ]);
      store.put(entries, ttl, exec.cursor);
    },
    remove(key: unknown) {
      exec.call("Cache.remove");
      store.remove(checkKey(key));
    },
    removeAll(keys: unknown) {
      exec.call("Cache.removeAll");
      if (!Array.isArray(keys)) exec.fail(GAS.invalidArgument("keys"));
      for (const key of keys as unknown[]) store.remove(checkKey(key));
    },
  });
  return {
    getScriptCache() {
      exec.call("CacheService.getScriptCache");
      return wrap(stores.script);
    },
    getUserCache() {
      exec.call("CacheService.getUserCache");
      return wrap(stores.user(exec.init.storeUser));
    },
    getDocumentCache() {
      exec.call("CacheService.getDocumentCache");
      // Null without a containing document: https://developers.google.com/apps-script/reference/cache/cache-service
      const id = exec.init.documentId;
      return id === null ? null : wrap(stores.document(id));
    },
  };
}
