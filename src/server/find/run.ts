// Filter searches from the Find tab: the estimate first, then organizations, jobs and teams written to a
// new sheet (header row, links as plain URLs that Sheets shows as links) and people started as a job
// that finishes in the background.
import {
  describeIssues,
  JobsRequest,
  OrganizationsRequest,
  PeopleRequest,
  TeamsRequest,
} from "../../api/contract";
import {
  type Estimate,
  estimateJobs,
  estimateOrganizations,
  estimatePeople,
  estimateTeams,
} from "../../api/pricing";
import { formatCount, plural } from "../../api/words/format";
import { attributeValueWords, ENUMERATED_ATTRIBUTES } from "../../core/organizations/field-names";
import { uniqueSheetName } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import { startPeopleSearch } from "../jobs/searches";
import { makeClient } from "../runtime";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { currentCredits } from "../sidebar/credits";
import type { CreditsView } from "../sidebar/credits-record";
import { apiHeader } from "../sidebar/headers";
import { afterPaidMatch, matchCost, matchLookups, matchOrganizations } from "../sidebar/organization-match";
import { settlePaid } from "../sidebar/paid-log";
import { writeTable } from "../sidebar/result-sheets";
import { type FindKind, findCatalog, ORGANIZATION_ALWAYS } from "./catalog";
import { type Table, toTable } from "./flatten";
import { type PeopleSearchView, peopleSearch } from "./people";
import { type FindRequest, readFindRequest } from "./request";

export interface FindEstimate {
  kind: FindKind;
  credits: number;
  /** False when part of the cost has no upper bound. */
  bounded: boolean;
  /** The footer line: "Up to 75 credits · 25 organizations × 3". */
  message: string;
  notes: string[];
}

export type FindOutcome =
  | {
      kind: "sheet";
      /** Null when nothing matched (no sheet is made for an empty result). */
      sheetName: string | null;
      rows: number;
      /** How many match in all (the limit may have cut them). */
      total: number;
      creditsUsed: number;
      credits: CreditsView | null;
      message: string;
    }
  | {
      kind: "job";
      search: PeopleSearchView;
      creditsUsed: number;
      credits: CreditsView | null;
      message: string;
    };

export const NO_SCOPE_MATCH_MESSAGE =
  "None of the organizations named was found, so the search was not sent. Check the domains or names, or use organization ids.";

const SHEET_NAMES: Record<FindKind, string> = {
  organizations: "Organizations",
  people: "People",
  jobs: "Jobs",
  teams: "Teams",
};

/** The v9 body for a search; `ids` are the scope's organization ids once resolved. */
function buildBody(request: FindRequest, ids: number[]): Record<string, unknown> {
  const query = request.query === null ? {} : { query: { query: request.query } };
  const scope = {
    ...(ids.length > 0 ? { organization_ids: ids } : {}),
    ...(request.listId !== null ? { organization_list_id: request.listId } : {}),
  };
  switch (request.kind) {
    case "organizations":
      return {
        filter: { query: request.query },
        select: { attributes: [...new Set([...ORGANIZATION_ALWAYS, ...request.attributes])] },
        limit: request.limit,
        ...(request.orderBy
          ? { order_by_column: request.orderBy, order_by_direction: request.direction }
          : {}),
        ...(request.includeClosed ? { include_closed: true } : {}),
      };
    case "people": {
      const reveals = [
        ...(request.reveal.email ? ["email"] : []),
        ...(request.reveal.phone ? ["phone"] : []),
      ];
      const select = { attributes: [...request.attributes, ...reveals] };
      if (request.people.length > 0) return { people: request.people, select };
      return { filter: { ...scope, ...query }, select, limit: request.limit };
    }
    case "jobs":
      return {
        filter: { ...scope, ...query },
        select: { attributes: request.attributes },
        limit: request.limit,
      };
    case "teams":
      return {
        filter: { organization_ids: ids, ...query },
        select: { attributes: request.attributes },
        limit: request.limit,
      };
  }
}

/** Ids stand in for organizations not yet resolved, so the body can be checked and priced before paying. */
function placeholderIds(request: FindRequest): number[] {
  return request.scope.map((read, i) => read.input.id ?? i + 1);
}

const SCHEMAS = {
  organizations: OrganizationsRequest,
  people: PeopleRequest,
  jobs: JobsRequest,
  teams: TeamsRequest,
} as const;

function checkBody(kind: FindKind, body: Record<string, unknown>): void {
  const parsed = SCHEMAS[kind].safeParse(body, { reportInput: true });
  if (!parsed.success)
    throw new RequestError(`This search is not valid: ${describeIssues(parsed.error.issues)}`);
}

function priceBody(kind: FindKind, body: Record<string, unknown>): Estimate {
  switch (kind) {
    case "organizations":
      return estimateOrganizations(body as OrganizationsRequest);
    case "people":
      return estimatePeople(body as PeopleRequest);
    case "jobs":
      return estimateJobs(body as JobsRequest);
    case "teams":
      return estimateTeams(body as TeamsRequest);
  }
}

function readRequest(input: unknown): FindRequest {
  return readFindRequest(input, findCatalog().limit.default);
}

export function estimateFind(input: unknown): FindEstimate {
  const request = readRequest(input);
  const body = buildBody(request, placeholderIds(request));
  checkBody(request.kind, body);
  const priced = priceBody(request.kind, body);
  const lookups = matchLookups(request.scope);
  const lookupCredits = matchCost(lookups);
  const count = request.people.length > 0 ? request.people.length : request.limit;
  const unit = Math.round(priced.credits / count);
  const [one, many] = request.view.noun;
  let message = `Up to ${plural(priced.credits + lookupCredits, "credit")} · ${plural(count, one, many)} × ${formatCount(unit)}`;
  const notes = [...priced.notes];
  if (lookups > 0) {
    message += ` + ${formatCount(lookupCredits)} to find ${plural(lookups, "organization")}`;
    notes.push(
      `Domains and names are matched to organization ids first: up to ${plural(lookupCredits, "credit")}, 1 per organization found.`,
    );
  }
  if (request.peopleUnreadable > 0) {
    notes.push(
      `${plural(request.peopleUnreadable, "entry", "entries")} could not be read as people and are left out.`,
    );
  }
  if (request.unreadable > 0)
    notes.push(`${plural(request.unreadable, "entry", "entries")} could not be read and are left out.`);
  return {
    kind: request.kind,
    credits: priced.credits + lookupCredits,
    bounded: priced.bounded,
    message,
    notes,
  };
}

function records(kind: FindKind, response: unknown): Record<string, unknown>[] {
  const list = (response as Record<string, unknown>)[kind];
  if (!Array.isArray(list)) return [];
  return list.map((row: Record<string, unknown>) => {
    if (kind === "organizations") return { ...(row["attributes"] as Record<string, unknown> | undefined) };
    const { attributes, input: _input, ...rest } = row;
    return { ...rest, ...(attributes as Record<string, unknown> | undefined) };
  });
}

function table(request: FindRequest, rows: Record<string, unknown>[]): Table {
  switch (request.kind) {
    case "organizations":
      return toTable(rows, {
        leading: ["name", "url"],
        trailing: ["service_url"],
        always: [...ORGANIZATION_ALWAYS, ...request.attributes],
      });
    case "jobs":
      return toTable(rows, { leading: ["job_id", "title"], trailing: ["service_url"] });
    default:
      return toTable(rows, { leading: ["team_id", "name"], trailing: ["service_url"] });
  }
}

/**
 * A people search's name in the sidebar, for what it searches: the organization as the person named it
 * ("People search in acme.com"), how many, or the list; a search by conditions alone is "by filter".
 */
export function peopleSearchTitle(request: Pick<FindRequest, "scope" | "listId">): string {
  const [only] = request.scope;
  if (request.scope.length === 1 && only) {
    const input = only.input;
    const named = "id" in input ? `organization ${input.id}` : "url" in input ? input.url : input.name;
    return `People search in ${named}`;
  }
  if (request.scope.length > 1) return `People search in ${plural(request.scope.length, "organization")}`;
  if (request.listId !== null) return `People search in organization list ${request.listId}`;
  return "People search by filter";
}

export function runFind(input: unknown): FindOutcome {
  const request = readRequest(input);
  checkBody(request.kind, buildBody(request, placeholderIds(request)));
  const client = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS });
  const resolved =
    request.scope.length > 0
      ? matchOrganizations(
          client,
          request.scope,
          (count) => `Find the ids of ${plural(count, "organization")} to search in`,
        )
      : null;
  const ids = resolved?.ids ?? [];
  if (resolved && ids.length === 0 && request.listId === null) throw new RequestError(NO_SCOPE_MATCH_MESSAGE);
  const lookupCredits = resolved?.creditsUsed ?? 0;
  const body = buildBody(request, ids);

  if (request.kind === "people") {
    const status = afterPaidMatch(lookupCredits, () =>
      startPeopleSearch(
        { ...body, sheetName: request.sheetName ?? SHEET_NAMES.people },
        { title: peopleSearchTitle(request), matchCredits: lookupCredits },
      ),
    );
    const search = peopleSearch(status.jobId) as PeopleSearchView;
    const remaining = client.creditsRemaining;
    return {
      kind: "job",
      search,
      creditsUsed: lookupCredits,
      credits: remaining === null ? null : currentCredits(),
      message: "The search is queued at the service. It keeps running if you close the sidebar.",
    };
  }

  const response = afterPaidMatch(lookupCredits, () =>
    request.kind === "organizations"
      ? client.organizations(body as OrganizationsRequest)
      : request.kind === "jobs"
        ? client.jobs(body as JobsRequest)
        : client.teams(body as TeamsRequest),
  );
  const rows = records(request.kind, response);
  const total = response.total;
  const creditsUsed = lookupCredits + response.credits_used;
  const [one, many] = request.view.noun;
  let sheetName: string | null = null;
  let message: string;
  if (rows.length === 0) {
    message =
      lookupCredits > 0
        ? `No ${many} match this search, so nothing was written. Finding the organizations cost ${plural(lookupCredits, "credit")}; the search itself cost nothing.`
        : `No ${many} match this search. Nothing was written, and the search cost nothing.`;
  } else {
    const workbook = activeWorkbook();
    sheetName = uniqueSheetName(workbook, request.sheetName ?? SHEET_NAMES[request.kind]);
    // Inserting shows the new sheet: the results are what the person wants to see.
    const { header, rows: cells } = table(request, rows);
    // An organization's enumerated attributes read in words, as in a bulk run; the note keeps the API's.
    const inWords = header.map((name) => request.kind === "organizations" && ENUMERATED_ATTRIBUTES.has(name));
    const shown = cells.map((row) =>
      row.map((v, c) => (inWords[c] ? attributeValueWords(header[c] ?? "", v) : v)),
    );
    writeTable(
      workbook.insertSheet(sheetName),
      header.map((name, c) => apiHeader(name, inWords[c])),
      shown,
    );
    workbook.show(sheetName, 1, 1, 1, 1);
    message = `Wrote ${plural(rows.length, one, many)} to "${sheetName}" for ${plural(creditsUsed, "credit")}.`;
    if (total > rows.length) message += ` ${formatCount(total)} match in all; raise the limit to get more.`;
  }
  const { credits } = settlePaid(activeWorkbook(), {
    action: `Find ${many}${request.query ? `: ${request.query}` : ""}`,
    rows: rows.length,
    creditsUsed: response.credits_used,
    creditsRemaining: response.credits_remaining,
    result: message,
  });
  return { kind: "sheet", sheetName, rows: rows.length, total, creditsUsed, credits, message };
}
