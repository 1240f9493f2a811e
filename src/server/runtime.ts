// Wires the platform adapters into the pure modules for one execution: the configured client, the
// result cache, the spend guard. Every server entry point gets its services from here.
import { EnrichmentClient } from "../api/client";
import { missingApiKey, missingBaseUrl } from "../api/errors";
import { fnv1a32 } from "../core/hash";
import { ResultCache } from "../core/result-cache";
import {
  type FormulaSettings,
  PROPERTY,
  readFormulaSettings,
  resolveApiKey,
  resolveBaseUrl,
} from "../core/settings";
import { SpendGuard } from "../core/spend-guard";
import { Throttle } from "../core/throttle";
import type { FormulaEnv } from "../functions/formula-env";
import { documentCache, userCache } from "../platform/cache";
import { appsScriptClock } from "../platform/clock";
import { documentMutex, userMutex } from "../platform/lock";
import { type PropertyStore, propertyStore } from "../platform/properties";
import { formatDay, today } from "../platform/spreadsheet-time";
import { urlFetchTransport } from "../platform/url-fetch";

const LAST_CREDITS_KEY = "credits:last";

export interface ClientBudget {
  /** Milliseconds from now after which nothing more is sent. */
  budgetMs: number;
  /** A key to use instead of the stored one (to check a key before it is saved). */
  apiKey?: string;
}

/** The latest balance any paid response reported, and when. */
export interface LastCredits {
  endpoint: string;
  creditsRemaining: number;
  /** ISO time of the response. */
  at: string;
}

/** The v9 client for this execution, throttled with every other execution of the same user and key. */
export function makeClient({ budgetMs, apiKey }: ClientBudget): EnrichmentClient {
  const script = propertyStore("script")!;
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
    key: `throttle:${fnv1a32(key.key).toString(36)}`,
  });
  return new EnrichmentClient({
    baseUrl,
    apiKey: key.key,
    transport: urlFetchTransport,
    clock,
    deadline,
    beforeSend: (count) => throttle.acquire(count, { deadline }),
    onCredits: (info) => {
      const last: LastCredits = {
        endpoint: info.endpoint,
        creditsRemaining: info.creditsRemaining,
        at: new Date(clock.now()).toISOString(),
      };
      userCache().put(LAST_CREDITS_KEY, JSON.stringify(last), 21_600);
    },
  });
}

/** Credits remaining as of the latest paid response of this user, if the cache still has it. */
export function lastCredits(): LastCredits | null {
  const text = userCache().get(LAST_CREDITS_KEY);
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Where the formula settings and the day's formula spend live: the document's properties. */
function formulaStore(): PropertyStore {
  return propertyStore("document") ?? propertyStore("script")!;
}

export function resultCache(settings: FormulaSettings = readFormulaSettings(formulaStore())): ResultCache {
  return new ResultCache({
    cache: documentCache(),
    mutex: documentMutex(),
    clock: appsScriptClock,
    lifetimeSeconds: settings.cacheLifetimeSeconds,
  });
}

export function spendGuard(
  store: PropertyStore = formulaStore(),
  settings: FormulaSettings = readFormulaSettings(store),
): SpendGuard {
  return new SpendGuard({
    settings: { killSwitch: settings.killSwitch, dailyCap: settings.dailyCap },
    store,
    today,
    mutex: documentMutex(),
    key: PROPERTY.formulaSpend,
  });
}

/** A custom function has 30 seconds; 25 leaves room to answer with a readable "try again". */
export const FORMULA_BUDGET_MS = 25_000;

export function formulaEnv(): FormulaEnv {
  let client: EnrichmentClient | null = null;
  let guard: SpendGuard | null = null;
  // One read of the settings serves both the cache lifetime and the guard (properties reads are metered).
  const store = formulaStore();
  const settings = readFormulaSettings(store);
  return {
    cache: resultCache(settings),
    client: () => (client ??= makeClient({ budgetMs: FORMULA_BUDGET_MS })),
    guard: () => (guard ??= spendGuard(store, settings)),
    formatDay,
  };
}
