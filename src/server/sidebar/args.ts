// Reads the arguments the Lists, Signals and More screens send: each refusal is the sentence the sidebar
import { formatCount } from "../../api/words/format";
// shows, naming the field in brackets so a developer calling the function sees what to send.

import { CreateListRequest } from "../../api/contract";
import { quoteInput } from "../../api/words/quote-input";
import { parseColumnRange } from "../../core/sheet/a1";
import { RequestError } from "../../core/text/user-errors";

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The request object itself; `shape` says what it should look like. */
export function readRequest(value: unknown, shape: string): Record<string, unknown> {
  if (!isRecord(value)) throw new RequestError(`Send ${shape}.`);
  return value;
}

/** A service id: a positive whole number (digits as text count too, as cells hold them). */
export function readId(value: unknown, what: string, field: string): number {
  const number = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number) || number < 1) {
    throw new RequestError(
      `Choose ${what} (${field} must be a positive whole number; got ${quoteInput(value)}).`,
    );
  }
  return number;
}

export function readBoolean(value: unknown, field: string): boolean {
  if (typeof value !== "boolean")
    throw new RequestError(`${field} must be true or false; got ${quoteInput(value)}.`);
  return value;
}

export function readOptionalBoolean(value: unknown, field: string): boolean {
  return value === undefined || value === null ? false : readBoolean(value, field);
}

/** A list name, held to the contract's own rules, in words a person can act on. */
export function readListName(value: unknown): string {
  if (value !== undefined && value !== null && typeof value !== "string") {
    throw new RequestError(`A list name must be text; got ${quoteInput(value)}.`);
  }
  const checked = CreateListRequest.safeParse({ name: value ?? "" });
  if (checked.success) return checked.data.name;
  const issue = checked.error.issues[0];
  if (issue?.code === "too_big") {
    throw new RequestError(
      `A list name can have at most ${String(issue.maximum)} characters; this one has ${formatCount(String(value).trim().length)}.`,
    );
  }
  throw new RequestError("Give the list a name.");
}

/** Where a column of identifiers is: the sheet and the one-column range the sidebar showed. */
export interface ColumnRef {
  sheetName: string;
  column: number;
  firstRow: number;
  /** Null for an open end ("A2:A"): down to the sheet's last row with content. */
  lastRow: number | null;
}

export const SELECTION_SHAPE = '{sheetName: "Sheet1", range: "A2:A50"}';

export function readColumnRef(value: unknown, field = "selection"): ColumnRef {
  if (!isRecord(value)) {
    throw new RequestError(`Select a column of cells first (${field} must be ${SELECTION_SHAPE}).`);
  }
  const sheetName = typeof value["sheetName"] === "string" ? value["sheetName"].trim() : "";
  if (sheetName === "") throw new RequestError(`Name the sheet of the selection (${field}.sheetName).`);
  const text = value["range"];
  const parsed = typeof text === "string" ? parseColumnRange(text) : null;
  if (!parsed || (parsed.sheet !== null && parsed.sheet !== sheetName)) {
    throw new RequestError(
      `${quoteInput(text)} is not one column of cells. Select a single column, for example A2:A50 (${field}.range).`,
    );
  }
  return { sheetName, column: parsed.column, firstRow: parsed.firstRow, lastRow: parsed.lastRow };
}
