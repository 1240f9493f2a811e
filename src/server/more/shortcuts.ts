// The More tab's small free helpers: the shortcut to the "Enrichment log" sheet, and the prices and
// limits the Lists, Signals and More screens word their estimates with (one source: the contract), with
// how many lists the last reads found.
import { LIMITS, PRICES } from "../../api/contract";
import { MAX_BRIEFS } from "../../core/jobs/briefs";
import { LOG_SHEET } from "../../core/jobs/enrichment-log";
import { RequestError } from "../../core/text/user-errors";
import { showSheet } from "../../platform/active-range";
import { listsReadBefore } from "../lists/read-memory";
import { ORGANIZATION_SIGNALS_MAX } from "../signals/organization";
import { MAX_FEED_SIGNALS } from "../signals/request";

export const NOTHING_LOGGED_MESSAGE = `Nothing is logged yet: the "${LOG_SHEET}" sheet appears with the first paid action.`;

export function openEnrichmentLog(): { sheetName: string } {
  if (!showSheet(LOG_SHEET)) throw new RequestError(NOTHING_LOGGED_MESSAGE);
  return { sheetName: LOG_SHEET };
}

export interface SidebarPrices {
  /** Credits per list, organization or person read from saved lists. */
  listItem: number;
  signal: number;
  prioritySignal: number;
  brief: number;
  techStack: number;
  /** Credits per organization found when a domain, URL, e-mail or name is matched to its id. */
  organizationMatch: number;
  maxFeedSignals: number;
  /** The most signals one organization's import asks for (the limit it sends). */
  organizationSignalsMax: number;
  signalsPerPage: number;
  /** The feed reaches back this many days. */
  signalsWindowDays: number;
  prioritySignalsDefault: number;
  prioritySignalsMax: number;
  maxBriefs: number;
  /** How many lists the last read with this key found (the bound of the next read's price), or null. */
  listsReadBefore: { organization: number | null; contact: number | null };
}

export function getSidebarPrices(): SidebarPrices {
  return {
    listItem: PRICES.listItem,
    signal: PRICES.signal,
    prioritySignal: PRICES.prioritySignal,
    brief: PRICES.brief,
    techStack: PRICES.techStack,
    organizationMatch: PRICES.organizationBase,
    maxFeedSignals: MAX_FEED_SIGNALS,
    organizationSignalsMax: ORGANIZATION_SIGNALS_MAX,
    signalsPerPage: LIMITS.signalsLimitMax,
    signalsWindowDays: LIMITS.signalsWindowDays,
    prioritySignalsDefault: LIMITS.prioritySignalsLimitDefault,
    prioritySignalsMax: LIMITS.prioritySignalsLimitMax,
    maxBriefs: MAX_BRIEFS,
    listsReadBefore: { organization: listsReadBefore("organization"), contact: listsReadBefore("contact") },
  };
}
