// The selected column as the Lists, Signals and More screens use it: what the sidebar shows about it
// ("Sheet1!A2:A9 · 8 rows · 5 ids · 3 domains or names"), and its cells read again when an action runs.

import { plural } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { blockA1 } from "../../core/sheet/a1";
import type { SheetPort } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import { activeBlock } from "../../platform/active-range";
import { activeWorkbook } from "../../platform/spreadsheet";
import type { ColumnRef } from "./args";
import { isBlankCell, isHeaderCell, isSlugText, readIdCell, readOrganizationCell } from "./cells";

export interface SelectionView {
  sheetName: string;
  /** The first selected column, header included ("A1:A9"): what actions are sent. */
  range: string;
  /** Selected columns; only the first is used. */
  columns: number;
  header: string | null;
  /** Data rows (header excluded) and how many hold something, and how many hold an id. */
  rows: number;
  filled: number;
  ids: number;
  /** The first id in the column, for actions about one person or list. */
  firstId: number | null;
  /** Organizations named other than by id (domains, URLs, e-mails, names), each once: matched to ids (paid). */
  toMatch: number;
  /** How many of `toMatch` are shaped like slugs, which organization lists take as they are (free). */
  slugs: number;
  /** The first cell that names an organization, for actions about one organization; `id` null when it must be matched. */
  firstOrganization: { text: string; id: number | null } | null;
  /** "Sheet1!A2:A9 · 8 rows · 4 ids · 1 slug · 3 domains or names". */
  label: string;
}

export const NO_SELECTION_MESSAGE = "Select the cells to use in the spreadsheet first.";

export function missingSheetMessage(name: string): string {
  return `There is no sheet named ${quoteInput(name)} in this spreadsheet any more. Select the cells again.`;
}

/** A column's cells as an action reads them: the header, if any, and one value per data row. */
export interface ColumnCells {
  sheet: SheetPort;
  column: number;
  headerRow: number | null;
  header: string | null;
  firstDataRow: number;
  values: unknown[];
}

/** One word with a dot, "@" or "/": a domain, e-mail address or link, which is a row's data, never a label. */
const ADDRESS = /^[^\s]*[.@/][^\s]*$/;

/**
 * Whether the first cell labels the column: header-like text (see isHeaderCell) that is not an address.
 * "acme.com" or a LinkedIn link on top is a row like the others: it is shown, counted and reported on.
 */
function startsWithHeader(first: unknown): boolean {
  return isHeaderCell(first) && !(typeof first === "string" && ADDRESS.test(first.trim()));
}

function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

export function readColumnCells(ref: ColumnRef): ColumnCells {
  const sheet = activeWorkbook().sheet(ref.sheetName);
  if (!sheet) throw new RequestError(missingSheetMessage(ref.sheetName));
  // Whole-column selections ("A:A") stop at the sheet's last row with content.
  const lastRow = Math.min(ref.lastRow ?? sheet.lastRow(), Math.max(sheet.lastRow(), ref.firstRow));
  const count = Math.max(0, lastRow - ref.firstRow + 1);
  const cells = count > 0 ? sheet.readValues(ref.firstRow, ref.column, count, 1).map((row) => row[0]) : [];
  const hasHeader = cells.length > 0 && startsWithHeader(cells[0]);
  return {
    sheet,
    column: ref.column,
    headerRow: hasHeader ? ref.firstRow : null,
    header: hasHeader ? String(cells[0]).trim() : null,
    firstDataRow: hasHeader ? ref.firstRow + 1 : ref.firstRow,
    values: hasHeader ? cells.slice(1) : cells,
  };
}

/** The selected column, read for the sidebar. */
export function selectedColumn(): SelectionView {
  const block = activeBlock();
  if (!block) throw new RequestError(NO_SELECTION_MESSAGE);
  const cells = readColumnCells({
    sheetName: block.sheetName,
    column: block.column,
    firstRow: block.row,
    lastRow: block.row + block.rows - 1,
  });
  const filled = cells.values.filter((value) => !isBlankCell(value));
  const ids = filled.map(readIdCell).filter((id): id is number => id !== null);
  const matchKeys = new Set<string>();
  const slugKeys = new Set<string>();
  let firstOrganization: SelectionView["firstOrganization"] = null;
  for (const value of filled) {
    const cell = readOrganizationCell(value);
    if (cell.kind !== "org") continue;
    const id = cell.read.input.id ?? null;
    firstOrganization ??= { text: String(value).trim(), id };
    if (id !== null) continue;
    matchKeys.add(cell.read.key);
    if (isSlugText(value)) slugKeys.add(cell.read.key);
  }
  const rows = cells.values.length;
  const span = (from: number, to: number) => blockA1(from, block.column, Math.max(1, to - from + 1), 1);
  const lastRow = cells.firstDataRow + rows - 1;
  const range = span(cells.headerRow ?? cells.firstDataRow, lastRow);
  const dataRange = rows === 0 ? range : span(cells.firstDataRow, lastRow);
  const parts = [`${quoteSheet(block.sheetName)}!${dataRange}`, plural(rows, "row")];
  if (ids.length > 0) parts.push(plural(ids.length, "id"));
  // Slugs are told apart: lists take them as they are; elsewhere they are matched like names.
  if (slugKeys.size > 0) parts.push(plural(slugKeys.size, "slug"));
  const others = matchKeys.size - slugKeys.size;
  if (others > 0) parts.push(plural(others, "domain or name", "domains or names"));
  if (block.columns > 1) parts.push(`first of ${block.columns} columns`);
  return {
    sheetName: block.sheetName,
    range,
    columns: block.columns,
    header: cells.header,
    rows,
    filled: filled.length,
    ids: ids.length,
    firstId: ids[0] ?? null,
    toMatch: matchKeys.size,
    slugs: slugKeys.size,
    firstOrganization,
    label: parts.join(" · "),
  };
}
