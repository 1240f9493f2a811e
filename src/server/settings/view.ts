// The Settings screen's view of the configuration, and the formula settings it saves.
import { missingBaseUrl } from "../../api/errors";
import {
  type FormulaSettings,
  PROPERTY,
  readFormulaSettings,
  resolveBaseUrl,
  validateFormulaSettings,
} from "../../core/settings";
import { FETCH_WINDOW_MS, WARN_SHARE } from "../../core/spending/fetch-allowance";
import {
  clearFormulaIntents,
  countUnanswered,
  type UnansweredRequests,
} from "../../core/spending/formula-intents";
import { appsScriptClock } from "../../platform/clock";
import { documentSnapshot } from "../../platform/document-snapshot";
import { documentPropertiesCache } from "../../platform/durable-cache";
import { propertyStore } from "../../platform/properties";
import { formatMoment, zoneName } from "../../platform/spreadsheet-time";
import {
  DURABLE_PREFIX,
  durableResultCache,
  fetchAllowance,
  rememberFormulaSettings,
  resultCache,
  spendGuard,
} from "../runtime";
import { appendKeptLog, currentCredits } from "../sidebar/credits";
import type { CreditsView } from "../sidebar/credits-record";
import { countKeptAnswers, type KeptAnswers, keptAnswersAndCost } from "./kept-answers";
import { type KeyView, keyView } from "./key";

export interface BaseUrlView {
  /** The address in use, or null when the script property is missing or not an http(s) address. */
  value: string | null;
  source: "script property";
  property: typeof PROPERTY.baseUrl;
  /** What to do when `value` is null. */
  problem: string | null;
}

export interface SettingsView {
  baseUrl: BaseUrlView;
  key: KeyView | null;
  credits: CreditsView | null;
  formula: FormulaSettings;
  /** Credits formulas in this spreadsheet spent today (what the daily cap counts). */
  spentToday: number;
  /** The spreadsheet's time zone as a place ("Los Angeles"): the day "today" counts in. */
  zone: string;
  /** This user's UrlFetch calls in the current 24 hours against Apps Script's daily allowance. */
  fetches: FetchesView;
  /** Formula answers kept for this spreadsheet now, both levels together, in the unit Check this sheet uses. */
  kept: KeptAnswers;
  /** About what fetching the kept answers again would cost (what clearing them puts at stake). */
  keptRebuyCredits: number;
  /** Formula requests sent without an answer coming back: what they hold back is not asked again by itself. */
  unanswered: UnansweredRequests;
}

export interface FetchesView {
  used: number;
  limit: number;
  /** ISO time the count starts again; null before any call. */
  resetsAt: string | null;
  /** Since when the count runs, as the sidebar says it ("2026-11-28 20:17 (Los Angeles)"); null before any call. */
  sinceText: string | null;
  /** True from 80% of the allowance: the sidebar warns before formulas stop fetching. */
  warn: boolean;
}

function fetchesView(): FetchesView {
  const status = fetchAllowance().status();
  return {
    used: status.used,
    limit: status.limit,
    resetsAt: status.resetsAt === null ? null : new Date(status.resetsAt).toISOString(),
    sinceText: status.resetsAt === null ? null : formatMoment(status.resetsAt - FETCH_WINDOW_MS),
    warn: status.used >= status.limit * WARN_SHARE,
  };
}

export const NO_SPREADSHEET_MESSAGE =
  "Formula settings belong to a spreadsheet. Open the sidebar from the spreadsheet whose formulas they are for.";

function baseUrlView(): BaseUrlView {
  const value = resolveBaseUrl(propertyStore("script")!);
  return {
    value,
    source: "script property",
    property: PROPERTY.baseUrl,
    problem: value ? null : missingBaseUrl().message,
  };
}

export function getSettings(): SettingsView {
  // The sidebar opens: formulas' paid batches since it was last open go on the Enrichment log first.
  appendKeptLog();
  const { kept, rebuyCredits } = keptAnswersAndCost();
  return {
    baseUrl: baseUrlView(),
    key: keyView(),
    credits: currentCredits(),
    formula: readFormulaSettings(propertyStore("document")),
    spentToday: spendGuard().spentToday(),
    zone: zoneName(),
    fetches: fetchesView(),
    kept,
    keptRebuyCredits: rebuyCredits,
    unanswered: countUnanswered(propertyStore("document")?.all() ?? {}),
  };
}

/** Stored in the document's properties: the spreadsheet whose formulas spend is the one they govern. */
export function saveFormulaSettings(input: unknown): FormulaSettings {
  const chosen = validateFormulaSettings(input);
  const document = propertyStore("document");
  if (!document) throw new Error(NO_SPREADSHEET_MESSAGE);
  // When the cached results were last cleared is not the form's: it stays as stored.
  const settings = { ...chosen, recordFrom: readFormulaSettings(document).recordFrom };
  writeFormulaSettings(document, settings);
  return settings;
}

function writeFormulaSettings(
  document: NonNullable<ReturnType<typeof propertyStore>>,
  settings: FormulaSettings,
): void {
  const text = JSON.stringify(settings);
  document.put(PROPERTY.formulaSettings, text);
  rememberFormulaSettings(text);
}

/**
 * Formulas fetch (and pay) again on their next recalculation. Returns what was cleared, counted as Settings shows it. The
 * durable level's values are deleted too, so the room they took in the document's properties is free.
 */
export function clearFormulaCache(): KeptAnswers {
  const cleared = countKeptAnswers();
  resultCache().clear();
  durableResultCache()?.clear();
  const snapshot = documentSnapshot();
  documentPropertiesCache(snapshot)?.removePrefix(`${DURABLE_PREFIX}:b`);
  // The user's word to buy again what a request with a lost answer holds back (README: errors).
  if (snapshot) clearFormulaIntents(snapshot);
  // And what the purchase record holds: formulas take from it only what is bought from now on.
  const document = propertyStore("document");
  if (document)
    writeFormulaSettings(document, { ...readFormulaSettings(document), recordFrom: appsScriptClock.now() });
  return cleared;
}

/**
 * The user's word to ask again for what requests without an answer hold back (they may have been charged):
 * their intents are deleted, and nothing else. The answers kept stay kept, so the next recalculation buys
 * only the organizations and texts those requests held. Returns what was forgotten.
 */
export function forgetUnansweredRequests(): UnansweredRequests {
  const snapshot = documentSnapshot();
  if (!snapshot) return { requests: 0, items: 0 };
  const forgotten = countUnanswered(snapshot.read());
  clearFormulaIntents(snapshot);
  return forgotten;
}
