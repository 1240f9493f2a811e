// Paging through the signal search for the Signals screen: the organizations a feed is about (read from
// their column when it runs), pages sent in order with each page handed on as it arrives, and new sheets
// that signals are written to.
import { LIMITS, type Signal } from "../../api/contract";
import { ApiError } from "../../api/errors";
import { formatCount, plural } from "../../api/words/format";
import { columnRangeA1 } from "../../core/sheet/a1";
import type { SheetPort, WorkbookPort } from "../../core/sheet/port";
import { writeServiceValues } from "../../core/sheet/values";
import { RequestError } from "../../core/text/user-errors";
import { JOB_BUDGET_MS } from "../jobs/services";
import { makeClient } from "../runtime";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { readOrganizationCell } from "../sidebar/cells";
import { matchOrganizations, type ReadableOrganization } from "../sidebar/organization-match";
import { writeNewSheet } from "../sidebar/result-sheets";
import { readColumnCells } from "../sidebar/selection";
import { type FeedPage, type FeedRequest, feedFilter } from "./request";
import { SIGNAL_HEADER_CELLS, signalRow } from "./rows";

export function noOrganizationIdsMessage(where: string): string {
  return `${where} holds no organizations (ids, domains, e-mails or names). Select a column of them, or filter by a list instead.`;
}

export function tooManyOrganizationsMessage(count: number): string {
  return `Filter by at most ${formatCount(LIMITS.filterOrganizationIdsMax)} organizations; the selection has ${formatCount(count)}.`;
}

/**
 * The organizations of the request's selected column, read again now (the sheet may have changed): ids,
 * domains, URLs, e-mails or names, each once. A feed saved with matched ids uses those, so refreshing it
 * never pays for the same match again.
 */
export function organizationReads(request: FeedRequest): ReadableOrganization[] {
  if (!request.organizations) return [];
  const ref = request.organizations;
  const reads = new Map<string, ReadableOrganization>();
  for (const value of readColumnCells(ref).values) {
    const cell = readOrganizationCell(value);
    if (cell.kind === "org" && !reads.has(cell.read.key)) reads.set(cell.read.key, cell.read);
  }
  if (reads.size === 0)
    throw new RequestError(noOrganizationIdsMessage(`${ref.sheetName}!${columnRangeA1(ref)}`));
  if (reads.size > LIMITS.filterOrganizationIdsMax)
    throw new RequestError(tooManyOrganizationsMessage(reads.size));
  return [...reads.values()];
}

/**
 * The ids the feed filters by: ids as given, the rest matched at the base price (logged on its own row,
 * its cost in `matchCredits`). A match is bought once: later refreshes and imports read it back from the
 * spreadsheet's remembered matches, and only domains or names new to the column are bought. A feed saved
 * with its matched ids (before matches were remembered) keeps using them.
 */
export function resolveFeedOrganizations(request: FeedRequest): { ids: number[]; matchCredits: number } {
  if (request.matchedIds) return { ids: request.matchedIds, matchCredits: 0 };
  const reads = organizationReads(request);
  if (reads.every((read) => read.input.id !== undefined)) {
    return { ids: reads.map((read) => read.input.id!), matchCredits: 0 };
  }
  const match = matchOrganizations(
    makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS }),
    reads,
    (count) => `Match ${plural(count, "organization")} for the signal feed`,
  );
  if (match.ids.length === 0) throw new RequestError(NO_FEED_MATCH_MESSAGE);
  return { ids: match.ids, matchCredits: match.creditsUsed };
}

export const NO_FEED_MATCH_MESSAGE =
  "None of the organizations in the column was found, so no signals were asked for. Check the domains or names, or use organization ids.";

export interface Paged {
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
export function page(
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

export function appendSignals(sheet: SheetPort, signals: readonly Signal[]): void {
  if (signals.length === 0) return;
  writeServiceValues(sheet, Math.max(sheet.lastRow(), 1) + 1, 1, signals.map(signalRow));
}

export function newSignalSheet(workbook: WorkbookPort, base: string): SheetPort {
  return writeNewSheet(workbook, base, SIGNAL_HEADER_CELLS, []);
}

export function stoppedNote(paged: Paged): string {
  return paged.stopped ? ` Stopped early, keeping what was written: ${paged.stopped}` : "";
}
