// Paging through the signal search for the Signals screen: the organizations a feed is about (read from
// their column when it runs), pages sent in order with each page handed on as it arrives, and new sheets
// that signals are written to.
import { LIMITS, type Signal } from "../../api/contract";
import { ApiError } from "../../api/errors";
import { columnRangeA1 } from "../../core/bulk/a1";
import { RequestError } from "../../core/bulk/request";
import type { SheetPort, WorkbookPort } from "../../core/bulk/sheet-port";
import { writeServiceValues } from "../../core/bulk/sheet-values";
import { formatCount } from "../../core/jobs/format";
import { JOB_BUDGET_MS } from "../jobs/services";
import { makeClient } from "../runtime";
import { isBlankCell, readIdCell } from "../sidebar/cells";
import { writeNewSheet } from "../sidebar/result-sheets";
import { readColumnCells } from "../sidebar/selection";
import { type FeedPage, type FeedRequest, feedFilter } from "./request";
import { SIGNAL_HEADER, signalRow } from "./rows";

export function noOrganizationIdsMessage(where: string): string {
  return `${where} holds no organization ids. Select a column of ids, or filter by a list instead.`;
}

export function tooManyOrganizationsMessage(count: number): string {
  return `Filter by at most ${formatCount(LIMITS.filterOrganizationIdsMax)} organizations; the selection has ${formatCount(count)}.`;
}

/** The organization ids of the request's selected column (read again now, as the sheet may have changed). */
export function organizationIds(request: FeedRequest): number[] {
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
  return writeNewSheet(workbook, base, SIGNAL_HEADER, []);
}

export function stoppedNote(paged: Paged): string {
  return paged.stopped ? ` Stopped early, keeping what was written: ${paged.stopped}` : "";
}
