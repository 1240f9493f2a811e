// Reads a bulk request's sheet and input column and plans the run and its most possible cost.

import { formatCount } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { followSheet } from "../../core/bulk/follow-sheet";
import { looksLikeHeader } from "../../core/bulk/header";
import type { WritePolicy } from "../../core/bulk/output";
import {
  type BulkEstimate,
  estimateBulk,
  type InputSummary,
  readInputColumn,
  summarizeInput,
} from "../../core/bulk/plan";
import type { BulkRequest } from "../../core/bulk/request";
import { type BulkState, createBulkState, STATUS, STATUS_HEADER } from "../../core/bulk/state";
import {
  STATUS_IDENTIFIER_CHANGED,
  STATUS_IDENTIFIER_INVALID,
  STATUS_IDENTIFIER_REMOVED,
} from "../../core/changes/change-sheet";
import { blockA1, columnLetter, columnRangeA1 } from "../../core/sheet/a1";
import { isEmptyCell } from "../../core/sheet/cells";
import type { SheetPort, WorkbookPort } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";

export interface PlannedRun {
  sheet: SheetPort;
  state: BulkState;
  summary: InputSummary;
  estimate: BulkEstimate;
  /** "A2:A501": the data rows, header excluded. */
  dataRange: string;
  /** Where values go, field labels included: "D1:F501". */
  outputRange: string;
}

export function missingSheetMessage(name: string): string {
  return `There is no sheet named ${quoteInput(name)} in this spreadsheet.`;
}

/**
 * Refused: a range reaching rows the sheet does not have ("A1:A10000000" on 1,000 rows), which would
 * plan millions of empty rows. Said with the numbers read from the range, never the text given.
 */
export function pastLastRowMessage(name: string, range: BulkRequest["range"], rows: number): string {
  const letter = columnLetter(range.column);
  const last = range.lastRow ?? range.firstRow;
  const from = range.firstRow <= rows ? range.firstRow : 1;
  return `${quoteInput(name)} has ${formatCount(rows)} rows; ${columnRangeA1(range)} reaches row ${formatCount(last)}. Select rows inside the sheet, for example ${letter}${from}:${letter}${rows}.`;
}

/**
 * Where a run into existing columns says why rows have no values: the column right of them when it is
 * empty over the rows (or is an earlier run's Status column), else the first column after everything on
 * the sheet, so no status is ever written among someone's values.
 */
function statusColumnBeside(
  sheet: SheetPort,
  beside: number,
  input: { headerRow: number | null; firstDataRow: number; reads: unknown[] },
  values: readonly unknown[],
  lastColumn: number,
): number {
  const rows = input.reads.length;
  const headerRow = input.headerRow ?? (input.firstDataRow > 1 ? input.firstDataRow - 1 : null);
  if (headerRow !== null) {
    const label = sheet.readValues(headerRow, beside, 1, 1)[0]?.[0];
    if (typeof label === "string" && label.trim() === STATUS_HEADER) return beside;
  }
  if (rows === 0 || values.length === 0) return beside;
  const cells = sheet.readValues(input.firstDataRow, beside, rows, 1);
  const formulas = sheet.readFormulas(input.firstDataRow, beside, rows, 1);
  // Empty, or an earlier run's Status column under no header (every filled cell one of its words).
  const ours = cells.every(
    (line, r) => isEmptyCell(line[0], formulas[r]?.[0]) || (!formulas[r]?.[0] && isStatusText(line[0])),
  );
  return ours ? beside : Math.max(lastColumn, beside) + 1;
}

/** Whether a cell holds what a run writes in its Status column. */
function isStatusText(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const words: readonly string[] = [
    STATUS.found,
    STATUS.notFound,
    STATUS.lost,
    STATUS.failed,
    STATUS_IDENTIFIER_CHANGED,
    STATUS_IDENTIFIER_REMOVED,
    STATUS_IDENTIFIER_INVALID,
  ];
  return words.includes(value) || value.startsWith(STATUS.unreadable(""));
}

export function planRun(
  request: BulkRequest,
  workbook: WorkbookPort,
  placement: { outputColumn?: number; policy?: WritePolicy; afterColumn?: number } = {},
): PlannedRun {
  followSheet(workbook, request);
  const sheet = workbook.sheet(request.sheetName);
  if (!sheet) throw new RequestError(missingSheetMessage(request.sheetName));
  const { column, firstRow } = request.range;
  const sheetRows = sheet.maxRows();
  if (Math.max(firstRow, request.range.lastRow ?? 0) > sheetRows)
    throw new RequestError(pastLastRowMessage(request.sheetName, request.range, sheetRows));
  const lastRow = request.range.lastRow ?? sheet.lastRow();
  const count = Math.max(0, lastRow - firstRow + 1);
  const values = count > 0 ? sheet.readValues(firstRow, column, count, 1).map((row) => row[0]) : [];
  const input = readInputColumn(values, firstRow, request.header, request.range.lastRow === null);
  // A selection that starts below its header ("A2:A501" under "Domain") gets its labels in that header row.
  const headerAbove =
    input.headerRow === null &&
    firstRow > 1 &&
    request.header !== "no" &&
    looksLikeHeader(sheet.readValues(firstRow - 1, column, 1, 1)[0]?.[0], values);
  const { afterColumn, ...fixed } = placement;
  const width = request.fields.length;
  // New columns go after the sheet's content and after any column a running job is about to fill.
  const lastColumn = Math.max(sheet.lastColumn(), afterColumn ?? 0);
  const existingColumns = placement.outputColumn ?? request.output.targetColumn;
  const state = createBulkState(request, input, {
    lastColumn,
    headerAbove,
    ...(existingColumns === null
      ? {}
      : { statusColumn: statusColumnBeside(sheet, existingColumns + width, input, values, lastColumn) }),
    ...fixed,
  });
  const rows = state.rowCount;
  let include: ((offset: number) => boolean) | undefined;
  // New columns are empty; existing ones are filled only where empty, so filled rows cost nothing.
  const freshColumns = request.output.mode === "new-columns" && placement.outputColumn === undefined;
  if (state.policy === "fill-empty" && !freshColumns && rows > 0) {
    const existing = sheet.readValues(state.firstDataRow, state.outputColumn, rows, width);
    const formulas = sheet.readFormulas(state.firstDataRow, state.outputColumn, rows, width);
    include = (offset) =>
      (existing[offset] ?? []).some((value, c) => isEmptyCell(value, formulas[offset]?.[c]));
  }
  const firstOutputRow = state.labelsRow ?? state.firstDataRow;
  const lastOutputRow = Math.max(state.firstDataRow + rows - 1, firstOutputRow);
  return {
    sheet,
    state,
    summary: summarizeInput(input.reads),
    estimate: estimateBulk(input.reads, request.fields, include),
    dataRange:
      rows > 0
        ? columnRangeA1({ column, firstRow: state.firstDataRow, lastRow: state.firstDataRow + rows - 1 })
        : columnRangeA1(request.range),
    outputRange: blockA1(firstOutputRow, state.outputColumn, lastOutputRow - firstOutputRow + 1, width),
  };
}
