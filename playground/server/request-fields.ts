// Reads the JSON bodies of the playground's API, answering bad input with a sentence that says what to send.
import { parseA1 } from "../../harness/a1.ts";
import type {
  CopyRequest,
  DialogAnswer,
  DialogButton,
  FillRequest,
  GridWindow,
  MenuRequest,
  RunRequest,
  SelectRequest,
  SetCellsRequest,
} from "../protocol.ts";

/** A request the API refuses: HTTP status and the sentence the client gets. */
export class BadRequest extends Error {
  override name = "BadRequest";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const MAX_BODY_BYTES = 1_000_000;
const BUTTONS: readonly DialogButton[] = ["OK", "CANCEL", "YES", "NO", "CLOSE"];
const FUNCTION_NAME = /^[A-Za-z_$][\w$]*$/;

export const REQUEST_MESSAGES = {
  tooLarge: "The request body is larger than 1,000,000 bytes.",
  notJson: "The request body is not valid JSON.",
  notObject: "The request body must be a JSON object.",
  sheet: (got: unknown) => `"sheet" must be the name of a sheet (text); got ${show(got)}.`,
  fromSheet: (got: unknown) =>
    `"fromSheet" must be the name of the sheet the range was copied on (text); got ${show(got)}.`,
  a1: (got: unknown) =>
    `"a1" must be a cell or range in A1 notation, e.g. "B2" or "A2:C9"; got ${show(got)}.`,
  values: (got: unknown) =>
    `"values" must be rows of text, e.g. [["acme.com"], ["=ORG_ATTR(A2, \\"name\\")"]]; got ${show(got)}.`,
  label: (got: unknown) => `"label" must be the label of an add-on menu item (text); got ${show(got)}.`,
  name: (got: unknown) =>
    `"name" must be the name of a server function, e.g. "getSettings"; got ${show(got)}.`,
  args: (got: unknown) => `"args" must be a list of arguments; got ${show(got)}.`,
  range: (field: string, got: unknown) =>
    `"${field}" must be a range with both ends in A1 notation, e.g. "B2:B5000"; got ${show(got)}.`,
  cell: (field: string, got: unknown) =>
    `"${field}" must be one cell in A1 notation, e.g. "D2"; got ${show(got)}.`,
  span: (field: string, got: unknown) =>
    `"${field}" must be a span of row or column numbers such as 1-60 (first ≤ last, from 1); got ${show(got)}.`,
  direction: (got: unknown) => `"direction" must be up, down, left or right; got ${show(got)}.`,
  answers: (got: unknown) =>
    `"answers" must be a list of {"button": "OK" | "CANCEL" | "YES" | "NO" | "CLOSE", "text"?: text}; got ${show(got)}.`,
} as const;

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The parsed body, which must be a JSON object. */
export function parseBody(raw: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = raw.trim() === "" ? {} : JSON.parse(raw);
  } catch {
    throw new BadRequest(400, REQUEST_MESSAGES.notJson);
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new BadRequest(400, REQUEST_MESSAGES.notObject);
  }
  return body as Record<string, unknown>;
}

const bad = (message: string): never => {
  throw new BadRequest(400, message);
};

function text(
  body: Record<string, unknown>,
  field: "sheet" | "fromSheet" | "a1" | "label" | "from" | "to",
  message: (got: unknown) => string,
) {
  const value = body[field];
  return typeof value === "string" && value.trim() !== "" ? value : bad(message(value));
}

export function readSetCells(body: Record<string, unknown>): SetCellsRequest {
  const sheet = text(body, "sheet", REQUEST_MESSAGES.sheet);
  const a1 = text(body, "a1", REQUEST_MESSAGES.a1);
  const values = body.values;
  const rowsOfText =
    Array.isArray(values) &&
    values.length > 0 &&
    values.every(
      (row) => Array.isArray(row) && row.length > 0 && row.every((cell) => typeof cell === "string"),
    );
  if (!rowsOfText) bad(REQUEST_MESSAGES.values(values));
  return { sheet, a1, values: values as string[][] };
}

export function readSelect(body: Record<string, unknown>): SelectRequest {
  return { sheet: text(body, "sheet", REQUEST_MESSAGES.sheet), a1: text(body, "a1", REQUEST_MESSAGES.a1) };
}

export function readMenu(body: Record<string, unknown>): Required<MenuRequest> {
  return { label: text(body, "label", REQUEST_MESSAGES.label), answers: readAnswers(body.answers) };
}

export function readRun(body: Record<string, unknown>): Required<RunRequest> {
  const name = body.name;
  if (typeof name !== "string" || !FUNCTION_NAME.test(name)) bad(REQUEST_MESSAGES.name(name));
  const args = body.args ?? [];
  if (!Array.isArray(args)) bad(REQUEST_MESSAGES.args(args));
  return { name: name as string, args: args as unknown[], answers: readAnswers(body.answers) };
}

function readAnswers(value: unknown): DialogAnswer[] {
  if (value === undefined) return [];
  const valid =
    Array.isArray(value) &&
    value.every(
      (item) =>
        item !== null &&
        typeof item === "object" &&
        BUTTONS.includes((item as DialogAnswer).button) &&
        ((item as DialogAnswer).text === undefined || typeof (item as DialogAnswer).text === "string"),
    );
  if (!valid) bad(REQUEST_MESSAGES.answers(value));
  return (value as DialogAnswer[]).map((a) => (a.text === undefined ? { button: a.button } : { ...a }));
}

/** A bounded range on the sheet named by the request (no sheet name in the A1 text). */
function boundedRange(body: Record<string, unknown>, field: "a1" | "from"): string {
  const value = body[field];
  const ref = typeof value === "string" ? parseA1(value) : null;
  if (!ref || ref.sheet !== null || ref.endRow === null || ref.endCol === null)
    bad(REQUEST_MESSAGES.range(field, value));
  return value as string;
}

function oneCell(body: Record<string, unknown>, field: "a1" | "to"): string {
  const value = body[field];
  const ref = typeof value === "string" ? parseA1(value) : null;
  if (!ref || ref.sheet !== null || ref.endRow !== ref.startRow || ref.endCol !== ref.startCol)
    bad(REQUEST_MESSAGES.cell(field, value));
  return value as string;
}

export function readFill(body: Record<string, unknown>): FillRequest {
  return { sheet: text(body, "sheet", REQUEST_MESSAGES.sheet), a1: boundedRange(body, "a1") };
}

export function readCopy(body: Record<string, unknown>): CopyRequest {
  const request: CopyRequest = {
    sheet: text(body, "sheet", REQUEST_MESSAGES.sheet),
    from: boundedRange(body, "from"),
    to: oneCell(body, "to"),
  };
  if (body.fromSheet !== undefined) request.fromSheet = text(body, "fromSheet", REQUEST_MESSAGES.fromSheet);
  return request;
}

export type Direction = "up" | "down" | "left" | "right";

/** GET /api/edge?sheet=…&a1=B7&direction=down: where Ctrl+arrow lands. */
export function readEdge(query: URLSearchParams): { sheet: string; a1: string; direction: Direction } {
  const sheet = query.get("sheet") ?? "";
  if (sheet.trim() === "") bad(REQUEST_MESSAGES.sheet(query.get("sheet")));
  const a1 = oneCell({ a1: query.get("a1") }, "a1");
  const direction = query.get("direction");
  if (direction !== "up" && direction !== "down" && direction !== "left" && direction !== "right")
    bad(REQUEST_MESSAGES.direction(direction));
  return { sheet, a1, direction: direction as Direction };
}

/** GET /api/last-cell?sheet=…: Ctrl+End's cell. */
export function readSheet(query: URLSearchParams): string {
  const sheet = query.get("sheet") ?? "";
  if (sheet.trim() === "") bad(REQUEST_MESSAGES.sheet(query.get("sheet")));
  return sheet;
}

/** GET /api/text?sheet=…&a1=B2:C9: a range as tab-separated display text, for the clipboard. */
export function readText(query: URLSearchParams): { sheet: string; a1: string } {
  const sheet = query.get("sheet") ?? "";
  if (sheet.trim() === "") bad(REQUEST_MESSAGES.sheet(query.get("sheet")));
  return { sheet, a1: boundedRange({ a1: query.get("a1") }, "a1") };
}

/** The window GET /api/state serves: `rows=1-60&cols=1-12`, by default rows 1–1,000 and columns 1–100. */
export function readWindow(query: URLSearchParams): GridWindow {
  const [top, bottom] = span(query, "rows", 1000);
  const [left, right] = span(query, "cols", 100);
  return { top, bottom, left, right };
}

function span(query: URLSearchParams, field: "rows" | "cols", last: number): [number, number] {
  const value = query.get(field);
  if (value === null) return [1, last];
  const match = /^(\d{1,7})-(\d{1,7})$/.exec(value);
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || from < 1 || to < from) bad(REQUEST_MESSAGES.span(field, value));
  return [from, to];
}
