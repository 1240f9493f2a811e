// The priority digest's sheet as the Signals screen reads it back: its columns found by header (so moved
// columns still count), and the "Relevant?" cells read as TRUE, FALSE or blank.

import type { SheetPort } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import type { StoredDigest } from "./store";

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

/** The digest sheet's rows, read by header so moved columns still count. */
export interface DigestSheet {
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

export function digestSheet(stored: StoredDigest | null): DigestSheet {
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
