// Reads the JSON bodies of the playground's API, answering bad input with a sentence that says what to send.
import type {
  DialogAnswer,
  DialogButton,
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
  a1: (got: unknown) =>
    `"a1" must be a cell or range in A1 notation, e.g. "B2" or "A2:C9"; got ${show(got)}.`,
  values: (got: unknown) =>
    `"values" must be rows of text, e.g. [["acme.com"], ["=ORG_ATTR(A2, \\"name\\")"]]; got ${show(got)}.`,
  label: (got: unknown) => `"label" must be the label of an add-on menu item (text); got ${show(got)}.`,
  name: (got: unknown) =>
    `"name" must be the name of a server function, e.g. "getSettings"; got ${show(got)}.`,
  args: (got: unknown) => `"args" must be a list of arguments; got ${show(got)}.`,
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
  field: "sheet" | "a1" | "label",
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
