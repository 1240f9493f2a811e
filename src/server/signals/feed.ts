// The signal feed into a sheet: the estimate first (1 credit per signal), then page after page of up to
// 100 signals, each page written as it arrives so nothing paid for is lost; the feed sheets Refresh can
// update are remembered.
import { LIMITS } from "../../api/contract";
import { estimateSignals } from "../../api/pricing";
import { formatCount, plural } from "../../api/words/format";
import type { SheetPort } from "../../core/sheet/port";
import { activeWorkbook } from "../../platform/spreadsheet";
import { rememberedMatches } from "../sidebar/match-memory";
import { afterPaidMatch, matchCost, matchLookups, matchNote, toMatch } from "../sidebar/organization-match";
import { type Spent, settlePaid } from "../sidebar/paid-log";
import {
  appendSignals,
  newSignalSheet,
  organizationReads,
  page,
  resolveFeedOrganizations,
  stoppedNote,
} from "./paging";
import { type FeedRequest, feedPages, readFeedRequest } from "./request";
import { feedSheets, loadFeed, saveFeed } from "./store";

export const FEED_SHEET = "Signals";

export const NOT_REMEMBERED_NOTE =
  "The spreadsheet's storage is full, so this sheet cannot be refreshed later; import the feed again instead.";

/** Remembers the feed for Refresh; false when the store cannot take it (the paid signals are kept anyway). */
function rememberFeed(sheetName: string, request: FeedRequest): boolean {
  try {
    saveFeed(sheetName, request);
    return true;
  } catch {
    return false;
  }
}

export interface FeedEstimate {
  credits: number;
  pages: number;
  /** "Up to 250 credits · 3 pages of up to 100 signals". */
  message: string;
}

export interface FeedResult extends Spent {
  /** Null when nothing matched (no sheet is made for an empty answer). */
  sheetName: string | null;
  signals: number;
  pages: number;
  /** Why paging stopped before the end (out of credits, time), with what finished kept. */
  stopped: string | null;
  message: string;
}

/** The feed's price: its pages, plus matching `lookups` domains and names to ids first when there are any. */
export function estimateFeed(max: number, lookups = 0): FeedEstimate {
  const pages = feedPages(max);
  const signals = pages.reduce((sum, page) => sum + estimateSignals(page.limit).credits, 0);
  const credits = signals + matchCost(lookups);
  // The sidebar adds " · none returned, free": the match note goes without its full stop.
  const match = lookups > 0 ? ` · ${matchNote(lookups).replace(/\.$/, "")}` : "";
  return {
    credits,
    pages: pages.length,
    message: `Up to ${plural(credits, "credit")} · ${plural(pages.length, "page")} of up to ${formatCount(LIMITS.signalsLimitMax)} signals${match}`,
  };
}

export function estimateSignalFeed(input: unknown): FeedEstimate {
  const request = readFeedRequest(input);
  // Domains and names in the column are matched to ids first, at the base price each.
  return estimateFeed(request.maxSignals, matchLookups(organizationReads(request)));
}

export function importSignalFeed(input: unknown): FeedResult {
  const request = readFeedRequest(input);
  const { ids, matchCredits } = resolveFeedOrganizations(request);
  const workbook = activeWorkbook();
  let sheet: SheetPort | null = null;
  const paged = afterPaidMatch(matchCredits, () =>
    page(request, ids, feedPages(request.maxSignals), (signals) => {
      if (signals.length === 0) return false;
      sheet ??= newSignalSheet(workbook, FEED_SHEET);
      appendSignals(sheet, signals);
      return true;
    }),
  );
  const written = sheet as SheetPort | null;
  // The column is read again at each refresh; its matches are remembered, so none is bought twice.
  const remembered = written ? rememberFeed(written.name, request) : true;
  const message = written
    ? `${plural(paged.signals, "signal")} written to "${written.name}".${stoppedNote(paged)}${remembered ? "" : ` ${NOT_REMEMBERED_NOTE}`}`
    : `No signals match these filters in the last ${LIMITS.signalsWindowDays} days.`;
  const spent = settlePaid(workbook, {
    action: "Import signal feed",
    rows: paged.signals,
    creditsUsed: paged.creditsUsed,
    creditsRemaining: paged.creditsRemaining ?? 0,
    result: message,
  });
  return {
    sheetName: written?.name ?? null,
    signals: paged.signals,
    pages: paged.pages,
    stopped: paged.stopped,
    message,
    ...spent,
    // What this action spent in all: the match (its own log row) and the pages.
    creditsUsed: spent.creditsUsed + matchCredits,
  };
}

export interface FeedSheet {
  sheetName: string;
  maxSignals: number;
  /** Up to this many credits, for the refresh's estimate. */
  estimate: FeedEstimate;
}

/**
 * Domains and names in a feed's column that a refresh would match (paid): those not matched before. A
 * column that cannot be read now is refused by the refresh itself, before anything is spent.
 */
function newLookups(request: FeedRequest, remembered: () => ReadonlyMap<string, number>): number {
  if (request.matchedIds || !request.organizations) return 0;
  try {
    const known = remembered();
    return toMatch(organizationReads(request)).filter((read) => !known.has(read.key)).length;
  } catch {
    return 0;
  }
}

/** The feed sheets Refresh can update (remembered, and still in the spreadsheet), with their price. Free. */
export function listSignalFeeds(): FeedSheet[] {
  const workbook = activeWorkbook();
  let known: ReadonlyMap<string, number> | null = null;
  const remembered = () => (known ??= rememberedMatches(workbook));
  return feedSheets()
    .filter((name) => workbook.sheet(name) !== null)
    .flatMap((sheetName) => {
      const request = loadFeed(sheetName);
      if (!request) return [];
      const estimate = estimateFeed(request.maxSignals, newLookups(request, remembered));
      return [{ sheetName, maxSignals: request.maxSignals, estimate }];
    });
}
