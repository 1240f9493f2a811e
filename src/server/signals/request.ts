// Reads a signal-feed request from the sidebar (every filter of the search, and how many signals to take)
// and plans its pages within the service's limits: 100 a page, offsets up to 10,000.
import { LIMITS, SIGNAL_PRIORITIES, type SignalsRequest } from "../../api/contract";
import { formatCount } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { RequestError } from "../../core/text/user-errors";
import { type ColumnRef, readColumnRef, readId, readRequest } from "../sidebar/args";

export type SignalPriority = (typeof SIGNAL_PRIORITIES)[number];

export interface FeedRequest {
  /** Organizations from a selected column of ids. */
  organizations: ColumnRef | null;
  /** Ids the column's domains and names were matched to when the feed was imported (kept for refresh). */
  matchedIds?: number[];
  listIds: number[];
  technologies: string[];
  jobFunctions: string[];
  priorities: SignalPriority[];
  configIds: number[];
  maxSignals: number;
}

/** The deepest the search reaches: the last page starts at the largest offset. */
export const MAX_FEED_SIGNALS = LIMITS.signalsOffsetMax + LIMITS.signalsLimitMax;

export const FEED_SHAPE =
  "{maxSignals, organizations?, listIds?, technologies?, jobFunctions?, priorities?, configIds?}";

export function maxSignalsMessage(value: unknown): string {
  return `How many signals? Give a whole number from 1 to ${formatCount(MAX_FEED_SIGNALS)} (maxSignals); got ${quoteInput(value)}.`;
}

function readList(value: unknown, field: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RequestError(`${field} must be a list; got ${quoteInput(value)}.`);
  return value;
}

function readTexts(value: unknown, field: string, example: string): string[] {
  const out = new Set<string>();
  for (const item of readList(value, field)) {
    if (typeof item !== "string" || item.trim() === "") {
      throw new RequestError(`${field} must hold names such as ${example}; got ${quoteInput(item)}.`);
    }
    out.add(item.trim());
  }
  return [...out];
}

function readIds(value: unknown, field: string, what: string): number[] {
  return [...new Set(readList(value, field).map((item) => readId(item, what, field)))];
}

export function readMaxSignals(value: unknown): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1 || value > MAX_FEED_SIGNALS) {
    throw new RequestError(maxSignalsMessage(value));
  }
  return value;
}

export function readFeedRequest(input: unknown): FeedRequest {
  const request = readRequest(input, FEED_SHAPE);
  const priorities = readTexts(request["priorities"], "priorities", '"high"').map((p) => p.toLowerCase());
  for (const priority of priorities) {
    if (!(SIGNAL_PRIORITIES as readonly string[]).includes(priority)) {
      throw new RequestError(
        `Unknown priority ${quoteInput(priority)}. Use one of: ${SIGNAL_PRIORITIES.join(", ")}.`,
      );
    }
  }
  const organizations = request["organizations"];
  return {
    organizations:
      organizations === undefined || organizations === null
        ? null
        : readColumnRef(organizations, "organizations"),
    listIds: readIds(request["listIds"], "listIds", "a list"),
    technologies: readTexts(request["technologies"], "technologies", '"kubernetes"').map((t) =>
      t.toLowerCase(),
    ),
    jobFunctions: readTexts(request["jobFunctions"], "jobFunctions", '"Data Engineer"'),
    priorities: [...new Set(priorities)] as SignalPriority[],
    configIds: readIds(request["configIds"], "configIds", "a signal config"),
    maxSignals: readMaxSignals(request["maxSignals"]),
  };
}

type Filter = NonNullable<SignalsRequest["filter"]>;

/** The search's filter: only the fields that say something (an empty list would filter nothing anyway). */
export function feedFilter(request: FeedRequest, organizationIds: readonly number[]): Filter {
  const filter: Filter = {};
  if (organizationIds.length) filter.organization_ids = [...organizationIds];
  if (request.listIds.length) filter.account_list_ids = request.listIds;
  if (request.technologies.length) filter.technology_slugs = request.technologies;
  if (request.jobFunctions.length) filter.job_functions = request.jobFunctions;
  if (request.priorities.length) filter.priorities = request.priorities;
  if (request.configIds.length) filter.signal_config_ids = request.configIds;
  return filter;
}

export interface FeedPage {
  offset: number;
  limit: number;
}

/** The pages that take up to `max` signals, newest first. */
export function feedPages(max: number): FeedPage[] {
  const pages: FeedPage[] = [];
  for (let offset = 0; offset < max && offset <= LIMITS.signalsOffsetMax; offset += LIMITS.signalsLimitMax) {
    pages.push({ offset, limit: Math.min(LIMITS.signalsLimitMax, max - offset) });
  }
  return pages;
}

/**
 * First pages of a refresh: the newest signal alone, then growing. The service charges every signal it
 * returns and has no "newer than" filter, so a refresh with nothing new pays for the one signal that shows it
 * (a first page of 10 paid for 10 the sheet had); new signals cost what they are plus at most one page's
 * overlap.
 */
export const REFRESH_FIRST_PAGES = [1, 10, 20, 40, 80] as const;

/** A refresh's pages: growing from 1 to 100 signals, up to `max` signals in all. */
export function refreshPages(max: number): FeedPage[] {
  const pages: FeedPage[] = [];
  let offset = 0;
  let index = 0;
  while (offset < max && offset <= LIMITS.signalsOffsetMax) {
    const size = REFRESH_FIRST_PAGES[index++] ?? LIMITS.signalsLimitMax;
    const limit = Math.min(size, max - offset);
    pages.push({ offset, limit });
    offset += limit;
  }
  return pages;
}
