// The log rows of formula requests whose execution died with them out: marked logged in the document's
// properties first, then returned as possibly-charged rows for the caller to append under the log's lock.

import { possiblyChargedRow } from "../../core/jobs/enrichment-log";
import type { CellValue } from "../../core/sheet/port";
import { deadRequests } from "../../core/spending/dead-requests";
import { LOOKUP_NOT_REPEATED } from "../../functions/lookups";
import { FORMULA_NOT_REPEATED } from "../../functions/org-fetch";
import type { PropertyStore } from "../../platform/properties";
import { isServiceError } from "../../platform/service-error";

/**
 * How long a request that does not say when its execution ends may still be answered: a sidebar
 * execution's 6 minutes, and one more (a custom function's intent says its own end, 30 s after it began).
 */
export const ALIVE_MS = 7 * 60_000;

type Store = Pick<PropertyStore, "all" | "put">;

/** Whether any formula request is waiting for its row (a read of the document's properties). */
export function anyDeadRequest(store: Store | null, now: number): boolean {
  return !!store && deadRequests(readOrNone(store), now, ALIVE_MS).length > 0;
}

/**
 * The store's values, or none while it refuses (the day's properties quota out): the intents wait, durable,
 * for a flush after it renews, and the log rows kept in the cache must still be appended meanwhile.
 */
function readOrNone(store: Store): Record<string, string> {
  try {
    return store.all();
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return {};
  }
}

/**
 * Marks the dead requests logged and returns their rows and credits; call under the log's lock, so two
 * executions never log one twice. Marked before the rows are appended: rows the append then refuses are
 * kept for the next flush (appendLogOrDefer), never written twice.
 */
export function takeDeadRequests(store: Store | null, now: number): { rows: CellValue[][]; credits: number } {
  const rows: CellValue[][] = [];
  let credits = 0;
  if (!store) return { rows, credits };
  for (const request of deadRequests(readOrNone(store), now, ALIVE_MS)) {
    // Marked, then its row returned: a store refusing midway leaves the rest unmarked for a later flush.
    try {
      store.put(request.key, request.marked);
    } catch (error) {
      if (!isServiceError(error)) throw error;
      break;
    }
    const notRepeated = request.what.startsWith("ORG_ATTR") ? FORMULA_NOT_REPEATED : LOOKUP_NOT_REPEATED;
    rows.push(possiblyChargedRow(new Date(now), `Formulas: ${request.what}`, request.most, notRepeated));
    credits += request.most;
  }
  return { rows, credits };
}
