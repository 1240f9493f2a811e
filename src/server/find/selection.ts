// "Use selection" on the Find tab: the organizations (ids, domains, names) or the people (person ids,
// LinkedIn URLs, e-mail addresses) of the selected column, each once, to search in or look up.
import { LIMITS } from "../../api/contract";
import { formatCount, plural } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { readInputColumn } from "../../core/bulk/plan";
import { columnRangeA1 } from "../../core/sheet/a1";
import { RequestError } from "../../core/text/user-errors";
import { readSelectedColumn } from "../enrich/selection";
import { personKey, readPerson } from "./people-input";

export const IDENTIFIER_KINDS = ["organizations", "people"] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

export interface SelectedIdentifiers {
  kind: IdentifierKind;
  /** "Sheet1!A2:A41 · 40 organizations". */
  summary: string;
  /** Each once, as the search reads them. */
  identifiers: string[];
}

export const SELECTED_MESSAGES = {
  kind: (value: unknown) => `Unknown kind ${quoteInput(value)}. Use one of: ${IDENTIFIER_KINDS.join(", ")}.`,
  noOrganizations: "The selected cells hold no organization ids, domains or names.",
  noPeople: "The selected cells hold no person ids, LinkedIn URLs or e-mail addresses.",
  tooMany: (count: number, noun: string, max: number) =>
    `The selection holds ${plural(count, noun.replace(/s$/, ""), noun)}; a search takes at most ${formatCount(max)}. Select fewer rows.`,
} as const;

function organizationsOf(
  values: readonly unknown[],
  firstRow: number,
): { firstDataRow: number; found: string[] } {
  const input = readInputColumn(values, firstRow, "auto", false);
  const found: string[] = [];
  const seen = new Set<string>();
  for (const read of input.reads) {
    if (read.kind !== "org" || seen.has(read.key)) continue;
    seen.add(read.key);
    const { id, url, name } = read.input;
    found.push(id !== undefined ? String(id) : (url ?? name ?? ""));
  }
  return { firstDataRow: input.firstDataRow, found };
}

/** A first cell that is not a person above cells that are is a header ("LinkedIn", "Email"). */
function peopleOf(values: readonly unknown[], firstRow: number): { firstDataRow: number; found: string[] } {
  const header = readPerson(values[0]) === null && values.slice(1).some((v) => readPerson(v) !== null);
  const found: string[] = [];
  const seen = new Set<string>();
  for (const value of header ? values.slice(1) : values) {
    const person = readPerson(value);
    if (!person || seen.has(personKey(person))) continue;
    seen.add(personKey(person));
    found.push(String(person.person_id ?? person.linkedin_url ?? person.email));
  }
  return { firstDataRow: header ? firstRow + 1 : firstRow, found };
}

export function selectedIdentifiers(kindInput: unknown): SelectedIdentifiers {
  const kind = kindInput === undefined || kindInput === null ? "organizations" : kindInput;
  if (typeof kind !== "string" || !(IDENTIFIER_KINDS as readonly string[]).includes(kind)) {
    throw new RequestError(SELECTED_MESSAGES.kind(kindInput));
  }
  const { sheet, column, firstRow, values } = readSelectedColumn();
  const organizations = kind === "organizations";
  const { firstDataRow, found } = organizations
    ? organizationsOf(values, firstRow)
    : peopleOf(values, firstRow);
  if (found.length === 0) {
    throw new RequestError(organizations ? SELECTED_MESSAGES.noOrganizations : SELECTED_MESSAGES.noPeople);
  }
  const max = organizations ? LIMITS.filterOrganizationIdsMax : LIMITS.listMax;
  if (found.length > max) throw new RequestError(SELECTED_MESSAGES.tooMany(found.length, kind, max));
  const range = columnRangeA1({ column, firstRow: firstDataRow, lastRow: firstRow + values.length - 1 });
  const noun = organizations
    ? plural(found.length, "organization")
    : plural(found.length, "person", "people");
  return { kind: kind as IdentifierKind, summary: `${sheet.name}!${range} · ${noun}`, identifiers: found };
}
