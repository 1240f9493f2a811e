// The signal feed into a sheet: the estimate first (1 credit per signal), then page after page of up to
// 100 signals, each page written as it arrives so nothing paid for is lost; Refresh appends only signals
// the sheet does not have yet; organization signals for one selected organization.
import { LIMITS, type Signal } from "../api/contract";
import { ApiError } from "../api/errors";
import { estimateSignals } from "../api/pricing";
import { columnRangeA1 } from "../core/bulk/a1";
import { RequestError } from "../core/bulk/request";
import { type SheetPort, uniqueSheetName, type WorkbookPort } from "../core/bulk/sheet-port";
import { formatCount, plural } from "../core/jobs/format";
import { activeWorkbook } from "../platform/spreadsheet";
import { JOB_BUDGET_MS } from "./jobs/services";
import { makeClient } from "./runtime";
import { SIDEBAR_CALL_BUDGET_MS } from "./sidebar-call";
import { listSheetBase } from "./sidebar-lists-org";
import { readId, readRequest } from "./sidebar-more-args";
import { isBlankCell, readIdCell } from "./sidebar-more-cells";
import { type Spent, settlePaid } from "./sidebar-more-log";
import { readColumnCells } from "./sidebar-more-selection";
import {
  type FeedPage,
  type FeedRequest,
  feedFilter,
  feedPages,
  readFeedRequest,
  readMaxSignals,
  refreshPages,
} from "./sidebar-signals-request";
import { rowKey, SIGNAL_HEADER, signalKey, signalRow } from "./sidebar-signals-rows";
import { feedSheets, loadFeed, saveFeed } from "./sidebar-signals-store";

export const FEED_SHEET = "Signals";

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

export function estimateFeed(max: number): FeedEstimate {
  const pages = feedPages(max);
  const credits = pages.reduce((sum, page) => sum + estimateSignals(page.limit).credits, 0);
  return {
    credits,
    pages: pages.length,
    message: `Up to ${plural(credits, "credit")} · ${plural(pages.length, "page")} of up to ${formatCount(LIMITS.signalsLimitMax)} signals`,
  };
}

export function estimateSignalFeed(input: unknown): FeedEstimate {
  return estimateFeed(readFeedRequest(input).maxSignals);
}

export function noOrganizationIdsMessage(where: string): string {
  return `${where} holds no organization ids. Select a column of ids, or filter by a list instead.`;
}

export function tooManyOrganizationsMessage(count: number): string {
  return `Filter by at most ${formatCount(LIMITS.filterOrganizationIdsMax)} organizations; the selection has ${formatCount(count)}.`;
}

/** The organization ids of the request's selected column (read again now, as the sheet may have changed). */
function organizationIds(request: FeedRequest): number[] {
  if (!request.organizations) return [];
  const ref = request.organizations;
  const ids = new Set<number>();
  for (const value of readColumnCells(ref).values) {
    if (isBlankCell(value)) continue;
    const id = readIdCell(value);
    if (id !== null) ids.add(id);
  }
  if (ids.size === 0)
    throw new RequestError(noOrganizationIdsMessage(`${ref.sheetName}!${columnRangeA1(ref)}`));
  if (ids.size > LIMITS.filterOrganizationIdsMax)
    throw new RequestError(tooManyOrganizationsMessage(ids.size));
  return [...ids];
}

interface Paged {
  signals: number;
  pages: number;
  creditsUsed: number;
  creditsRemaining: number | null;
  stopped: string | null;
}

/**
 * Sends the pages in order and hands each page's signals to `take`, which says whether to go on. A
 * failure after the first page ends the paging with what was written kept; on the first page it is thrown.
 */
function page(
  request: FeedRequest,
  ids: number[],
  pages: readonly FeedPage[],
  take: (signals: Signal[]) => boolean,
): Paged {
  const api = makeClient({ budgetMs: JOB_BUDGET_MS });
  const filter = feedFilter(request, ids);
  const paged: Paged = { signals: 0, pages: 0, creditsUsed: 0, creditsRemaining: null, stopped: null };
  for (const { offset, limit } of pages) {
    let signals: Signal[];
    try {
      const response = api.signals({ ...(Object.keys(filter).length ? { filter } : {}), limit, offset });
      paged.creditsUsed += response.credits_used;
      paged.creditsRemaining = response.credits_remaining;
      signals = response.signals;
    } catch (error) {
      if (paged.pages === 0 || !(error instanceof ApiError)) throw error;
      paged.stopped = error.message;
      break;
    }
    paged.pages++;
    const more = take(signals);
    paged.signals += signals.length;
    if (!more || signals.length < limit) break;
  }
  return paged;
}

function appendSignals(sheet: SheetPort, signals: readonly Signal[]): void {
  if (signals.length === 0) return;
  sheet.writeValues(Math.max(sheet.lastRow(), 1) + 1, 1, signals.map(signalRow));
}

function newSignalSheet(workbook: WorkbookPort, base: string): SheetPort {
  const sheet = workbook.insertSheet(uniqueSheetName(workbook, base));
  sheet.writeValues(1, 1, [[...SIGNAL_HEADER]]);
  return sheet;
}

function stoppedNote(paged: Paged): string {
  return paged.stopped ? ` Stopped early, keeping what was written: ${paged.stopped}` : "";
}

export function importSignalFeed(input: unknown): FeedResult {
  const request = readFeedRequest(input);
  const ids = organizationIds(request);
  const workbook = activeWorkbook();
  let sheet: SheetPort | null = null;
  const paged = page(request, ids, feedPages(request.maxSignals), (signals) => {
    if (signals.length === 0) return false;
    sheet ??= newSignalSheet(workbook, FEED_SHEET);
    appendSignals(sheet, signals);
    return true;
  });
  const written = sheet as SheetPort | null;
  if (written) saveFeed(written.name, request);
  const message = written
    ? `${plural(paged.signals, "signal")} written to "${written.name}".${stoppedNote(paged)}`
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
  };
}

export function notAFeedMessage(sheetName: string): string {
  return `"${sheetName}" was not imported from the signal feed in this spreadsheet. Import the feed first, then refresh that sheet.`;
}

export interface FeedSheet {
  sheetName: string;
  maxSignals: number;
  /** Up to this many credits, for the refresh's estimate. */
  estimate: FeedEstimate;
}

/** The feed sheets Refresh can update (remembered, and still in the spreadsheet). Free. */
export function listSignalFeeds(): FeedSheet[] {
  const workbook = activeWorkbook();
  return feedSheets()
    .filter((name) => workbook.sheet(name) !== null)
    .flatMap((sheetName) => {
      const request = loadFeed(sheetName);
      return request
        ? [{ sheetName, maxSignals: request.maxSignals, estimate: estimateFeed(request.maxSignals) }]
        : [];
    });
}

/** Keys of the signals a feed sheet already has. */
function knownKeys(sheet: SheetPort): Set<string> {
  const last = sheet.lastRow();
  const width = Math.max(sheet.lastColumn(), 1);
  if (last < 1) return new Set();
  const rows = sheet.readValues(1, 1, last, width);
  const header = rows[0] ?? [];
  const keys = new Set<string>();
  for (const row of rows.slice(1)) {
    const key = rowKey(row, header);
    if (key) keys.add(key);
  }
  return keys;
}

export function refreshSignalFeed(input: unknown): FeedResult {
  const request = readRequest(input, "{sheetName}");
  const sheetName = typeof request["sheetName"] === "string" ? request["sheetName"].trim() : "";
  if (sheetName === "") throw new RequestError("Choose the feed sheet to refresh (sheetName).");
  const stored = loadFeed(sheetName);
  const workbook = activeWorkbook();
  const sheet = workbook.sheet(sheetName);
  if (!stored || !sheet) throw new RequestError(notAFeedMessage(sheetName));
  const max = request["maxSignals"] === undefined ? stored.maxSignals : readMaxSignals(request["maxSignals"]);
  const known = knownKeys(sheet);
  let added = 0;
  // The feed is newest first: from the first signal the sheet has, everything after is older and known.
  const paged = page(stored, organizationIds(stored), refreshPages(max), (signals) => {
    const index = signals.findIndex((signal) => known.has(signalKey(signal)));
    const fresh = (index < 0 ? signals : signals.slice(0, index)).filter((s) => !known.has(signalKey(s)));
    appendSignals(sheet, fresh);
    added += fresh.length;
    return index < 0;
  });
  const message =
    added > 0
      ? `${plural(added, "new signal")} added to "${sheetName}".${stoppedNote(paged)}`
      : `No new signals for "${sheetName}".${stoppedNote(paged)}`;
  const spent = settlePaid(workbook, {
    action: `Refresh signal feed "${sheetName}"`,
    rows: added,
    creditsUsed: paged.creditsUsed,
    creditsRemaining: paged.creditsRemaining ?? 0,
    result: message,
  });
  return { sheetName, signals: added, pages: paged.pages, stopped: paged.stopped, message, ...spent };
}

export function importOrganizationSignals(input: unknown): FeedResult {
  const request = readRequest(input, "{organizationId, technologies?}");
  const organizationId = readId(request["organizationId"], "an organization", "organizationId");
  const technologies = request["technologies"];
  if (technologies !== undefined && technologies !== null) {
    if (!Array.isArray(technologies) || technologies.some((t) => typeof t !== "string" || t.trim() === "")) {
      throw new RequestError('technologies must be a list of technology slugs such as "kubernetes".');
    }
  }
  const slugs = ((technologies as string[] | null | undefined) ?? []).map((t) => t.trim().toLowerCase());
  const response = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS }).organizationSignals(
    organizationId,
    slugs.length ? slugs : undefined,
  );
  const workbook = activeWorkbook();
  const signals = response.signals;
  const name = signals.find((s) => s.organization_name)?.organization_name ?? String(organizationId);
  let sheetName: string | null = null;
  if (signals.length > 0) {
    const sheet = newSignalSheet(workbook, listSheetBase("Signals", name));
    appendSignals(sheet, signals);
    sheetName = sheet.name;
  }
  const message = sheetName
    ? `${plural(signals.length, "signal")} of ${name} written to "${sheetName}".`
    : `Organization ${organizationId} has no signals${slugs.length ? " for those technologies" : ""}.`;
  const spent = settlePaid(workbook, {
    action: `Organization signals for ${name}`,
    rows: signals.length,
    creditsUsed: response.credits_used,
    creditsRemaining: response.credits_remaining,
    result: message,
  });
  return { sheetName, signals: signals.length, pages: 1, stopped: null, message, ...spent };
}
