// Checks a search from the Find tab (plain JSON) and turns it into its v9 request; every refusal is the
// sentence the sidebar shows. Organization identifiers in the scope are read here and resolved later.

import { LIMITS, type PersonInput } from "../../api/contract";
import { formatCount } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { MAX_SHEET_NAME } from "../../core/jobs/people";
import { type OrganizationRead, readOrganization } from "../../core/organizations/identifiers";
import { RequestError } from "../../core/text/user-errors";
import { FIND_KINDS, type FindKind, type FindKindView, findKind } from "./catalog";
import { personKey, readPerson } from "./people-input";

export const MAX_QUERY_LENGTH = 5_000;
export const DIRECTIONS = ["DESC", "ASC"] as const;

export const FIND_MESSAGES = {
  request: "The search must be an object with kind, query and attributes.",
  kind: (value: unknown) => `Unknown search kind ${quoteInput(value)}. Use one of: ${FIND_KINDS.join(", ")}.`,
  queryText: "The query must be text, for example technology EQ 'python'.",
  // A getter: formatting at load ran a regex for every formula cell, click and trigger.
  get queryLong() {
    return `The query is at most ${formatCount(MAX_QUERY_LENGTH)} characters.`;
  },
  queryNeeded: "Add at least one condition, or type a raw query.",
  jobsNeedSomething: "Add a condition, or the organizations whose jobs to search.",
  jobsWhere:
    "Say where to search: name organizations or a list, or choose All organizations to search every organization's job posts.",
  scopeNeeded: (kind: FindKind) =>
    kind === "people"
      ? "Name the organizations to search people in (ids, domains or names) or an organization list id, or the people to look up."
      : "Name the organizations whose teams to find (ids, domains or names).",
  scopeList: "The organizations must be a list of ids, domains or names.",
  scopeTooMany: (count: number) =>
    `Name at most ${formatCount(LIMITS.filterOrganizationIdsMax)} organizations; got ${formatCount(count)}.`,
  scopeUnreadable: "None of the organizations named can be read as an id, a domain or a name.",
  listId: "The organization list id must be a whole number, for example 1234.",
  limit: `The limit must be a whole number from 1 to ${LIMITS.filterLimitMax}.`,
  attributesList: "The columns to return must be a list of attribute names.",
  attribute: (kind: FindKindView, value: unknown) =>
    `Unknown ${kind.noun[0]} attribute ${quoteInput(value)}. Use one of: ${kind.attributes.map((a) => a.name).join(", ")}.`,
  order: (kind: FindKindView, value: unknown) =>
    kind.orderColumns.length === 0
      ? `A ${kind.noun[0]} search cannot be ordered; leave the order empty.`
      : `Unknown order ${quoteInput(value)}. Use one of: ${kind.orderColumns.join(", ")}.`,
  direction: (value: unknown) =>
    `Unknown direction ${quoteInput(value)}. Use one of: ${DIRECTIONS.join(", ")}.`,
  includeClosed: "Include closed applies to organization searches only.",
  reveal: "Contact reveals apply to people searches only.",
  revealNeedsList:
    "Contact reveals work on a list of people (person ids, LinkedIn URLs or e-mail addresses), not on a search by organization. Run the search first, then look up the people you want with reveals.",
  peopleList: "The people must be a list of person ids, LinkedIn URLs or e-mail addresses.",
  peopleUnreadable:
    "None of the people named can be read as a person id, a LinkedIn URL or an e-mail address.",
  peopleTooMany: (count: number, max: number, reveals: boolean) =>
    `Look up at most ${formatCount(max)} people at a time${reveals ? " with contact reveals" : ""}; got ${formatCount(count)}.`,
  peopleAndScope: "Look people up from a list, or search them by organization, not both.",
  sheetName: `The sheet name must be text of at most ${MAX_SHEET_NAME} characters.`,
} as const;

export interface FindRequest {
  kind: FindKind;
  view: FindKindView;
  /** The advanced query's text form, or null for none. */
  query: string | null;
  limit: number;
  orderBy: string | null;
  direction: (typeof DIRECTIONS)[number];
  includeClosed: boolean;
  attributes: string[];
  /** Organizations to look in, as read from what was typed (ids, domains, names). */
  scope: Extract<OrganizationRead, { kind: "org" }>[];
  /** Entries of the scope that could not be read. */
  unreadable: number;
  listId: number | null;
  /** People to look up by identifier (list mode of a people search); empty for a search by organization. */
  people: PersonInput[];
  /** Entries of the people list that could not be read. */
  peopleUnreadable: number;
  reveal: { email: boolean; phone: boolean };
  sheetName: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readQuery(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw new RequestError(FIND_MESSAGES.queryText);
  const text = value.trim();
  if (text.length > MAX_QUERY_LENGTH) throw new RequestError(FIND_MESSAGES.queryLong);
  return text === "" ? null : text;
}

function readLimit(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === "") return fallback;
  const n = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > LIMITS.filterLimitMax) {
    throw new RequestError(FIND_MESSAGES.limit);
  }
  return n;
}

function readAttributes(value: unknown, view: FindKindView): string[] {
  if (value === undefined || value === null) return [...view.defaultAttributes];
  if (!Array.isArray(value)) throw new RequestError(FIND_MESSAGES.attributesList);
  const names = view.attributes.map((a) => a.name);
  const chosen: string[] = [];
  for (const item of value) {
    const name = typeof item === "string" ? item.trim() : item;
    if (typeof name !== "string" || !names.includes(name))
      throw new RequestError(FIND_MESSAGES.attribute(view, item));
    if (!chosen.includes(name)) chosen.push(name);
  }
  return chosen;
}

function readScope(value: unknown): { scope: FindRequest["scope"]; unreadable: number; named: number } {
  if (value === undefined || value === null) return { scope: [], unreadable: 0, named: 0 };
  if (!Array.isArray(value)) throw new RequestError(FIND_MESSAGES.scopeList);
  const scope: FindRequest["scope"] = [];
  const keys = new Set<string>();
  let unreadable = 0;
  let named = 0;
  for (const item of value) {
    const read = readOrganization(item);
    if (read.kind === "blank") continue;
    named++;
    if (read.kind === "invalid") unreadable++;
    else if (!keys.has(read.key)) {
      keys.add(read.key);
      scope.push(read);
    }
  }
  if (scope.length > LIMITS.filterOrganizationIdsMax)
    throw new RequestError(FIND_MESSAGES.scopeTooMany(scope.length));
  return { scope, unreadable, named };
}

function readPeople(value: unknown): { people: PersonInput[]; unreadable: number; named: number } {
  if (value === undefined || value === null) return { people: [], unreadable: 0, named: 0 };
  if (!Array.isArray(value)) throw new RequestError(FIND_MESSAGES.peopleList);
  const people: PersonInput[] = [];
  const keys = new Set<string>();
  let unreadable = 0;
  let named = 0;
  for (const item of value) {
    if (item === null || item === undefined || (typeof item === "string" && item.trim() === "")) continue;
    named++;
    const person = readPerson(item);
    if (!person) unreadable++;
    else if (!keys.has(personKey(person))) {
      keys.add(personKey(person));
      people.push(person);
    }
  }
  return { people, unreadable, named };
}

function readListId(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  const n = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 1)
    throw new RequestError(FIND_MESSAGES.listId);
  return n;
}

function readSheetName(value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string" || value.trim().length > MAX_SHEET_NAME)
    throw new RequestError(FIND_MESSAGES.sheetName);
  return value.trim() || null;
}

export function readFindRequest(input: unknown, defaultLimit: number): FindRequest {
  if (!isRecord(input)) throw new RequestError(FIND_MESSAGES.request);
  const kindValue = input["kind"];
  if (typeof kindValue !== "string" || !(FIND_KINDS as readonly string[]).includes(kindValue)) {
    throw new RequestError(FIND_MESSAGES.kind(kindValue));
  }
  const kind = kindValue as FindKind;
  const view = findKind(kind);
  const query = readQuery(input["query"]);
  const limit = readLimit(input["limit"], defaultLimit);
  const attributes = readAttributes(input["attributes"], view);

  const orderValue = input["orderBy"];
  let orderBy: string | null = null;
  if (orderValue !== undefined && orderValue !== null && orderValue !== "") {
    if (typeof orderValue !== "string" || !view.orderColumns.includes(orderValue)) {
      throw new RequestError(FIND_MESSAGES.order(view, orderValue));
    }
    orderBy = orderValue;
  }
  const directionValue = input["direction"] ?? "DESC";
  if (typeof directionValue !== "string" || !(DIRECTIONS as readonly string[]).includes(directionValue)) {
    throw new RequestError(FIND_MESSAGES.direction(directionValue));
  }
  const includeClosed = input["includeClosed"] === true;
  if (includeClosed && !view.includeClosed) throw new RequestError(FIND_MESSAGES.includeClosed);

  const revealValue = isRecord(input["reveal"]) ? input["reveal"] : {};
  const reveal = { email: revealValue["email"] === true, phone: revealValue["phone"] === true };
  const reveals = reveal.email || reveal.phone;
  if (reveals && kind !== "people") throw new RequestError(FIND_MESSAGES.reveal);
  const peopleList =
    kind === "people" ? readPeople(input["people"]) : { people: [], unreadable: 0, named: 0 };
  if (peopleList.named > 0 && peopleList.people.length === 0)
    throw new RequestError(FIND_MESSAGES.peopleUnreadable);
  const maxPeople = reveals ? LIMITS.peopleListMaxWithContacts : LIMITS.listMax;
  if (peopleList.people.length > maxPeople) {
    throw new RequestError(FIND_MESSAGES.peopleTooMany(peopleList.people.length, maxPeople, reveals));
  }
  const listMode = peopleList.people.length > 0;

  const { scope, unreadable, named } =
    view.scope === "none" ? { scope: [], unreadable: 0, named: 0 } : readScope(input["organizations"]);
  const listId = view.listScope ? readListId(input["organizationListId"]) : null;
  if (named > 0 && scope.length === 0) throw new RequestError(FIND_MESSAGES.scopeUnreadable);

  if (kind === "organizations" && query === null) throw new RequestError(FIND_MESSAGES.queryNeeded);
  if (listMode && (scope.length > 0 || listId !== null || query !== null)) {
    throw new RequestError(FIND_MESSAGES.peopleAndScope);
  }
  if (reveals && !listMode) throw new RequestError(FIND_MESSAGES.revealNeedsList);
  if (view.scope === "required" && !listMode && scope.length === 0 && listId === null) {
    throw new RequestError(FIND_MESSAGES.scopeNeeded(kind));
  }
  if (kind === "jobs" && query === null && scope.length === 0 && listId === null) {
    throw new RequestError(FIND_MESSAGES.jobsNeedSomething);
  }
  // Searching every organization is a choice the person makes, never what an emptied scope falls back to.
  if (kind === "jobs" && scope.length === 0 && listId === null && input["everywhere"] !== true) {
    throw new RequestError(FIND_MESSAGES.jobsWhere);
  }
  return {
    kind,
    view,
    query,
    limit,
    orderBy,
    direction: directionValue as FindRequest["direction"],
    includeClosed,
    attributes,
    scope,
    unreadable,
    listId,
    people: peopleList.people,
    peopleUnreadable: peopleList.unreadable,
    reveal,
    sheetName: readSheetName(input["sheetName"]),
  };
}
