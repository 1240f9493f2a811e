// The platform's storage limits, the room reserved in the document's properties for journals and spend
// records, and what each key holds (for Settings ▸ Storage).
import { utf8ByteLength } from "../text/utf8";

/** Apps Script's property store: 500 KB a store (keys and values, UTF-8), 9 KB a value. */
export const PROPERTY_STORE_BYTES = 500 * 1024;
export const PROPERTY_VALUE_BYTES = 9 * 1024;
/** CacheService: 100 KB a value, 6 hours at most, about 1,000 items. */
export const CACHE_VALUE_BYTES = 100 * 1024;
export const CACHE_MAX_SECONDS = 21_600;
export const CACHE_ITEMS = 1_000;

/**
 * Room in the document's properties that caches never take: the paid-intent journal (at most one 9 KB
 * value), the formula spend record and the settings, with room to spare for the jobs' journals. A cache
 * write that would leave less than this free is not made; the records that must exist before paying are.
 */
export const RESERVED_FOR_RECORDS_BYTES = 32 * 1024;

export type StorageKind = "cachedResults" | "journals" | "jobs" | "rules" | "settings" | "sidebar" | "other";

export const STORAGE_LABELS: Record<StorageKind, string> = {
  cachedResults: "Cached formula results",
  journals: "Paid-request journals and spend records",
  jobs: "Background jobs",
  rules: "Refresh rules",
  settings: "Settings",
  sidebar: "Signal feeds and digests",
  other: "Other data",
};

/** Which kind of record a property key holds, by the prefixes the add-on writes. */
export function storageKind(key: string): StorageKind {
  if (key.startsWith("dc:")) return "cachedResults";
  // "paid:" covers the intent journal, settlements deferred past a busy lock, log rows waiting for one and
  // the formulas' request intents ("paid:orgs:", "paid:lookups:").
  if (key.startsWith("paid:") || key === "FORMULA_SPEND" || key === "urlfetch_day") return "journals";
  if (key.startsWith("job:") || key.startsWith("JOBS_TRIGGER:")) return "jobs";
  if (key.startsWith("rule:")) return "rules";
  if (key.startsWith("sidebar.")) return "sidebar";
  if (/^[A-Z_]+$/.test(key) || key.startsWith("credits")) return "settings";
  return "other";
}

export interface StoragePart {
  kind: StorageKind;
  label: string;
  bytes: number;
  /** Properties of this kind. */
  values: number;
}

export interface StoreUsage {
  limitBytes: number;
  usedBytes: number;
  /** Room caches may not take (0 for stores the add-on keeps no cache in). */
  reservedBytes: number;
  /** What the store holds, largest first. */
  parts: StoragePart[];
}

export function entryBytes(key: string, value: string): number {
  return utf8ByteLength(key) + utf8ByteLength(value);
}

/** What a property store holds, by kind. */
export function propertyUsage(all: Record<string, string>, reservedBytes = 0): StoreUsage {
  const parts = new Map<StorageKind, StoragePart>();
  let used = 0;
  for (const [key, value] of Object.entries(all)) {
    const bytes = entryBytes(key, value);
    used += bytes;
    const kind = storageKind(key);
    const part = parts.get(kind) ?? { kind, label: STORAGE_LABELS[kind], bytes: 0, values: 0 };
    part.bytes += bytes;
    part.values++;
    parts.set(kind, part);
  }
  return {
    limitBytes: PROPERTY_STORE_BYTES,
    usedBytes: used,
    reservedBytes,
    parts: [...parts.values()].sort((a, b) => b.bytes - a.bytes),
  };
}

/**
 * Whether a cache's write of `changes` into a property store now holding `all` leaves the reserved room
 * free. Replaced values count only by what they add.
 */
export function cacheWriteFits(
  all: Record<string, string>,
  changes: Record<string, string>,
  reservedBytes = RESERVED_FOR_RECORDS_BYTES,
): boolean {
  let used = 0;
  for (const [key, value] of Object.entries(all)) used += entryBytes(key, value);
  for (const [key, value] of Object.entries(changes)) {
    used += entryBytes(key, value) - (key in all ? entryBytes(key, all[key] as string) : 0);
  }
  return used <= PROPERTY_STORE_BYTES - reservedBytes;
}
