// Plans a job-title mapping: which rows hold titles, which distinct titles still need the (paid) lookup,
// and where the two new columns go: right of the titles when both are empty there, else after the data.
import { lookupCost } from "../../api/pricing";
import { formatCount, plural } from "../../api/words/format";
import { blockA1, columnLetter, parseColumnRange } from "../../core/sheet/a1";
import { isEmptyCell } from "../../core/sheet/cells";
import type { SheetPort } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import { missingSheetMessage } from "../bulk/plan-run";
import { resultCache } from "../runtime";
import { readTitleColumn, type TitleColumn } from "./titles-column";

/** The formulas' cache scope and fields for titles (JOB_FUNCTION, JOB_LEVEL): a title looked up once is free. */
export const TITLE_SCOPE = "title";
export const TITLE_FIELDS = ["function", "level"] as const;
export const TITLE_LABELS = ["Job function", "Job level"] as const;

export const TITLE_MESSAGES = {
  request:
    "The title mapping needs {sheetName, range}: the sheet and the column of job titles (for example B1:B201).",
  range: (text: string) =>
    `${JSON.stringify(text)} is not a single column. Select one column of job titles, for example B2:B201.`,
  sheet: "Name the sheet that holds the job titles (sheetName).",
  noTitles: (range: string) => `${range} has no job titles to map.`,
} as const;

export interface TitlePlan {
  sheet: SheetPort;
  column: TitleColumn;
  /** Distinct titles by key, as first written. */
  titles: Map<string, string>;
  /** Distinct titles the cache does not answer: the ones that may cost credits. */
  toLookUp: number;
  outputColumn: number;
  /** Where the two labels go (the header row, or the empty row above the titles), or null. */
  labelsRow: number | null;
  /** "B2:B201" */
  dataRange: string;
  /** "C1:D201": the block written, labels included. */
  outputRange: string;
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
  /** The footer line: "Up to 2 credits · 150 titles to look up (1 credit per 100 matched)". */
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function emptyBlock(sheet: SheetPort, row: number, column: number, rows: number): boolean {
  const values = sheet.readValues(row, column, rows, 2);
  const formulas = sheet.readFormulas(row, column, rows, 2);
  return values.every((line, r) => line.every((value, c) => isEmptyCell(value, formulas[r]?.[c])));
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
  const titles = new Map<string, string>();
  for (const read of column.reads)
    if (read.kind === "text" && !titles.has(read.key)) titles.set(read.key, read.text);
  if (titles.size === 0) throw new RequestError(TITLE_MESSAGES.noTitles(dataRange));

  const top = column.headerRow ?? (column.firstDataRow > 1 ? column.firstDataRow - 1 : column.firstDataRow);
  const height = lastRow - top + 1;
  const beside = range.column + 1;
  const outputColumn = emptyBlock(sheet, top, beside, height)
    ? beside
    : Math.max(sheet.lastColumn(), range.column) + 1;
  const labelsRow = top < column.firstDataRow ? top : null;
  const found = resultCache().get(TITLE_SCOPE, [...titles.keys()], [...TITLE_FIELDS]);
  const toLookUp = [...titles.keys()].filter((key) => !found.has(key)).length;
  const firstOut = labelsRow ?? column.firstDataRow;
  return {
    sheet,
    column,
    titles,
    toLookUp,
    outputColumn,
    labelsRow,
    dataRange,
    outputRange: blockA1(firstOut, outputColumn, lastRow - firstOut + 1, 2),
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
    rows: plan.column.summary.rows,
    unique,
    cached,
    credits: plan.credits,
    message: cached > 0 && plan.toLookUp > 0 ? `${message}; ${formatCount(cached)} cached` : message,
  };
}
