// The Find form as the server's search request: the query (built from the rows, or typed raw), the
// columns, the order and limit, and what to search in: organizations, a list, or people to look up.
import type { FindKind, FindKindView } from "./find-types";
import { type QueryRow, queryText } from "./query-text";

export type PeopleBy = "organizations" | "people";

export interface FindForm {
  rows: QueryRow[];
  raw: boolean;
  rawText: string;
  /** As typed; the server checks it (1–200). */
  limit: string;
  orderBy: string;
  direction: "DESC" | "ASC";
  includeClosed: boolean;
  attributes: string[];
  /** Organizations to search in, one per line (ids, domains, names). */
  organizations: string;
  listId: string;
  /** Jobs: search every organization, chosen on purpose (an empty scope never means everywhere). */
  everywhere: boolean;
  /** People searches: by organization (filter) or a list of people to look up (list mode). */
  peopleBy: PeopleBy;
  people: string;
  reveal: { email: boolean; phone: boolean };
}

export function newForm(kind: FindKindView, limit: number): FindForm {
  return {
    rows: [],
    raw: false,
    rawText: "",
    limit: String(limit),
    orderBy: "",
    direction: "DESC",
    includeClosed: false,
    attributes: [...kind.defaultAttributes],
    organizations: "",
    listId: "",
    everywhere: false,
    peopleBy: "organizations",
    people: "",
    reveal: { email: false, phone: false },
  };
}

/** One entry per line (commas belong to names such as "Acme, Inc."), trimmed, blanks dropped. */
export function entries(text: string): string[] {
  return text
    .split(/[\n;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Whether the form names organizations or a list to search in. */
export function scoped(form: FindForm): boolean {
  return entries(form.organizations).length > 0 || form.listId.trim() !== "";
}

export function formQuery(form: FindForm): string {
  return form.raw ? form.rawText.trim() : queryText(form.rows);
}

export function findRequest(kind: FindKind, view: FindKindView, form: FindForm): Record<string, unknown> {
  const lookUp = kind === "people" && form.peopleBy === "people";
  const query = lookUp ? "" : formQuery(form);
  return {
    kind,
    ...(query ? { query } : {}),
    attributes: form.attributes,
    ...(lookUp ? {} : { limit: form.limit.trim() }),
    ...(form.orderBy ? { orderBy: form.orderBy, direction: form.direction } : {}),
    ...(view.includeClosed && form.includeClosed ? { includeClosed: true } : {}),
    ...(view.scope !== "none" && !lookUp ? { organizations: entries(form.organizations) } : {}),
    ...(view.listScope && !lookUp && form.listId.trim() ? { organizationListId: form.listId.trim() } : {}),
    ...(view.scope === "optional" && !lookUp && !scoped(form) && form.everywhere ? { everywhere: true } : {}),
    ...(lookUp ? { people: entries(form.people), reveal: form.reveal } : {}),
  };
}

/** Whether the form has what the search needs before asking for an estimate (the server says what is wrong). */
export function formReady(kind: FindKind, view: FindKindView, form: FindForm): boolean {
  if (kind === "people" && form.peopleBy === "people") return entries(form.people).length > 0;
  if (view.scope === "required") return entries(form.organizations).length > 0 || form.listId.trim() !== "";
  if (kind === "jobs") return scoped(form) || (formQuery(form) !== "" && form.everywhere);
  return formQuery(form) !== "";
}
