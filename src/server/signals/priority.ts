// The priority digest: the latest items into a new sheet with a "Relevant?" column (1 credit an item), and
// the digest read back from that sheet for the sidebar (free).
import type { PrioritySignal } from "../../api/contract";
import { LIMITS } from "../../api/contract";
import { formatCount, plural } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { cellText } from "../../core/sheet/cells";
import type { CellValue } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import { makeClient } from "../runtime";
import { readRequest } from "../sidebar/args";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { readIdCell } from "../sidebar/cells";
import { type Spent, settlePaid } from "../sidebar/paid-log";
import { writeNewSheet } from "../sidebar/result-sheets";
import { digestSheet, PRIORITY_HEADER, RELEVANT_HEADER, readRelevanceCell } from "./digest";
import { loadDigest, saveDigest } from "./store";

export const PRIORITY_SHEET = "Priority signals";

export interface PriorityItemView {
  id: number;
  date: string;
  headline: string;
  content: string;
  link: string;
  organizationIds: number[];
  /** The feedback given: true, false, or null for none. */
  relevant: boolean | null;
}

export interface PriorityDigest {
  sheetName: string;
  items: PriorityItemView[];
}

export interface PriorityImport extends PriorityDigest, Spent {
  message: string;
}

export function priorityLimitMessage(value: unknown): string {
  return `How many priority signals? Give a whole number from 1 to ${formatCount(LIMITS.prioritySignalsLimitMax)} (limit); got ${quoteInput(value)}.`;
}

function readLimit(value: unknown): number {
  if (value === undefined || value === null) return LIMITS.prioritySignalsLimitDefault;
  if (
    typeof value !== "number" ||
    !Number.isSafeInteger(value) ||
    value < 1 ||
    value > LIMITS.prioritySignalsLimitMax
  ) {
    throw new RequestError(priorityLimitMessage(value));
  }
  return value;
}

const joinIds = (ids: readonly number[] | undefined) => (ids ?? []).join(", ");

function itemRow(item: PrioritySignal): CellValue[] {
  return [
    item.id,
    // An ISO day: writeNewSheet makes it that day in the spreadsheet's zone, in the one date format.
    cellText(item.date),
    cellText(item.headline),
    cellText(item.content),
    joinIds(item.organization_ids),
    joinIds(item.person_ids),
    joinIds(item.job_post_ids),
    joinIds(item.signal_ids),
    cellText(item.url),
    item.is_relevant ?? "",
  ];
}

function itemView(item: PrioritySignal): PriorityItemView {
  return {
    id: item.id,
    date: item.date,
    headline: item.headline,
    content: item.content,
    link: item.url,
    organizationIds: item.organization_ids ?? [],
    relevant: item.is_relevant ?? null,
  };
}

export function importPrioritySignals(input: unknown): PriorityImport {
  const request = input === undefined || input === null ? {} : readRequest(input, "{limit: 20}");
  const limit = readLimit(request["limit"]);
  const response = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS }).prioritySignals({ limit });
  const workbook = activeWorkbook();
  const items = response.priority_signals;
  const sheetName = writeNewSheet(workbook, PRIORITY_SHEET, PRIORITY_HEADER, items.map(itemRow)).name;
  saveDigest({
    sheetName,
    relevance: Object.fromEntries(items.map((item) => [String(item.id), item.is_relevant ?? null])),
  });
  const message = `${plural(items.length, "priority signal")} written to "${sheetName}". Mark each relevant or not here or in its "${RELEVANT_HEADER}" column.`;
  const spent = settlePaid(workbook, {
    action: "Import priority signals",
    rows: items.length,
    creditsUsed: response.credits_used,
    creditsRemaining: response.credits_remaining,
    result: message,
  });
  return { sheetName, items: items.map(itemView), message, ...spent };
}

/** The digest as the sheet has it now, for the sidebar. Free: nothing is sent. */
export function getPriorityDigest(): PriorityDigest | null {
  const stored = loadDigest();
  if (!stored || !activeWorkbook().sheet(stored.sheetName)) return null;
  const digest = digestSheet(stored);
  const at = (row: unknown[], name: string) => row[digest.header.indexOf(name)] ?? "";
  const items: PriorityItemView[] = [];
  for (const row of digest.rows) {
    const id = readIdCell(row[digest.idColumn]);
    if (id === null) continue;
    const relevant = readRelevanceCell(row[digest.relevantColumn]);
    items.push({
      id,
      date: String(at(row, "Date")),
      headline: String(at(row, "Headline")),
      content: String(at(row, "Content")),
      link: String(at(row, "Link")),
      organizationIds: String(at(row, "Organization ids"))
        .split(",")
        .map((part) => Number(part.trim()))
        .filter((n) => Number.isSafeInteger(n) && n > 0),
      relevant: relevant.ok ? relevant.value : (stored.relevance[String(id)] ?? null),
    });
  }
  return { sheetName: stored.sheetName, items };
}
