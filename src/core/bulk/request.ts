// Checks and normalises a bulk request from the sidebar; every refusal is a sentence shown as it is.

import {
  ENTITY_TYPES,
  type EntityMetric,
  type EntityType,
  ORGANIZATION_ATTRIBUTE_NAMES,
  type OrganizationAttribute,
} from "../../api/contract";
import { quoteInput } from "../../api/words/quote-input";
import { checkMetric, fieldKey, type OrgField } from "../organizations/org-fields";
import {
  blockA1,
  type ColumnRange,
  columnLetter,
  columnNumber,
  MAX_COLUMN,
  parseColumnRange,
} from "../sheet/a1";
import { didYouMean } from "../text/nearest-names";
import { RequestError } from "../text/user-errors";

export const OUTPUT_MODES = ["new-columns", "empty-only", "overwrite"] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

export const HEADER_SETTINGS = ["auto", "yes", "no"] as const;
export type HeaderSetting = (typeof HEADER_SETTINGS)[number];

/** More fields than this make rows too wide to read and requests slow; the sidebar offers fewer. */
export const MAX_FIELDS = 50;

export interface BulkOutput {
  mode: OutputMode;
  /** Only an explicit `true` counts. */
  consent: boolean;
  /** First column written, for "empty-only" and "overwrite"; null for "new-columns". */
  targetColumn: number | null;
}

export interface BulkRequest {
  sheetName: string;
  /**
   * The sheet's id (getSheetId), kept from the first time a run found it by name: a rename keeps the id,
   * so a run's Resume and a rule's refresh follow the sheet under its new name (followSheet).
   */
  sheetId?: number;
  range: Omit<ColumnRange, "sheet">;
  fields: OrgField[];
  output: BulkOutput;
  /** Whether the first row of the range is a header: detected, or said by the user. */
  header: HeaderSetting;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIELD_SHAPE =
  'an attribute ({kind: "attribute", name}) or a metric ({kind: "metric", type, term, metric, since?})';

function readField(value: unknown, position: number): OrgField {
  if (!isRecord(value)) throw new RequestError(`Field ${position} must be ${FIELD_SHAPE}.`);
  if (value["kind"] === "attribute") {
    const name = typeof value["name"] === "string" ? value["name"].trim().toLowerCase() : "";
    if (!(ORGANIZATION_ATTRIBUTE_NAMES as string[]).includes(name)) {
      throw new RequestError(
        `Unknown attribute ${quoteInput(value["name"])}.${didYouMean(String(value["name"]), ORGANIZATION_ATTRIBUTE_NAMES)} Use one of: ${ORGANIZATION_ATTRIBUTE_NAMES.join(", ")}.`,
      );
    }
    return { kind: "attribute", name: name as OrganizationAttribute };
  }
  if (value["kind"] !== "metric") throw new RequestError(`Field ${position} must be ${FIELD_SHAPE}.`);
  const type = value["type"];
  if (typeof type !== "string" || !(ENTITY_TYPES as readonly string[]).includes(type)) {
    throw new RequestError(
      `Unknown metric type ${quoteInput(type)}.${didYouMean(String(type), ENTITY_TYPES)} Use one of: ${ENTITY_TYPES.join(", ")}.`,
    );
  }
  const term = typeof value["term"] === "string" ? value["term"].trim() : "";
  if (term === "") {
    throw new RequestError(`Field ${position} needs a term (a technology, job function, query or category).`);
  }
  if (typeof value["metric"] !== "string") {
    throw new RequestError(`Field ${position} needs a metric, for example job_post_count.`);
  }
  let metric: EntityMetric;
  try {
    metric = checkMetric(type as EntityType, value["metric"]);
  } catch (error) {
    throw new RequestError((error as Error).message);
  }
  const since = value["since"];
  if (since !== undefined && since !== null && since !== "") {
    if (typeof since !== "string" || !DAY.test(since)) {
      throw new RequestError(`"since" must be a date as YYYY-MM-DD; got ${quoteInput(since)}.`);
    }
    return { kind: "metric", type: type as EntityType, term, metric, since };
  }
  return { kind: "metric", type: type as EntityType, term, metric };
}

/** The fields, checked, with duplicates dropped (first one kept). */
export function readFields(value: unknown): OrgField[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new RequestError("Choose at least one attribute or metric to add.");
  }
  if (value.length > MAX_FIELDS) {
    throw new RequestError(
      `Choose at most ${MAX_FIELDS} attributes and metrics at a time; got ${value.length}.`,
    );
  }
  const seen = new Set<string>();
  const fields: OrgField[] = [];
  value.forEach((item, i) => {
    const field = readField(item, i + 1);
    const key = fieldKey(field);
    if (seen.has(key)) return;
    seen.add(key);
    fields.push(field);
  });
  return fields;
}

function readRange(input: Record<string, unknown>): { sheetName: string; range: BulkRequest["range"] } {
  const text = input["inputRange"];
  if (typeof text !== "string" || text.trim() === "") {
    throw new RequestError(
      "Choose the column of organization identifiers to enrich (inputRange, for example A2:A501).",
    );
  }
  const parsed = parseColumnRange(text);
  if (!parsed) {
    throw new RequestError(
      `${quoteInput(text.trim())} is not a single column. Select one column of organization identifiers, for example A2:A501.`,
    );
  }
  const named = typeof input["sheetName"] === "string" ? input["sheetName"].trim() : "";
  if (parsed.sheet !== null && named !== "" && parsed.sheet !== named) {
    throw new RequestError(
      `The range names the sheet ${quoteInput(parsed.sheet)} but the request names ${quoteInput(named)}.`,
    );
  }
  const sheetName = named || parsed.sheet || "";
  if (sheetName === "") throw new RequestError("Choose the sheet to enrich (sheetName).");
  const { sheet: _sheet, ...range } = parsed;
  return { sheetName, range };
}

function readOutput(value: unknown, range: BulkRequest["range"], width: number): BulkOutput {
  if (value === undefined || value === null)
    return { mode: "new-columns", consent: false, targetColumn: null };
  if (!isRecord(value)) throw new RequestError('The output must be an object such as {mode: "new-columns"}.');
  const mode = value["mode"] ?? "new-columns";
  if (typeof mode !== "string" || !(OUTPUT_MODES as readonly string[]).includes(mode)) {
    throw new RequestError(
      `Unknown output mode ${quoteInput(mode)}. Use one of: ${OUTPUT_MODES.join(", ")}.`,
    );
  }
  const consent = value["consent"] === true;
  if (mode === "new-columns") return { mode, consent, targetColumn: null };
  const target = value["targetColumn"];
  if (target === undefined || target === null || target === "") {
    throw new RequestError(
      `Choose the first column to write into (targetColumn, for example D) for ${quoteInput(mode)}.`,
    );
  }
  const column = typeof target === "string" ? columnNumber(target.trim()) : null;
  if (column === null || column + width - 1 > MAX_COLUMN) {
    throw new RequestError(`${quoteInput(target)} is not a column. Give column letters such as D.`);
  }
  const last = column + width - 1;
  if (range.column >= column && range.column <= last) {
    const span = width === 1 ? columnLetter(column) : `${columnLetter(column)}:${columnLetter(last)}`;
    throw new RequestError(
      `The output columns ${span} would cover the input column ${columnLetter(range.column)}. Choose columns that leave the identifiers alone.`,
    );
  }
  if (mode === "overwrite" && !consent) {
    const block =
      range.lastRow === null
        ? `${columnLetter(column)}${range.firstRow}:${columnLetter(last)}`
        : blockA1(range.firstRow, column, range.lastRow - range.firstRow + 1, width);
    throw new RequestError(
      `Overwriting needs your consent: values already in ${block} would be replaced. Confirm, then start again.`,
    );
  }
  return { mode: mode as OutputMode, consent, targetColumn: column };
}

export function validateEnrichmentRequest(input: unknown): BulkRequest {
  if (!isRecord(input)) {
    throw new RequestError(
      "The enrichment request must be an object with sheetName, inputRange, fields and output.",
    );
  }
  const { sheetName, range } = readRange(input);
  const fields = readFields(input["fields"]);
  const output = readOutput(input["output"], range, fields.length);
  const header = input["header"] ?? "auto";
  if (typeof header !== "string" || !(HEADER_SETTINGS as readonly string[]).includes(header)) {
    throw new RequestError(
      `Unknown header setting ${quoteInput(header)}. Use one of: ${HEADER_SETTINGS.join(", ")}.`,
    );
  }
  return { sheetName, range, fields, output, header: header as HeaderSetting };
}
