// "Use selection": reads the selected column the way a bulk run will (header detected and skipped) and
// describes it for the Enrich tab: "A2:A501 · 500 rows · 480 unique · 3 blank", and, open-ended,
// "A2:A (new rows included) · 500 rows now · 480 unique" so a refresh also covers rows added later.

import { formatCount, plural } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { readInputColumn, summarizeInput } from "../../core/bulk/plan";
import { blockA1, columnLetter, columnRangeA1, MAX_COLUMN } from "../../core/sheet/a1";
import type { SheetPort } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import { activeBlock } from "../../platform/active-range";
import { activeWorkbook } from "../../platform/spreadsheet";
import { readTitleColumn } from "./titles-column";

export const SELECTION_KINDS = ["organizations", "titles"] as const;
export type SelectionKind = (typeof SELECTION_KINDS)[number];

export const SELECTION_MESSAGES = {
  none: "Nothing is selected. Click the column of identifiers in the sheet, then press Use selection.",
  empty: (where: string) =>
    `The selected cells (${where}) are empty. Select the cells that hold your identifiers, then press Use selection again.`,
  columns: (where: string, columns: number) =>
    `The selection ${where} spans ${formatCount(columns)} columns. Select one column, for example A2:A501.`,
  kind: (value: unknown) =>
    `Unknown selection kind ${quoteInput(value)}. Use one of: ${SELECTION_KINDS.join(", ")}.`,
} as const;

export interface EnrichSelection {
  kind: SelectionKind;
  sheetName: string;
  /** The selection cut to the sheet's content, header included: what a request names ("A1:A501"). */
  range: string;
  /** The data rows, header excluded ("A2:A501"). */
  dataRange: string;
  /** The header cell's text when the first row is a header. */
  header: string | null;
  rows: number;
  unique: number;
  blank: number;
  invalid: number;
  duplicates: number;
  /** The column to the right of the selection: where "only empty cells" and "overwrite" start by default. */
  nextColumn: string;
  /** "A2:A501 · 500 rows · 480 unique · 3 blank". */
  summary: string;
  /** The same column open-ended, header included ("A1:A"): a run and its refresh read down to the last filled row. */
  openRange: string;
  /** "A2:A (new rows included) · 500 rows now · 480 unique · 3 blank". */
  openSummary: string;
  /** The selection reaches the sheet's last row (a whole column): rows added later are included by default. */
  wholeColumn: boolean;
}

export function readSelectionKind(value: unknown): SelectionKind {
  if (value === undefined || value === null) return "organizations";
  if (typeof value === "string" && (SELECTION_KINDS as readonly string[]).includes(value)) {
    return value as SelectionKind;
  }
  throw new RequestError(SELECTION_MESSAGES.kind(value));
}

export interface SelectedColumn {
  sheet: SheetPort;
  column: number;
  firstRow: number;
  /** The cells from firstRow down, trailing blanks below the sheet's content left out. */
  values: unknown[];
  /** The selection reaches the sheet's last row, as clicking the column letter selects it. */
  wholeColumn: boolean;
}

function quoted(sheetName: string): string {
  return /^[A-Za-z0-9_]+$/.test(sheetName) ? sheetName : `'${sheetName.replace(/'/g, "''")}'`;
}

/** The one column the person selected, with its values; every refusal is the sentence the sidebar shows. */
export function readSelectedColumn(): SelectedColumn {
  const selection = activeBlock();
  if (!selection) throw new RequestError(SELECTION_MESSAGES.none);
  const where = `${quoted(selection.sheetName)}!${blockA1(selection.row, selection.column, selection.rows, selection.columns)}`;
  if (selection.columns > 1) throw new RequestError(SELECTION_MESSAGES.columns(where, selection.columns));
  const sheet = activeWorkbook().sheet(selection.sheetName);
  if (!sheet) throw new RequestError(SELECTION_MESSAGES.none);
  // A whole-column selection ("A:A") reaches the sheet's last row; the content ends earlier.
  const lastRow = Math.min(selection.row + selection.rows - 1, sheet.lastRow());
  const count = lastRow - selection.row + 1;
  const values =
    count > 0 ? sheet.readValues(selection.row, selection.column, count, 1).map((r) => r[0]) : [];
  let end = values.length;
  while (end > 0 && isBlank(values[end - 1])) end--;
  if (end === 0) throw new RequestError(SELECTION_MESSAGES.empty(where));
  const wholeColumn = selection.row + selection.rows - 1 >= sheet.maxRows();
  return {
    sheet,
    column: selection.column,
    firstRow: selection.row,
    values: values.slice(0, end),
    wholeColumn,
  };
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

export function describeSelection(kindInput: unknown): EnrichSelection {
  const kind = readSelectionKind(kindInput);
  const selected = readSelectedColumn();
  const { column, firstRow, values } = selected;
  const read =
    kind === "organizations"
      ? (() => {
          const input = readInputColumn(values, firstRow, "auto", false);
          return {
            headerRow: input.headerRow,
            firstDataRow: input.firstDataRow,
            summary: summarizeInput(input.reads),
          };
        })()
      : readTitleColumn(values, firstRow);
  const lastRow = firstRow + values.length - 1;
  const dataRange =
    read.firstDataRow <= lastRow
      ? columnRangeA1({ column, firstRow: read.firstDataRow, lastRow })
      : columnRangeA1({ column, firstRow, lastRow });
  const { rows, unique, blank, invalid, duplicates } = read.summary;
  const counts = [`${formatCount(unique)} unique`];
  if (blank > 0) counts.push(`${formatCount(blank)} blank`);
  if (invalid > 0) counts.push(`${formatCount(invalid)} unreadable`);
  const openData = columnRangeA1({ column, firstRow: Math.min(read.firstDataRow, lastRow), lastRow: null });
  return {
    kind,
    sheetName: selected.sheet.name,
    range: columnRangeA1({ column, firstRow, lastRow }),
    dataRange,
    header: read.headerRow === null ? null : String(values[0]).trim(),
    rows,
    unique,
    blank,
    invalid,
    duplicates,
    nextColumn: columnLetter(Math.min(column + 1, MAX_COLUMN)),
    summary: [dataRange, plural(rows, "row"), ...counts].join(" · "),
    openRange: columnRangeA1({ column, firstRow, lastRow: null }),
    openSummary: [`${openData} (new rows included)`, `${plural(rows, "row")} now`, ...counts].join(" · "),
    wholeColumn: selected.wholeColumn,
  };
}
