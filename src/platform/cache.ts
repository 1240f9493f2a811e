// Adapter over CacheService: the document's cache (shared by its users), or the script's outside a document.
import type { KeyValueCache } from "../core/caches/result-cache";
import type { SharedStore } from "../core/spending/throttle";
import { documentCacheObject, scriptCacheObject, userCacheObject } from "./service-objects";

export type AppsCache = KeyValueCache & SharedStore & { remove(key: string): void };

function wrap(cache: GoogleAppsScript.Cache.Cache): AppsCache {
  return {
    get: (key) => cache.get(key),
    put: (key, value, ttlSeconds) => cache.put(key, value, ttlSeconds),
    getAll: (keys) => (keys.length ? cache.getAll(keys) : {}),
    putAll: (values, ttlSeconds) => cache.putAll(values, ttlSeconds),
    remove: (key) => cache.remove(key),
  };
}

/** Results are cached per spreadsheet: every formula of the document reads the same entries. */
export function documentCache(): AppsCache {
  return wrap(documentCacheObject() ?? scriptCacheObject());
}

/** Per-user state such as the request throttle (the rate limit is per user). */
export function userCache(): AppsCache {
  return wrap(userCacheObject());
}

/** The script's cache: the one every execution reaches, a published add-on's trigger (no document) included. */
export function scriptCache(): AppsCache {
  return wrap(scriptCacheObject());
}
