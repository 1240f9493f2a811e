// Wires the platform adapters into the pure modules for one execution: the configured client, the
// result cache, the spend guard. Every server entry point gets its services from here.
import { EnrichmentClient } from "../api/client";
import { missingApiKey, missingBaseUrl } from "../api/errors";
import { sleepFor } from "../api/retry/clock";
import { ResultCache, type ResultCacheOptions } from "../core/caches/result-cache";
import { type EntityCache, TieredCache } from "../core/caches/tiered-cache";
import {
  CACHE_LIFETIME_MAX,
  type FormulaSettings,
  PROPERTY,
  readFormulaSettings,
  resolveApiKey,
  resolveBaseUrl,
} from "../core/settings";
import { FetchAllowance } from "../core/spending/fetch-allowance";
import { FormulaIntents } from "../core/spending/formula-intents";
import { foldPaid, foldPossibly } from "../core/spending/money-record";
import { type Mutex, tryExclusive } from "../core/spending/mutex";
import { PaidIntents } from "../core/spending/paid-intents";
import { SpendGuard, type StringStore } from "../core/spending/spend-guard";
import { Throttle } from "../core/spending/throttle";
import { fnv1a32 } from "../core/text/hash";
import { LOST_SCOPE } from "../functions/org-cached";
import { documentCache, userCache } from "../platform/cache";
import { appsScriptClock } from "../platform/clock";
import { type DocumentSnapshot, documentSnapshot, scriptSnapshot } from "../platform/document-snapshot";
import { documentPropertiesCache } from "../platform/durable-cache";
import { documentMutex, userMutex } from "../platform/lock";
import { readMoney, updateMoney } from "../platform/money-store";
import { type PropertyStore, propertyStore, readOnce } from "../platform/properties";
import { formatDay, formatTime, today } from "../platform/spreadsheet-time";
import { urlFetchTransport } from "../platform/url-fetch";

/** How long a send waits for the user lock to book it (as the daily fetch count waits on its own). */
const BOOKKEEPING_LOCK_MS = 2_000;

export interface ClientBudget {
  /** Milliseconds from now after which nothing more is sent. */
  budgetMs: number;
  /** A key to use instead of the stored one (to check a key before it is saved). */
  apiKey?: string;
  /**
   * The caller keeps its own durable record of what it sends (jobs keep it in the job), so the sidebar
   * call's intent journal stays out of it and nothing is logged twice.
   */
  keepsOwnRecord?: boolean;
  /** A formula's client: its charges count as formulas' in the money record. */
  byFormula?: boolean;
  /** Sends already counted against the day's UrlFetch allowance (used up by the sends it covers). */
  booked?: { calls: number };
  /**
   * Called just before each send (each fetchAll, retries included), after the throttle's wait: a job
   * throws here to send nothing once its Stop is recorded (see run-bulk.ts).
   */
  beforeEachSend?: () => void;
}

// The intent journal of the sidebar call running in this execution (set by sidebarCall), or null. It is
// asked for on the first paid request, so calls that spend nothing read nothing more.
let sidebarIntents: (() => PaidIntents | null) | null = null;

/** Runs `body` with every paid request of its clients recorded in `intents()` before it goes out. */
export function withPaidIntents<T>(intents: () => PaidIntents | null, body: () => T): T {
  const previous = sidebarIntents;
  sidebarIntents = intents;
  try {
    return body();
  } finally {
    sidebarIntents = previous;
  }
}

/** The document's journal of paid requests sent and not yet settled, or null outside a document. */
export function paidIntents(): PaidIntents | null {
  const store = propertyStore("document");
  return store ? new PaidIntents({ store, mutex: documentMutex(), clock: appsScriptClock }) : null;
}

/** The latest balance any paid response reported (or the sidebar read), and when. */
export interface LastCredits {
  creditsRemaining: number;
  /** ISO time of the response. */
  at: string;
}

/** Identifies a key without storing anything that could be used as the key. */
export function keyFingerprint(key: string): string {
  return fnv1a32(key).toString(36);
}

/** The v9 client for this execution, throttled with every other execution of the same user and key. */
export function makeClient({
  budgetMs,
  apiKey,
  keepsOwnRecord,
  byFormula,
  booked,
  beforeEachSend,
}: ClientBudget): EnrichmentClient {
  // The address, the team key and the fetch limit in one read of the script properties.
  const script = readOnce(propertyStore("script")!);
  const baseUrl = resolveBaseUrl(script);
  if (!baseUrl) throw missingBaseUrl();
  const key = apiKey ? { key: apiKey } : resolveApiKey(propertyStore("user"), script);
  if (!key) throw missingApiKey();
  const clock = appsScriptClock;
  const deadline = clock.now() + budgetMs;
  const throttle = new Throttle({
    store: userCache(),
    mutex: userMutex(),
    clock,
    key: `throttle:${keyFingerprint(key.key)}`,
  });
  // Made once per client: its limit is a script property, not worth reading again for every send.
  const allowance = fetchAllowance(script);
  const journal = keepsOwnRecord ? null : sidebarIntents;
  return new EnrichmentClient({
    ...(journal
      ? {
          intents: {
            // "" (no journal outside a document) records nothing, and nothing is settled for it.
            open: (what, most) => journal()?.open(what, most) ?? "",
            settle: (id) => journal()?.settle(id),
          },
        }
      : {}),
    baseUrl,
    apiKey: key.key,
    transport: urlFetchTransport,
    clock,
    deadline,
    beforeSend: (count) => {
      // Counted before the throttle's wait: calls the allowance refuses are not sent at all. Both keep
      // their books under the user lock: taken once for the two (each takes it on its own, and falls back
      // as it always does, when it is busy), and the wait for the slot comes after it is released.
      const ahead = Math.min(count, booked?.calls ?? 0);
      if (booked) booked.calls -= ahead;
      const take = () => {
        if (count > ahead) allowance.take(count - ahead);
      };
      const slot = tryExclusive(
        userMutex(),
        () => {
          take();
          return throttle.reserve(count, { deadline });
        },
        BOOKKEEPING_LOCK_MS,
      );
      if (!slot.acquired) {
        take();
        throttle.acquire(count, { deadline });
      } else sleepFor(clock, slot.value - clock.now());
      beforeEachSend?.();
    },
    // Every paid answer of every execution goes into the one money record (see money-store.ts).
    onCredits: (info) => {
      const at = new Date(clock.now());
      const answer = {
        key: keyFingerprint(key.key),
        creditsUsed: info.creditsUsed,
        creditsRemaining: info.creditsRemaining,
        at: at.toISOString(),
        byFormula: byFormula === true,
      };
      const day = formatDay(at);
      updateMoney((record) => foldPaid(record, answer, day));
    },
  });
}

/**
 * Credits the Enrichment log has just recorded as possibly charged (an answer lost after its request went
 * out; negative for a settled row), folded into the one money record apart from what answers charged, so
 * the chip and Settings never fall short of the ledger. Never throws: the log row is the record that counts.
 */
export function notePossiblyCharged(credits: number, at: Date = new Date(appsScriptClock.now())): void {
  if (credits === 0) return;
  try {
    const key = resolveApiKey(propertyStore("user"), propertyStore("script")!);
    if (!key) return;
    const loss = { key: keyFingerprint(key.key), credits, at: at.toISOString() };
    const day = formatDay(at);
    updateMoney((record) => foldPossibly(record, loss, day));
  } catch {
    // No key or store to read here: the log still says it, and the next read of the balance shows it.
  }
}

/** This user's UrlFetch calls today against Apps Script's daily allowance (URLFETCH_DAILY_LIMIT overrides it). */
export function fetchAllowance(script: StringStore | null = propertyStore("script")): FetchAllowance {
  const limit = Number(script?.get(PROPERTY.urlFetchDailyLimit) ?? "");
  return new FetchAllowance({
    store: propertyStore("user")!,
    mutex: userMutex(),
    clock: appsScriptClock,
    ...(Number.isInteger(limit) && limit > 0 ? { limit } : {}),
    formatTime,
  });
}

/** The latest balance the money record holds for this user's key in effect, and when it was known. */
export function lastCredits(): LastCredits | null {
  const key = resolveApiKey(propertyStore("user"), propertyStore("script")!);
  const record = readMoney();
  if (!key || !record || record.key !== keyFingerprint(key.key) || record.remaining === null) return null;
  return { creditsRemaining: record.remaining, at: record.at ?? new Date().toISOString() };
}

/** Where the formula settings and the day's formula spend live: the document's properties. */
export function formulaStore(): PropertyStore {
  return propertyStore("document") ?? propertyStore("script")!;
}

const SETTINGS_CACHE_KEY = "formula-settings";
/** Apps Script's longest cache lifetime, 6 hours. */
const SETTINGS_CACHE_SECONDS = 21_600;
/** What the cache holds for "no settings saved" (a cache miss is null, so it needs a value of its own). */
const NO_SETTINGS = "-";

/**
 * Every formula cell reads the formula settings: kept in the document cache, so a column of 5,000 cells
 * reads the properties once rather than 5,000 times (50,000 reads and writes a day on a consumer account).
 * The properties stay the truth: saving settings updates both (rememberFormulaSettings); a miss reads them.
 */
export function cachedSettings(store: PropertyStore): StringStore {
  return {
    get: (key) => {
      if (key !== PROPERTY.formulaSettings) return store.get(key);
      const cache = documentCache();
      const cached = cache.get(SETTINGS_CACHE_KEY);
      if (cached !== null) return cached === NO_SETTINGS ? null : cached;
      const text = store.get(key);
      cache.put(SETTINGS_CACHE_KEY, text ?? NO_SETTINGS, SETTINGS_CACHE_SECONDS);
      return text;
    },
    put: (key, value) => store.put(key, value),
  };
}

/** The formula settings just saved, for the next formula to read from the cache. */
export function rememberFormulaSettings(text: string): void {
  const cache = documentCache();
  // Removed first: should the put fail, formulas read the saved settings, never the old ones (a kill switch).
  cache.remove(SETTINGS_CACHE_KEY);
  cache.put(SETTINGS_CACHE_KEY, text, SETTINGS_CACHE_SECONDS);
}

/** The formula settings as formulas read them (cache first). */
export function formulaSettings(): FormulaSettings {
  return readFormulaSettings(cachedSettings(formulaStore()));
}

/** How a cache's writes wait for the lock: its least wait, and until when (the execution's budget). */
export type LockWait = Pick<ResultCacheOptions, "lockTimeoutMs" | "writeDeadline">;

export function resultCache(
  settings: FormulaSettings = formulaSettings(),
  mutex: Mutex = documentMutex(),
  wait: LockWait = {},
): ResultCache {
  return new ResultCache({
    cache: documentCache(),
    mutex,
    clock: appsScriptClock,
    lifetimeSeconds: settings.cacheLifetimeSeconds,
    stampAll: true,
    transientScopes: [LOST_SCOPE],
    ...wait,
  });
}

/**
 * The durable level's room in the document's 500 KB of properties: 32 values of at most 8,000 bytes
 * (256 KB). Written compact and packed (compact-bucket.ts, packed-text.ts), an organization with ten
 * attributes takes about 73 bytes (133 unpacked): 2,000 take about 146 KB, some 3,500 fit
 * (test/unit/core/compact-bucket.test.ts); background jobs and settings keep the rest.
 */
export const DURABLE_BUCKETS = 32;
/** The durable level's keys: "dc:g" (its generation) and "dc:b0" … "dc:b31" (its values). */
export const DURABLE_PREFIX = "dc";
export const DURABLE_BUCKET_BYTES = 8_000;

/** The durable level of the formulas' cache, in document properties; null outside a spreadsheet. */
export function durableResultCache(
  settings: FormulaSettings = formulaSettings(),
  mutex: Mutex = documentMutex(),
  wait: LockWait = {},
  snapshot: DocumentSnapshot | null = documentSnapshot(),
): ResultCache | null {
  const store = documentPropertiesCache(snapshot);
  if (!store) return null;
  return new ResultCache({
    cache: store,
    mutex,
    clock: appsScriptClock,
    lifetimeSeconds: settings.cacheLifetimeSeconds,
    maxLifetimeSeconds: CACHE_LIFETIME_MAX,
    buckets: DURABLE_BUCKETS,
    maxBucketBytes: DURABLE_BUCKET_BYTES,
    keyPrefix: DURABLE_PREFIX,
    compact: true,
    // Intents an earlier version kept here (LOST_SCOPE) go first from a full bucket, never a paid answer.
    transientScopes: [LOST_SCOPE],
    ...wait,
  });
}

/**
 * The formulas' cache: the 6-hour CacheService level, backed by the durable level (also returned, for
 * reading how old its entries are), with the settings it was made from. `writeDeadline`: until when a
 * write of paid answers waits for the lock (the execution's budget; see ResultCache.put).
 */
export function formulaCacheLevels(
  settings: FormulaSettings = formulaSettings(),
  mutex: Mutex = documentMutex(),
  writeDeadline?: number,
  snapshot: DocumentSnapshot | null = documentSnapshot(),
): { cache: EntityCache; durable: ResultCache | null; settings: FormulaSettings } {
  const wait: LockWait = writeDeadline === undefined ? {} : { writeDeadline };
  const near = resultCache(settings, mutex, wait);
  const durable = durableResultCache(settings, mutex, wait, snapshot);
  // Refills do not wait for the lock (see TieredCache): they copy answers the durable level keeps.
  const cache = durable
    ? new TieredCache(near, durable, resultCache(settings, mutex, { lockTimeoutMs: 0 }))
    : near;
  return { cache, durable, settings };
}

/** The 6-hour cache as a string store: what waits there is kept for as long as it can be. */
function cacheStrings(cache: ReturnType<typeof documentCache>): StringStore {
  return { get: (key) => cache.get(key), put: (key, value) => cache.put(key, value, 21_600) };
}

export function spendGuard(
  store: PropertyStore = formulaStore(),
  settings: FormulaSettings = readFormulaSettings(store),
  mutex: Mutex = documentMutex(),
): SpendGuard {
  return new SpendGuard({
    settings: { killSwitch: settings.killSwitch, dailyCap: settings.dailyCap },
    store,
    today,
    mutex,
    key: PROPERTY.formulaSpend,
    deferred: cacheStrings(documentCache()),
  });
}

/**
 * The formulas' request intents over `snapshot` (the document's properties as this environment last read
 * them; the script's outside a spreadsheet). Keys of one execution differ from another's by a few random
 * characters after the sending time.
 */
export function formulaIntents(snapshot: DocumentSnapshot | null = documentSnapshot()): FormulaIntents {
  return new FormulaIntents(snapshot ?? scriptSnapshot(), () =>
    Math.random().toString(36).slice(2, 6).padEnd(4, "0"),
  );
}
