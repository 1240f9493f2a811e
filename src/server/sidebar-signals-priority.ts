// The priority digest: the latest items into a sheet with a "Relevant?" column, feedback (relevant, not
// relevant, clear) sent from the sidebar or synced from that column, and the digest read back for free.
import type { PrioritySignal } from "../api/contract";
import { LIMITS } from "../api/contract";
import { cellText } from "../core/bulk/cells";
import { RequestError } from "../core/bulk/request";
import { type CellValue, type SheetPort, uniqueSheetName } from "../core/bulk/sheet-port";
import { formatCount, plural } from "../core/jobs/format";
import { activeWorkbook } from "../platform/spreadsheet";
import { makeClient } from "./runtime";
import { SIDEBAR_CALL_BUDGET_MS } from "./sidebar-call";
import { readId, readRequest, shown } from "./sidebar-more-args";
import { cellLabel, readIdCell } from "./sidebar-more-cells";
import { type Spent, settlePaid } from "./sidebar-more-log";
import { loadDigest, type StoredDigest, saveDigest } from "./sidebar-signals-store";

export const PRIORITY_SHEET = "Priority signals";
export const RELEVANT_HEADER = "Relevant?";
export const PRIORITY_HEADER = [
  "Item id",
  "Date",
  "Headline",
  "Content",
  "Organization ids",
  "Person ids",
  "Job post ids",
  "Signal ids",
  "Link",
  RELEVANT_HEADER,
];

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
  return `How many priority signals? Give a whole number from 1 to ${formatCount(LIMITS.prioritySignalsLimitMax)} (limit); got ${shown(value)}.`;
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

/** A day as text ("'" keeps Sheets from turning it into a date-time in the spreadsheet's time zone). */
function dayText(day: string): CellValue {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `'${day}` : cellText(day);
}

const joinIds = (ids: readonly number[] | undefined) => (ids ?? []).join(", ");

function itemRow(item: PrioritySignal): CellValue[] {
  return [
    item.id,
    dayText(item.date),
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
  const sheetName = uniqueSheetName(workbook, PRIORITY_SHEET);
  workbook.insertSheet(sheetName).writeValues(1, 1, [PRIORITY_HEADER, ...items.map(itemRow)]);
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

/** The digest sheet's rows, read by header so moved columns still count. */
interface DigestSheet {
  sheet: SheetPort;
  header: string[];
  rows: unknown[][];
  idColumn: number;
  relevantColumn: number;
}

export const NO_DIGEST_MESSAGE = "Import the priority signals into a sheet first.";

export function missingColumnMessage(sheetName: string, header: string): string {
  return `The sheet "${sheetName}" has no "${header}" column in its first row; import the priority signals again.`;
}

function digestSheet(stored: StoredDigest | null): DigestSheet {
  if (!stored) throw new RequestError(NO_DIGEST_MESSAGE);
  const sheet = activeWorkbook().sheet(stored.sheetName);
  if (!sheet) {
    throw new RequestError(
      `The priority sheet "${stored.sheetName}" is gone from this spreadsheet. Import the priority signals again.`,
    );
  }
  const last = Math.max(sheet.lastRow(), 1);
  const all = sheet.readValues(1, 1, last, Math.max(sheet.lastColumn(), 1));
  const header = (all[0] ?? []).map((cell) => String(cell).trim());
  const idColumn = header.indexOf(PRIORITY_HEADER[0]!);
  const relevantColumn = header.indexOf(RELEVANT_HEADER);
  if (idColumn < 0) throw new RequestError(missingColumnMessage(sheet.name, PRIORITY_HEADER[0]!));
  if (relevantColumn < 0) throw new RequestError(missingColumnMessage(sheet.name, RELEVANT_HEADER));
  return { sheet, header, rows: all.slice(1), idColumn, relevantColumn };
}

type RelevanceCell = { ok: true; value: boolean | null } | { ok: false };

/** TRUE, FALSE or blank: as Sheets stores them (booleans) or as typed text. */
export function readRelevanceCell(value: unknown): RelevanceCell {
  if (typeof value === "boolean") return { ok: true, value };
  if (value === null || value === undefined) return { ok: true, value: null };
  const text = String(value).trim().toUpperCase();
  if (text === "") return { ok: true, value: null };
  if (text === "TRUE") return { ok: true, value: true };
  if (text === "FALSE") return { ok: true, value: false };
  return { ok: false };
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

export interface RelevanceSet {
  id: number;
  relevant: boolean | null;
  message: string;
}

function readRelevance(value: unknown): boolean | null {
  if (value === null || typeof value === "boolean") return value;
  throw new RequestError(`relevant must be true, false or null (to clear); got ${shown(value)}.`);
}

function relevanceWord(value: boolean | null): string {
  return value === null ? "cleared" : value ? "marked relevant" : "marked not relevant";
}

export function setPriorityRelevance(input: unknown): RelevanceSet {
  const request = readRequest(input, "{itemId, relevant: true | false | null}");
  const itemId = readId(request["itemId"], "a priority signal", "itemId");
  if (!("relevant" in request)) {
    throw new RequestError("Say whether the item is relevant (relevant: true, false, or null to clear).");
  }
  const relevant = readRelevance(request["relevant"]);
  const answer = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS }).setRelevance(itemId, relevant);
  const value = answer.is_relevant ?? null;
  // The sheet's column follows, so the sidebar and the sheet never disagree.
  const stored = loadDigest();
  if (stored && activeWorkbook().sheet(stored.sheetName)) {
    const digest = digestSheet(stored);
    const index = digest.rows.findIndex((row) => readIdCell(row[digest.idColumn]) === itemId);
    if (index >= 0) digest.sheet.writeValues(index + 2, digest.relevantColumn + 1, [[value ?? ""]]);
    saveDigest({ ...stored, relevance: { ...stored.relevance, [String(itemId)]: value } });
  }
  return { id: itemId, relevant: value, message: `Priority signal ${itemId} ${relevanceWord(value)}.` };
}

export interface RelevanceSync {
  sent: number;
  relevant: number;
  notRelevant: number;
  cleared: number;
  /** Rows whose cell is not TRUE, FALSE or blank, said per row. */
  problems: string[];
  message: string;
}

/** Sends the "Relevant?" column's feedback that differs from what the service last heard (free). */
export function syncPriorityRelevance(): RelevanceSync {
  const stored = loadDigest();
  const digest = digestSheet(stored);
  const relevance = { ...(stored as StoredDigest).relevance };
  const api = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS });
  const result: RelevanceSync = {
    sent: 0,
    relevant: 0,
    notRelevant: 0,
    cleared: 0,
    problems: [],
    message: "",
  };
  digest.rows.forEach((row, index) => {
    const id = readIdCell(row[digest.idColumn]);
    if (id === null) return;
    const cell = readRelevanceCell(row[digest.relevantColumn]);
    if (!cell.ok) {
      result.problems.push(
        `Row ${index + 2}: ${cellLabel(row[digest.relevantColumn])} is not TRUE, FALSE or blank.`,
      );
      return;
    }
    const known = relevance[String(id)];
    if (known !== undefined && known === cell.value) return;
    const answer = api.setRelevance(id, cell.value);
    relevance[String(id)] = answer.is_relevant ?? null;
    result.sent++;
    if (cell.value === null) result.cleared++;
    else if (cell.value) result.relevant++;
    else result.notRelevant++;
    // Saved after each item: a failure later leaves the record true to what the service heard.
    saveDigest({ sheetName: digest.sheet.name, relevance });
  });
  const parts =
    result.sent === 0
      ? ["Nothing to send: the service already has this feedback."]
      : [
          `Sent ${plural(result.sent, "change")}: ${result.relevant} relevant, ${result.notRelevant} not relevant, ${result.cleared} cleared.`,
        ];
  if (result.problems.length) parts.push(`${plural(result.problems.length, "row")} skipped.`);
  result.message = parts.join(" ");
  return result;
}
