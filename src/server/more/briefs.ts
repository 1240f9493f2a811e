// Intelligence briefs from the More tab: the estimate for the selected organizations (50 credits each)
// before the bulk engine's requestBriefs runs them, and the briefs already in the "Briefs" sheet, read
// back for the dialog that shows one (free: nothing is sent).
import { PRICES } from "../../api/contract";
import { estimateBriefs } from "../../api/pricing";
import { columnRangeA1 } from "../../core/bulk/a1";
import { RequestError } from "../../core/bulk/request";
import { BRIEF_HEADER, BRIEFS_SHEET, readOrganizationIds } from "../../core/jobs/briefs";
import { formatCount, plural } from "../../core/jobs/format";
import { quoteInput } from "../../core/quote-input";
import { activeWorkbook } from "../../platform/spreadsheet";
import { readColumnRef, readRequest } from "../sidebar/args";
import { isBlankCell, readIdCell } from "../sidebar/cells";
import { readColumnCells } from "../sidebar/selection";

export interface BriefEstimate {
  organizationIds: number[];
  /** Cells that hold something other than an organization id. */
  skipped: number;
  credits: number;
  /** "Up to 100 credits · 2 briefs × 50". */
  message: string;
}

export function noBriefIdsMessage(where: string): string {
  return `${where} holds no organization ids. Briefs need ids: add the "id" attribute from the Enrich tab first.`;
}

export function estimateBriefSelection(input: unknown): BriefEstimate {
  const request = readRequest(input, '{selection: {sheetName: "Sheet1", range: "A2:A5"}}');
  const ref = readColumnRef(request["selection"]);
  const ids: number[] = [];
  let skipped = 0;
  for (const value of readColumnCells(ref).values) {
    if (isBlankCell(value)) continue;
    const id = readIdCell(value);
    if (id === null) skipped++;
    else if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0) throw new RequestError(noBriefIdsMessage(`${ref.sheetName}!${columnRangeA1(ref)}`));
  const organizationIds = readOrganizationIds({ organizationIds: ids });
  const estimate = estimateBriefs(organizationIds.length);
  return {
    organizationIds,
    skipped,
    credits: estimate.credits,
    message: `Up to ${plural(estimate.credits, "credit")} · ${plural(organizationIds.length, "brief")} × ${formatCount(PRICES.brief)}`,
  };
}

export interface BriefSummary {
  /** The row of the "Briefs" sheet it is on. */
  row: number;
  organizationId: number | string;
  title: string;
}

export interface BriefView extends BriefSummary {
  /** Markdown, as the service wrote it. */
  body: string;
  link: string;
}

function briefRows(): unknown[][] {
  const sheet = activeWorkbook().sheet(BRIEFS_SHEET);
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
  const rows = briefRows();
  const values = typeof row === "number" && Number.isSafeInteger(row) && row >= 2 ? rows[row - 2] : undefined;
  if (!values || (values[0] === "" && values[1] === "")) throw new RequestError(noBriefMessage(row));
  return {
    row: row as number,
    organizationId: typeof values[0] === "number" ? values[0] : String(values[0] ?? ""),
    title: String(values[1] ?? ""),
    body: String(values[2] ?? ""),
    link: String(values[3] ?? ""),
  };
}
