// A custom function's environment for one execution: its caches, client, intents, spend guard and
// siblings, made on first use, so a cell its cache answers builds and reads almost nothing.

import type { EnrichmentClient } from "../../api/client";
import { PendingAnswers } from "../../core/caches/pending-answers";
import { possiblyChargedRow } from "../../core/jobs/enrichment-log";
import { type FormulaSettings, readFormulaSettings } from "../../core/settings";
import type { FormulaIntents } from "../../core/spending/formula-intents";
import { type Mutex, tryExclusive } from "../../core/spending/mutex";
import type { SpendGuard } from "../../core/spending/spend-guard";
import type { FormulaCharge, FormulaEnv, FormulaLoss } from "../../functions/formula-env";
import { documentCache } from "../../platform/cache";
import { appsScriptClock } from "../../platform/clock";
import { keepLogRows } from "../../platform/deferred-log-store";
import { type DocumentSnapshot, documentSnapshot } from "../../platform/document-snapshot";
import { formulaCell } from "../../platform/formula-cell";
import { documentMutex } from "../../platform/lock";
import type { PropertyStore } from "../../platform/properties";
import { formatDay, zonedMidnight } from "../../platform/spreadsheet-time";
import {
  cachedSettings,
  fetchAllowance,
  formulaCacheLevels,
  formulaIntents,
  formulaStore,
  makeClient,
  notePossiblyCharged,
  resultCache,
  spendGuard,
} from "../runtime";
import { nearFirstCache } from "./near-first-cache";
import { answerFromRecord } from "./record-level";

/** A formula batch's log row, kept for the sidebar to append: one property write per paid batch, not per cell. */
function keepFormulaCharge(charge: FormulaCharge): void {
  keepLogRows([
    [
      new Date(),
      `Formulas: ${charge.what}`,
      charge.rows,
      charge.creditsUsed,
      charge.creditsRemaining ?? "",
      charge.result,
    ],
  ]);
}

/**
 * A lost formula answer's "possibly charged" log row, kept for the sidebar to append like a charge's, and
 * its credits counted in the day's money apart from what answers proved (the chip and Settings say so).
 */
function keepFormulaLoss(loss: FormulaLoss): void {
  keepLogRows([possiblyChargedRow(new Date(), `Formulas: ${loss.what}`, loss.credits, loss.notRepeated)]);
  notePossiblyCharged(loss.credits);
}

/** The document lock, already held by the caller: runs its function at once. */
const HELD: Mutex = { runExclusive: (fn) => fn() };

/** How long a formula waits for a sibling that is fetching for the whole column (of its 30 seconds). */
const SIBLING_LOCK_MS = 15_000;

/** Sheets ends a custom function 30 seconds after it starts. */
const CUSTOM_FUNCTION_LIMIT_MS = 30_000;

/** A custom function has 30 seconds; 25 leaves room to answer with a readable "try again". */
export const FORMULA_BUDGET_MS = 25_000;

export function formulaEnv(): FormulaEnv {
  // Paid answers wait for the cache's lock as long as the formula's budget allows (see ResultCache.put).
  const startedAt = appsScriptClock.now();
  const writeDeadline = startedAt + FORMULA_BUDGET_MS;
  // Read when first needed, once, through the document cache (see cachedSettings): a cell answered from the 6-hour cache needs neither (see nearFirstCache).
  let store: PropertyStore | null = null;
  let settings: FormulaSettings | null = null;
  const settingsStore = () => (store ??= formulaStore());
  const formulaSettings = () => (settings ??= readFormulaSettings(cachedSettings(settingsStore())));
  const env = (mutex: () => Mutex): FormulaEnv => {
    let client: EnrichmentClient | null = null;
    let guard: SpendGuard | null = null;
    let intents: FormulaIntents | null = null;
    // The durable level and the intents share this environment's reads of the document's properties.
    let snapshot: DocumentSnapshot | null | undefined;
    const properties = () => {
      if (snapshot === undefined) snapshot = documentSnapshot();
      return snapshot;
    };
    return {
      cache: nearFirstCache(
        () => formulaCacheLevels(formulaSettings(), mutex(), writeDeadline, properties()).cache,
        mutex,
        pending,
        (scope, keys, fields, found) => {
          const chosen = formulaSettings();
          const refill = resultCache(chosen, mutex(), { lockTimeoutMs: 0 });
          answerFromRecord(
            scope,
            keys,
            fields,
            found,
            chosen.cacheLifetimeSeconds * 1000,
            appsScriptClock.now(),
            refill,
            chosen.recordFrom,
          );
        },
      ),
      client: () => (client ??= makeClient({ budgetMs: FORMULA_BUDGET_MS, byFormula: true, booked })),
      bookFetches: (calls) => {
        fetchAllowance().take(calls);
        booked.calls += calls;
      },
      pending,
      intents: () => (intents ??= formulaIntents(properties())),
      guard: () => (guard ??= spendGuard(settingsStore(), formulaSettings(), mutex())),
      // Called, not read here: the spreadsheet's time is on the purchase path, which a formula its cache
      // answers never evaluates (scripts/lib/purchase-path.ts); reading the function would evaluate it.
      formatDay: (date) => formatDay(date),
      logCharge: keepFormulaCharge,
      logPossible: keepFormulaLoss,
      endsBy: startedAt + CUSTOM_FUNCTION_LIMIT_MS,
      day: (...args) => zonedMidnight(...args),
    };
  };
  let document: Mutex | null = null;
  const pending = new PendingAnswers(documentCache());
  // UrlFetch calls counted ahead by bookFetches, which the client's sends then count no more.
  const booked = { calls: 0 };
  // One per execution: the siblings and the census share one read of the sheet.
  const cell = formulaCell();
  return {
    ...env(() => (document ??= documentMutex())),
    siblings: {
      identifiers: () => cell.identifiers(),
      sheetUses: () => cell.sheetUses(),
      // Inside the document lock the cache and the guard must not take it again: they get a held one.
      exclusive: (fn, waitMs = SIBLING_LOCK_MS) =>
        tryExclusive(documentMutex(), () => fn(env(() => HELD)), waitMs),
      pause: (ms) => appsScriptClock.sleep(ms),
    },
  };
}
