// Where the add-on's configuration lives in properties, and how it is read and checked.
import type { StringStore } from "./spending/spend-guard";

/** Property names. API_BASE_URL and the team API_KEY are script properties an admin sets in the editor. */
export const PROPERTY = {
  baseUrl: "API_BASE_URL",
  apiKey: "API_KEY",
  /** Document properties: formula settings apply to the spreadsheet whose formulas spend. */
  formulaSettings: "FORMULA_SETTINGS",
  formulaSpend: "FORMULA_SPEND",
  /** Script property: the UrlFetch calls a day Apps Script allows this deployment's users (100000 on Workspace). */
  urlFetchDailyLimit: "URLFETCH_DAILY_LIMIT",
} as const;

export interface FormulaSettings {
  killSwitch: boolean;
  dailyCap: number | null;
  /**
   * How long formula results are kept, 60 seconds to 90 days: in CacheService for at most 6 hours (its
   * limit), and in the durable level in document properties for all of it.
   */
  cacheLifetimeSeconds: number;
  /**
   * Answers bought at or before this time (ms) are not taken from the purchase record by formulas: "Clear cached
   * results" sets it to now, the person's word that formulas buy fresh values. 0: every answer in the window.
   */
  recordFrom: number;
}

/** What the person chooses in Settings: everything but when cached results were last cleared. */
export type FormulaChoice = Omit<FormulaSettings, "recordFrom">;

export const DEFAULT_FORMULA_SETTINGS: FormulaSettings = {
  killSwitch: false,
  dailyCap: null,
  cacheLifetimeSeconds: 30 * 86_400,
  recordFrom: 0,
};

export const CACHE_LIFETIME_MIN = 60;
export const CACHE_LIFETIME_MAX = 90 * 86_400;

/** Checks settings coming from the sidebar; the message says which value is wrong. */
export function validateFormulaSettings(input: unknown): FormulaSettings {
  if (!input || typeof input !== "object") throw new Error("Formula settings must be an object.");
  const { killSwitch, dailyCap, cacheLifetimeSeconds, recordFrom = 0 } = input as Record<string, unknown>;
  if (typeof killSwitch !== "boolean") throw new Error("The kill switch must be on or off.");
  if (
    dailyCap !== null &&
    (typeof dailyCap !== "number" || !Number.isSafeInteger(dailyCap) || dailyCap < 0)
  ) {
    throw new Error("The daily cap must be a whole number of credits (0 or more), or empty for no cap.");
  }
  if (
    typeof cacheLifetimeSeconds !== "number" ||
    !Number.isSafeInteger(cacheLifetimeSeconds) ||
    cacheLifetimeSeconds < CACHE_LIFETIME_MIN ||
    cacheLifetimeSeconds > CACHE_LIFETIME_MAX
  ) {
    throw new Error(
      `The cache lifetime must be between ${CACHE_LIFETIME_MIN} seconds and ${CACHE_LIFETIME_MAX.toLocaleString("en-US")} seconds (90 days).`,
    );
  }
  // Set by Clear cached results, never typed: a stored value that is not a time counts as none.
  const from =
    typeof recordFrom === "number" && Number.isSafeInteger(recordFrom) && recordFrom > 0 ? recordFrom : 0;
  return { killSwitch, dailyCap: dailyCap as number | null, cacheLifetimeSeconds, recordFrom: from };
}

/** Stored settings, with defaults for anything missing or unreadable (a hand-edited property). */
export function readFormulaSettings(store: StringStore | null): FormulaSettings {
  const text = store?.get(PROPERTY.formulaSettings);
  if (!text) return { ...DEFAULT_FORMULA_SETTINGS };
  try {
    return validateFormulaSettings({ ...DEFAULT_FORMULA_SETTINGS, ...JSON.parse(text) });
  } catch {
    return { ...DEFAULT_FORMULA_SETTINGS };
  }
}

export type KeySource = "user" | "script";

/** The user's own key wins; the script's team key is the fallback. */
export function resolveApiKey(
  user: StringStore | null,
  script: StringStore,
): { key: string; source: KeySource } | null {
  const own = user?.get(PROPERTY.apiKey)?.trim();
  if (own) return { key: own, source: "user" };
  const team = script.get(PROPERTY.apiKey)?.trim();
  return team ? { key: team, source: "script" } : null;
}

/** The base address without a trailing slash or `/v9`; null when unset or not an http(s) address. */
export function resolveBaseUrl(script: StringStore): string | null {
  const raw = script.get(PROPERTY.baseUrl)?.trim();
  if (!raw || !/^https?:\/\/[^\s/]+/i.test(raw)) return null;
  return raw.replace(/\/+$/, "").replace(/\/v9$/i, "");
}

/** Keys shorter than this show nothing of themselves, not even their length. */
export const MASK_MIN_LENGTH = 12;

/**
 * "…a1b2": the last 4 characters, enough to tell two keys apart, never enough to use or guess one.
 * The first characters are left out (they are often a shared prefix such as "sk_live_", or a name).
 */
export function maskKey(key: string): string {
  if (key.length < MASK_MIN_LENGTH) return "••••••••";
  return `…${key.slice(-4)}`;
}
