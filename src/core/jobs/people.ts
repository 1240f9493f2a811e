// People searches: checking one from the sidebar, how often to poll it, and the table it is written as.

import {
  describeIssues,
  PERSON_ATTRIBUTES,
  PERSON_ATTRIBUTES_ALL,
  type PeopleRequest,
  PeopleRequest as PeopleRequestSchema,
  type PersonRow,
  type RelatedPerson,
} from "../../api/contract";
import { quoteInput } from "../../api/words/quote-input";
import type { CellValue } from "../sheet/port";
import { didYouMean } from "../text/nearest-names";
import { RequestError } from "../text/user-errors";
import { monthText } from "../text/when";

export const DEFAULT_PEOPLE_SHEET = "People";
export const MAX_SHEET_NAME = 100;
/** Waits between polls: quick at first (small searches finish in seconds), then once a minute. */
export const POLL_DELAYS_MS: readonly number[] = [5_000, 10_000, 20_000, 30_000, 60_000];

export type PeopleStart = Omit<PeopleRequest, "request_id">;

export interface PeopleSearch {
  body: PeopleStart;
  /** The name asked for the results sheet; made unique when the people are written. */
  sheetName: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function readSheetName(value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === "") return fallback;
  if (typeof value !== "string" || value.trim() === "") throw new RequestError("sheetName must be text.");
  const name = value.trim();
  if (name.length > MAX_SHEET_NAME) {
    throw new RequestError(`sheetName must be at most ${MAX_SHEET_NAME} characters; got ${name.length}.`);
  }
  return name;
}

/** The contract's union of a list and "all" can only say "does not match"; this names the bad attribute. */
function checkAttributeNames(select: unknown): void {
  const attributes = isRecord(select) ? select["attributes"] : undefined;
  if (!Array.isArray(attributes)) return;
  for (const name of attributes) {
    if (typeof name !== "string" || !(PERSON_ATTRIBUTES as readonly string[]).includes(name)) {
      throw new RequestError(
        `Unknown person attribute ${quoteInput(name)}.${didYouMean(String(name), PERSON_ATTRIBUTES)} Use one of: ${PERSON_ATTRIBUTES.join(", ")}.`,
      );
    }
  }
}

/** Checks a search against the v9 contract before anything is sent. */
export function validatePeopleSearch(input: unknown): PeopleSearch {
  if (!isRecord(input)) {
    throw new RequestError('The people search must be an object with "people" or "filter", and "select".');
  }
  if ("request_id" in input) {
    throw new RequestError('Start a search with "people" or "filter"; the add-on polls the job itself.');
  }
  const { sheetName, ...body } = input;
  checkAttributeNames(body["select"]);
  const parsed = PeopleRequestSchema.safeParse(body, { reportInput: true });
  if (!parsed.success)
    throw new RequestError(`This people search is not valid: ${describeIssues(parsed.error.issues)}`);
  return { body: parsed.data as PeopleStart, sheetName: readSheetName(sheetName, DEFAULT_PEOPLE_SHEET) };
}

export function pollDelay(polls: number): number {
  return POLL_DELAYS_MS[Math.min(polls, POLL_DELAYS_MS.length - 1)] as number;
}

/** The attributes a search returns, "all" spelled out, so the columns can be made in a later execution. */
export function selectedAttributes(body: PeopleStart): string[] {
  const attributes = body.select?.attributes;
  if (attributes === "all") return [...PERSON_ATTRIBUTES_ALL];
  return [...new Set(attributes ?? [])];
}

export function relatedDirections(body: PeopleStart): string[] {
  return [...(body.select?.related_people?.direction ?? [])];
}

export interface PersonColumn {
  /** The service's name for the column, kept in the header's note. */
  header: string;
  /** The header the sheet shows, when the add-on names the column itself rather than from `header`. */
  label?: string;
  value(person: PersonRow): CellValue;
}

function text(value: unknown): CellValue {
  if (value === undefined || value === null) return "";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return JSON.stringify(value);
}

function attribute(name: string): PersonColumn {
  return {
    header: name,
    value: (p) => text((p.attributes as Record<string, unknown> | null | undefined)?.[name]),
  };
}

function relatedNames(people: readonly RelatedPerson[] | null | undefined): CellValue {
  return (people ?? []).map((p) => p.attributes?.name ?? String(p.person_id)).join(", ");
}

function inputText(person: PersonRow): CellValue {
  const input = person.input as Record<string, unknown> | null | undefined;
  return text(input?.["person_id"] ?? input?.["linkedin_url"] ?? input?.["email"]);
}

/** Columns for the attributes asked: nested objects get their useful parts, lists are joined with ", ". */
export function peopleColumns(
  attributes: readonly string[],
  related: readonly string[],
  listMode: boolean,
): PersonColumn[] {
  const columns: PersonColumn[] = [];
  if (listMode) columns.push({ header: "input", value: inputText });
  columns.push({ header: "person_id", value: (p) => text(p.person_id) });
  for (const name of attributes) {
    if (name === "current_employer") {
      // The analyst's "Company": the employer's name first, its id to enrich with, and since when.
      columns.push(
        {
          header: "current_employer.name",
          label: "Company",
          value: (p) => text(p.attributes?.current_employer?.name),
        },
        {
          header: "current_employer.organization_id",
          label: "Company id",
          value: (p) => text(p.attributes?.current_employer?.organization_id),
        },
        {
          header: "current_employer.start_date",
          label: "At company since",
          // The service knows the month only ("2024-12"): said as a month, "Dec 2024", not a made-up day.
          value: (p) => text(monthText(p.attributes?.current_employer?.start_date ?? "")),
        },
      );
    } else if (name === "technologies") {
      columns.push({
        header: "technologies",
        value: (p) => (p.attributes?.technologies ?? []).map((t) => t.name).join(", "),
      });
    } else if (name === "person_score") {
      columns.push({ header: "person_score", value: (p) => text(p.attributes?.person_score?.value) });
    } else {
      columns.push(attribute(name));
    }
  }
  for (const direction of related) {
    columns.push({
      header: direction,
      value: (p) =>
        relatedNames(
          direction === "managers" ? p.related_people?.managers : p.related_people?.direct_reports,
        ),
    });
  }
  columns.push({ header: "service_url", value: (p) => text(p.service_url) });
  return columns;
}
