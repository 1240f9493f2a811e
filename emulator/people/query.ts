// What a people job will return, worked out at start; problems only the service can see are a 400.
import { LIMITS } from "../../src/api/contract/limits.ts";
import {
  PERSON_ATTRIBUTES_ALL,
  type PeopleRequest,
  type PersonAttribute,
  type PersonInput,
} from "../../src/api/contract/people.ts";
import type { Account } from "../accounts.ts";
import { JOB_LEVELS } from "../dataset/catalog/job-functions.ts";
import type { Dataset } from "../dataset/index.ts";
import { WEB_APP_URL } from "../dataset/links.ts";
import { normalizeDomain } from "../dataset/org-lookup.ts";
import type { Person } from "../dataset/types.ts";
import { HttpError } from "../http-error.ts";
import { accountLists } from "../lists/account-lists.ts";
import { findOrganizationIndex } from "../organizations/entities.ts";
import { QueryError } from "../query/ast.ts";
import { parseQueryText } from "../query/parse-text.ts";
import { personMatcher } from "../query/record-match.ts";
import { RECORD_FIELDS, resolveQuery } from "../query/resolve.ts";
import { personScoreValue } from "./icp.ts";

export type Relation = "managers" | "direct_reports";

export interface PeopleQuery {
  mode: "list" | "filter";
  attributes: PersonAttribute[];
  related?: { directions: Relation[]; attributes: PersonAttribute[] };
  rows: { input?: PersonInput; person?: Person }[];
  total: number;
  /** The spec gives every people response a source_data_url, list mode included. */
  sourceDataUrl: string;
}

/** Attributes a related person can carry: no contact details or person_score, but confidence. */
export const RELATED_ATTRIBUTES_ALL: readonly PersonAttribute[] = [
  ...PERSON_ATTRIBUTES_ALL.filter((a) => a !== "person_score"),
  "confidence",
];

export function buildPeopleQuery(body: PeopleRequest, account: Account, dataset: Dataset): PeopleQuery {
  const select = body.select!;
  const requested = select.attributes ?? [];
  const related = select.related_people
    ? {
        directions: [...new Set(select.related_people.direction)],
        attributes: relatedAttributes(select.related_people.attributes ?? []),
      }
    : undefined;
  if (body.people) {
    if (related?.attributes.some((a) => a === "email" || a === "phone" || a === "person_score")) {
      throw new HttpError(
        400,
        "Related people cannot carry email, phone or person_score; ask for them on the people themselves.",
      );
    }
    const attributes =
      requested === "all" ? PERSON_ATTRIBUTES_ALL.filter((a) => a !== "person_score") : [...requested];
    const rows = body.people.map((input) => ({ input, person: resolvePerson(input, dataset) }));
    const matchedIds = [...new Set(rows.flatMap((row) => (row.person ? [row.person.id] : [])))];
    return {
      mode: "list",
      attributes: [...new Set(attributes)],
      ...(related ? { related } : {}),
      rows,
      total: rows.length,
      sourceDataUrl: `${WEB_APP_URL}/people?person_ids=${matchedIds.join(",")}`,
    };
  }
  if (related) throw new HttpError(400, "related_people is available in list mode (people) only.");
  return filterQuery(body, requested, account, dataset);
}

function relatedAttributes(requested: readonly PersonAttribute[] | "all"): PersonAttribute[] {
  return requested === "all" ? [...RELATED_ATTRIBUTES_ALL] : [...new Set(requested)];
}

function filterQuery(
  body: PeopleRequest,
  requested: readonly PersonAttribute[] | "all",
  account: Account,
  dataset: Dataset,
): PeopleQuery {
  // email and phone are revealed (and priced) in filter mode as in list mode: the spec lists them among
  // the attributes every mode selects and prices a reveal per person, whatever the mode.
  const filter = body.filter!;
  const scope = new Set<number>();
  for (const id of filter.organization_ids ?? []) {
    const org = dataset.lookup.byIdentifier(id);
    if (org) scope.add(org.index);
  }
  if (filter.organization_list_id != null) {
    const list = accountLists(account, dataset).organizationLists.find(
      (l) => l.id === filter.organization_list_id,
    );
    if (!list) {
      throw new HttpError(
        400,
        `No organization list has id ${filter.organization_list_id}; see GET /v9/organization-lists.`,
      );
    }
    for (const index of list.orgIndexes) scope.add(index);
  }
  const scoreAvailable = scope.size === 1 && account.icp;
  const wantsScore = requested !== "all" && requested.includes("person_score");
  const sortsByScore = body.order_by_column === "person_score";
  if ((wantsScore || sortsByScore) && !scoreAvailable) {
    throw new HttpError(
      400,
      "person_score needs a filter that resolves to exactly one organization and an ideal customer profile on the account.",
    );
  }
  if (sortsByScore && body.order_by_direction === "ASC") {
    throw new HttpError(400, "person_score sorts descending only: drop order_by_direction or send DESC.");
  }
  const attributes: PersonAttribute[] =
    requested === "all"
      ? PERSON_ATTRIBUTES_ALL.filter((a) => a !== "person_score" || scoreAvailable)
      : [...requested];
  if (sortsByScore && !attributes.includes("person_score")) attributes.push("person_score");

  let matches: (person: Person) => boolean = () => true;
  if (filter.query) {
    try {
      const condition = resolveQuery(parseQueryText(filter.query.query), {
        fields: RECORD_FIELDS,
        findOrganization: (key) => findOrganizationIndex(dataset, key),
      });
      matches = personMatcher(condition, dataset.orgs, dataset.today);
    } catch (error) {
      if (error instanceof QueryError) throw new HttpError(400, `filter.query: ${error.message}`);
      throw error;
    }
  }
  const people = [...scope]
    .sort((a, b) => a - b)
    .flatMap((index) => dataset.details(dataset.orgs[index]!).people.filter(matches));
  const column = body.order_by_column ?? (attributes.includes("person_score") ? "person_score" : undefined);
  const key = (p: Person): number =>
    column === "person_score"
      ? personScoreValue(p)
      : column === "start_date"
        ? p.startMonth
        : JOB_LEVELS[p.level]!.rank;
  const sign = body.order_by_direction === "ASC" ? 1 : -1;
  people.sort((a, b) => sign * (key(a) - key(b)) || a.id - b.id);
  const offset = body.offset ?? 0;
  const page = people.slice(offset, offset + (body.limit ?? LIMITS.filterLimitDefault));
  const scopeIds = [...scope].map((i) => dataset.orgs[i]!.id).join(",");
  return {
    mode: "filter",
    attributes: [...new Set(attributes)],
    rows: page.map((person) => ({ person })),
    total: people.length,
    sourceDataUrl: `${WEB_APP_URL}/people?organization_ids=${scopeIds}${
      filter.query ? `&query=${encodeURIComponent(filter.query.query)}` : ""
    }`,
  };
}

/** person_id, then linkedin_url, then email (the service's order of precedence). */
function resolvePerson(input: PersonInput, dataset: Dataset): Person | undefined {
  if (input.person_id != null) return dataset.person(input.person_id);
  if (input.linkedin_url) {
    const slug = /linkedin\.com\/in\/([^/?#]+)/i.exec(input.linkedin_url)?.[1]?.toLowerCase();
    if (!slug) return undefined;
    const person = dataset.person(Number.parseInt(slug.slice(slug.lastIndexOf("-") + 1), 36));
    return person?.linkedinSlug === slug ? person : undefined;
  }
  if (input.email) {
    const email = input.email.trim().toLowerCase();
    const org = dataset.lookup.match({ url: normalizeDomain(email) });
    return org ? dataset.details(org).people.find((p) => p.email === email) : undefined;
  }
  return undefined;
}
