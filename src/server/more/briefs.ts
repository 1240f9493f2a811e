// Intelligence briefs from the More tab: the estimate for the selected organizations (50 credits each, plus
// matching domains and names to ids first) before the bulk engine's requestBriefs runs them, and the briefs already in the "Briefs" sheet, read
// back for the dialog that shows one (free: nothing is sent).
import { PRICES } from "../../api/contract";
import { estimateBriefs } from "../../api/pricing";
import { formatCount, plural } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import {
  BRIEF_HEADER,
  BRIEFS_SHEET,
  briefMarkdown,
  MAX_BRIEFS,
  readOrganizationIds,
} from "../../core/jobs/briefs";
import { columnRangeA1 } from "../../core/sheet/a1";
import type { SheetPort } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import { readColumnRef, readRequest } from "../sidebar/args";
import { readOrganizationCell } from "../sidebar/cells";
import { matchCost, type ReadableOrganization } from "../sidebar/organization-match";
import { readColumnCells } from "../sidebar/selection";

export interface BriefEstimate {
  organizationIds: number[];
  /** Domains, web addresses, e-mails and names to match to ids first (sent back as requestBriefs' `match`). */
  match: string[];
  /** Cells that name no organization. */
  skipped: number;
  credits: number;
  /** "Up to 100 credits · 2 briefs × 50", with "+ 1 to match 1 domain or name" when there are any. */
  message: string;
}

export function noBriefIdsMessage(where: string): string {
  return `${where} names no organization. Briefs need organization ids, domains, web addresses, e-mails or names.`;
}

/** What the organizations endpoint is asked to match, as text requestBriefs reads again. */
function matchText(read: ReadableOrganization): string {
  return read.input.url ?? read.input.name ?? "";
}

export function estimateBriefSelection(input: unknown): BriefEstimate {
  const request = readRequest(input, '{selection: {sheetName: "Sheet1", range: "A2:A5"}}');
  const ref = readColumnRef(request["selection"]);
  const ids: number[] = [];
  const match = new Map<string, string>();
  let skipped = 0;
  for (const value of readColumnCells(ref).values) {
    const cell = readOrganizationCell(value);
    if (cell.kind === "blank") continue;
    if (cell.kind === "other") skipped++;
    else if (cell.read.input.id !== undefined) {
      if (!ids.includes(cell.read.input.id)) ids.push(cell.read.input.id);
    } else match.set(cell.read.key, matchText(cell.read));
  }
  if (ids.length + match.size === 0) {
    throw new RequestError(noBriefIdsMessage(`${ref.sheetName}!${columnRangeA1(ref)}`));
  }
  if (ids.length + match.size > MAX_BRIEFS) {
    throw new RequestError(`Ask for at most ${MAX_BRIEFS} briefs at a time; got ${ids.length + match.size}.`);
  }
  const organizationIds = ids.length > 0 ? readOrganizationIds({ organizationIds: ids }) : [];
  // Every organization matched is one brief more, at most.
  const briefs = organizationIds.length + match.size;
  const lookup = matchCost(match.size);
  const estimate = estimateBriefs(briefs);
  const credits = estimate.credits + lookup;
  let message = `Up to ${plural(credits, "credit")} · ${plural(briefs, "brief")} × ${formatCount(PRICES.brief)}`;
  if (match.size > 0) {
    message += ` + ${formatCount(lookup)} to match ${plural(match.size, "domain or name", "domains or names")}`;
  }
  return { organizationIds, match: [...match.values()], skipped, credits, message };
}

export interface BriefSummary {
  /** The row of the "Briefs" sheet it is on. */
  row: number;
  organizationId: number | string;
  title: string;
}

export interface BriefView extends BriefSummary {
  /** Markdown, as the service wrote it (kept in the cell's note), or the cell's text when the note is gone. */
  body: string;
  link: string;
}

function briefRows(sheet: SheetPort | null = activeWorkbook().sheet(BRIEFS_SHEET)): unknown[][] {
  if (!sheet || sheet.lastRow() < 2) return [];
  return sheet.readValues(2, 1, sheet.lastRow() - 1, BRIEF_HEADER.length);
}

/** The briefs written so far, newest first. */
export function listBriefs(): BriefSummary[] {
  return briefRows()
    .map((row, index) => ({
      row: index + 2,
      organizationId: typeof row[0] === "number" ? row[0] : String(row[0] ?? ""),
      title: String(row[1] ?? ""),
    }))
    .filter((brief) => brief.organizationId !== "" || brief.title !== "")
    .reverse();
}

export function noBriefMessage(row: unknown): string {
  return `There is no brief on row ${quoteInput(row)} of the "${BRIEFS_SHEET}" sheet. Pick one from the list of briefs.`;
}

export function getBrief(input: unknown): BriefView {
  const request = readRequest(input, "{row}");
  const row = request["row"];
  const sheet = activeWorkbook().sheet(BRIEFS_SHEET);
  const rows = briefRows(sheet);
  const values = typeof row === "number" && Number.isSafeInteger(row) && row >= 2 ? rows[row - 2] : undefined;
  if (!values || (values[0] === "" && values[1] === "")) throw new RequestError(noBriefMessage(row));
  return {
    row: row as number,
    organizationId: typeof values[0] === "number" ? values[0] : String(values[0] ?? ""),
    title: String(values[1] ?? ""),
    // Found on a row of the sheet, so the sheet is there.
    body: briefMarkdown(sheet as SheetPort, row as number, String(values[2] ?? "")),
    link: String(values[3] ?? ""),
  };
}
