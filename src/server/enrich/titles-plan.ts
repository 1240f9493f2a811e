// Plans a job-title mapping: which rows hold titles, which distinct titles still need the (paid) lookup,
// and where the two columns go (see titles-target.ts).
import { lookupCost } from "../../api/pricing";
import { formatCount, plural } from "../../api/words/format";
import type { TextRead } from "../../core/organizations/identifiers";
import { columnLetter, parseColumnRange } from "../../core/sheet/a1";
import type { SheetPort } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import { missingSheetMessage } from "../bulk/plan-run";
import { resultCache } from "../runtime";
import { readTitleColumn, type TitleColumn } from "./titles-column";
import { placementSentence, type TitleTarget, targetRange, titleTarget } from "./titles-target";

export { TITLE_LABELS } from "./titles-target";

/** The formulas' cache scope and fields for titles (JOB_FUNCTION, JOB_LEVEL): a title looked up once is free. */
export const TITLE_SCOPE = "title";
export const TITLE_FIELDS = ["function", "level"] as const;

export const TITLE_MESSAGES = {
  request:
    "The title mapping needs {sheetName, range}: the sheet and the column of job titles (for example B1:B201).",
  range: (text: string) =>
    `${JSON.stringify(text)} is not a single column. Select one column of job titles, for example B2:B201.`,
  sheet: "Name the sheet that holds the job titles (sheetName).",
  noTitles: (range: string) => `${range} has no job titles to map.`,
  allFilled: (range: string) =>
    `Every title in ${range} has its Job function and Job level filled already: nothing to map. Clear the cells to map them again.`,
} as const;

export interface TitlePlan {
  sheet: SheetPort;
  column: TitleColumn;
  /** Distinct titles by key, as first written. */
  titles: Map<string, string>;
  /** Distinct titles the cache does not answer: the ones that may cost credits. */
  toLookUp: number;
  /** The columns written, and the cells in them kept. */
  target: TitleTarget;
  /** Where the two labels go (the header row, or the empty row above the titles), or null. */
  labelsRow: number | null;
  /** "B2:B201" */
  dataRange: string;
  /** "C1:D201": the block written, labels included ("C2:C201 and F1:F201" when apart). */
  outputRange: string;
  /** Where the values go and what is kept, in the sidebar's words. */
  placement: string;
  credits: number;
}

export interface TitleEstimate {
  sheetName: string;
  dataRange: string;
  outputRange: string;
  rows: number;
  unique: number;
  cached: number;
  credits: number;
  placement: string;
  /** The footer line: "Up to 2 credits · 150 titles to look up (1 credit per 100 matched)". */
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function hasTitles(reads: readonly TextRead[]): boolean {
  return reads.some((read) => read.kind === "text");
}

/**
 * The distinct titles to look up, by key as first written: only titles with a cell left to fill, so a row
 * whose two cells are kept costs nothing; none left is said so.
 */
export function titlesToFill(
  reads: readonly TextRead[],
  filled: readonly (readonly boolean[])[],
  dataRange: string,
): Map<string, string> {
  const titles = new Map<string, string>();
  reads.forEach((read, r) => {
    const cells = filled[r];
    if (read.kind === "text" && !titles.has(read.key) && !(cells?.[0] && cells[1]))
      titles.set(read.key, read.text);
  });
  if (titles.size === 0) throw new RequestError(TITLE_MESSAGES.allFilled(dataRange));
  return titles;
}

export function planTitles(input: unknown): TitlePlan {
  if (!isRecord(input)) throw new RequestError(TITLE_MESSAGES.request);
  const text = typeof input["range"] === "string" ? input["range"].trim() : "";
  if (text === "") throw new RequestError(TITLE_MESSAGES.request);
  const range = parseColumnRange(text);
  if (!range) throw new RequestError(TITLE_MESSAGES.range(text));
  const sheetName =
    (typeof input["sheetName"] === "string" ? input["sheetName"].trim() : "") || range.sheet || "";
  if (sheetName === "") throw new RequestError(TITLE_MESSAGES.sheet);
  const sheet = activeWorkbook().sheet(sheetName);
  if (!sheet) throw new RequestError(missingSheetMessage(sheetName));
  const lastRow = Math.min(range.lastRow ?? sheet.lastRow(), Math.max(sheet.lastRow(), range.firstRow));
  const count = lastRow - range.firstRow + 1;
  const values = sheet.readValues(range.firstRow, range.column, count, 1).map((row) => row[0]);
  const column = readTitleColumn(values, range.firstRow);
  const letter = columnLetter(range.column);
  const dataRange = `${letter}${column.firstDataRow}:${letter}${lastRow}`;
  if (!hasTitles(column.reads)) throw new RequestError(TITLE_MESSAGES.noTitles(dataRange));

  const top = column.headerRow ?? (column.firstDataRow > 1 ? column.firstDataRow - 1 : column.firstDataRow);
  const labelsRow = top < column.firstDataRow ? top : null;
  const target = titleTarget(sheet, range.column, top, labelsRow, column.firstDataRow, lastRow);
  const titles = titlesToFill(column.reads, target.filled, dataRange);
  const found = resultCache().get(TITLE_SCOPE, [...titles.keys()], [...TITLE_FIELDS]);
  const toLookUp = [...titles.keys()].filter((key) => !found.has(key)).length;
  const outputRange = targetRange(target, labelsRow, column.firstDataRow, lastRow);
  return {
    sheet,
    column,
    titles,
    toLookUp,
    target,
    labelsRow,
    dataRange,
    outputRange,
    placement: placementSentence(target, outputRange),
    credits: lookupCost(toLookUp),
  };
}

export function estimateTitleMapping(input: unknown): TitleEstimate {
  const plan = planTitles(input);
  const unique = plan.titles.size;
  const cached = unique - plan.toLookUp;
  const message =
    plan.toLookUp === 0
      ? `Free · all ${plural(unique, "title")} were looked up before`
      : `Up to ${plural(plan.credits, "credit")} · ${plural(plan.toLookUp, "title")} to look up (1 credit per 100 matched)`;
  return {
    sheetName: plan.sheet.name,
    dataRange: plan.dataRange,
    outputRange: plan.outputRange,
    placement: plan.placement,
    rows: plan.column.summary.rows,
    unique,
    cached,
    credits: plan.credits,
    message: cached > 0 && plan.toLookUp > 0 ? `${message}; ${formatCount(cached)} cached` : message,
  };
}
