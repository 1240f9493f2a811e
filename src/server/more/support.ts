// Support from the More tab, both free: a data-quality report about the selected row (its organization
// or person id found by the row's headers and prefilled) and a general support request, each confirmed
// with the service's own reply.
import { type DataQualityRequest, LIMITS, type SupportRequest } from "../../api/contract";
import { formatCount } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { columnLetter } from "../../core/sheet/a1";
import { RequestError } from "../../core/text/user-errors";
import { activeBlock } from "../../platform/active-range";
import { activeWorkbook } from "../../platform/spreadsheet";
import { makeClient } from "../runtime";
import { readRequest } from "../sidebar/args";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { isBlankCell, readIdCell } from "../sidebar/cells";
import { NO_SELECTION_MESSAGE } from "../sidebar/selection";

export interface SupportContext {
  sheetName: string;
  row: number;
  organizationId: number | null;
  personId: number | null;
  /** The row as "Header: value" lines, for the report's text. */
  details: string[];
  /** A link to the record at the service, when the row has one. */
  url: string | null;
}

/** How many of the row's cells the prefilled report quotes. */
const MAX_DETAILS = 12;
const ORGANIZATION_ID = /^(organi[sz]ation|org|company|account)[\s_-]*id$/i;
const PERSON_ID = /^(person|people|contact)[\s_-]*id$/i;

export const HEADER_ROW_MESSAGE =
  "Select a cell in the row with the wrong data; row 1 holds the column names the report quotes.";

/** Reads the selected row: its header row is row 1 of the sheet. */
export function getSupportContext(): SupportContext {
  const block = activeBlock();
  if (!block) throw new RequestError(NO_SELECTION_MESSAGE);
  const sheet = activeWorkbook().sheet(block.sheetName);
  if (!sheet) throw new RequestError(NO_SELECTION_MESSAGE);
  const width = Math.max(sheet.lastColumn(), 1);
  const header = sheet.readValues(1, 1, 1, width)[0] ?? [];
  if (block.row === 1) throw new RequestError(HEADER_ROW_MESSAGE);
  const values = sheet.readValues(block.row, 1, 1, width)[0] ?? [];
  const label = (c: number) => {
    const text = String(header[c] ?? "").trim();
    return text || `Column ${columnLetter(c + 1)}`;
  };
  let organizationId: number | null = null;
  let personId: number | null = null;
  let url: string | null = null;
  const details: string[] = [];
  values.forEach((value, c) => {
    if (isBlankCell(value)) return;
    const name = label(c);
    const id = readIdCell(value);
    if (id !== null && organizationId === null && (ORGANIZATION_ID.test(name) || /^id$/i.test(name)))
      organizationId = id;
    if (id !== null && personId === null && PERSON_ID.test(name)) personId = id;
    if (url === null && typeof value === "string" && /^https?:\/\//i.test(value.trim())) url = value.trim();
    if (details.length < MAX_DETAILS) details.push(`${name}: ${String(value).trim()}`);
  });
  return { sheetName: block.sheetName, row: block.row, organizationId, personId, details, url };
}

export interface SupportReply {
  /** The service's confirmation, as it wrote it. */
  reply: string;
}

function readMessage(value: unknown): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") throw new RequestError("Write what is wrong or what you need first (message).");
  if (text.length > LIMITS.supportMessageMax) {
    throw new RequestError(
      `Keep the message to ${formatCount(LIMITS.supportMessageMax)} characters; it has ${formatCount(text.length)}.`,
    );
  }
  return text;
}

function readUrl(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || !/^https?:\/\/\S+$/i.test(value.trim())) {
    throw new RequestError(
      `The link must be a web address starting with https://; got ${quoteInput(value)}.`,
    );
  }
  if (value.trim().length > LIMITS.supportUrlMax) {
    throw new RequestError(`The link can have at most ${formatCount(LIMITS.supportUrlMax)} characters.`);
  }
  return value.trim();
}

export function sendDataQualityReport(input: unknown): SupportReply {
  const request = readRequest(input, "{message, url?, pageTitle?}");
  const message = readMessage(request["message"]);
  const url = readUrl(request["url"]);
  const pageTitle = typeof request["pageTitle"] === "string" ? request["pageTitle"].trim() : "";
  const body: DataQualityRequest = {
    message,
    ...(url ? { url } : {}),
    ...(pageTitle ? { page_title: pageTitle.slice(0, LIMITS.supportPageTitleMax) } : {}),
  };
  const answer = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS }).dataQuality(body);
  return { reply: answer.message };
}

export function sendSupportRequest(input: unknown): SupportReply {
  const request = readRequest(input, "{message, url?}");
  const message = readMessage(request["message"]);
  const url = readUrl(request["url"]);
  const body: SupportRequest = { message, ...(url ? { url } : {}) };
  const answer = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS }).support(body);
  return { reply: answer.message };
}
