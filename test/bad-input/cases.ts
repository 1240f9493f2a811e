// Every entry point × the kinds of bad input people give it, with the message each gets: the e2e test
// checks each through the bundle (or the emulator), and docs/bad-input.md is rendered from this list.
import type { EmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import type { Harness } from "../../harness/index.ts";
import { jobsWorld } from "../e2e/bulk-world.ts";

export const KINDS = [
  "empty",
  "wrong type",
  "NaN or Infinity",
  "huge",
  "formula-like text",
  "unicode",
  "wrong sheet shape",
] as const;
export type Kind = (typeof KINDS)[number];

export interface BadInputWorld {
  gas: Harness;
  emulator: EmulatorState;
}

export interface BadInputCase {
  /** Where the input goes in: a formula argument, a sidebar form (and its server function), an endpoint. */
  entry: string;
  kind: Kind;
  /** What was tried, in a few words (never the input itself when it is long). */
  tried: string;
  /** The whole message the user (or caller) gets. */
  message: string;
  /** Paid work the case needs first (not counted against the case). */
  setup?(world: BadInputWorld): void;
  /** Gives the input and returns the message it got. */
  attempt(world: BadInputWorld): string;
}

/** 588,000 characters: a column pasted into one cell, as once reported. */
export const HUGE = "x".repeat(588_000);
const bare = () => Object.create(null) as object;

function formulaError(world: BadInputWorld, formula: string, cells: unknown[][] = [["acme.com"]]): string {
  world.gas.sheet().set("A1", cells as never);
  const result = world.gas.formula("F1", formula);
  if (result.error === null) throw new Error(`${formula} was expected to fail`);
  return result.error;
}

function sidebarError(world: BadInputWorld, name: string, ...args: unknown[]): string {
  try {
    world.gas.run(name, ...args);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${name} was expected to fail`);
}

function endpointError(
  world: BadInputWorld,
  method: string,
  path: string,
  body: unknown,
  raw = false,
): string {
  const response = call(world.emulator, method, path, raw ? { rawBody: body as string } : { body });
  if (response.status < 400) throw new Error(`${method} ${path} was expected to fail`);
  const detail = response.body?.detail;
  const first = Array.isArray(detail) ? detail[0] : undefined;
  const message = first ? `${first.msg} (at ${first.loc.join(".")})` : String(detail);
  return `${response.status}: ${message}`;
}

const ORG_ATTR = "=ORG_ATTR(organizations, attributes, max_age_days)";
const ORG_METRIC = "=ORG_METRIC(organizations, type, term, metric, since)";
const TECH_COUNT = "=TECH_COUNT(organizations, technologies)";
const TECH_SLUG = "=TECH_SLUG(names)";
const ENRICH = "Enrich › Run (startEnrichment)";
const FIND = "Find › Search (runFind)";
const LISTS_CREATE = "Lists › New list (createOrganizationList)";
const LISTS_ADD = "Lists › Add selection (addSelectionToOrganizationList)";
const BRIEFS = "More › Briefs (requestBriefs)";
const TECH_STACK = "More › Tech stack (importTechStack)";
const ORG_SIGNALS = "Signals › One organization (importOrganizationSignals)";
const SETTINGS_KEY = "Settings › API key (saveApiKey)";
const ASK_FIRST = "Sidebar › Don't ask again under (saveAskUnder)";
const REFRESH = "Enrich › Schedule (saveRefreshRule)";
const FEED = "Signals › Import feed (importSignalFeed)";
const RELEVANCE = "Signals › Relevant? (setPriorityRelevance)";
const JOBS = "Jobs › Status (getJobStatus)";
const TECHS = "Enrich › Technology search (findTechnologies)";
const FREEZE = "More › Freeze formulas (freezeFormulas)";
const ORGS = "POST /v9/organizations";
const PEOPLE = "POST /v9/people";
const JOB_POSTS = "POST /v9/jobs";
const LISTS = "POST /v9/organization-lists";
const BRIEF = "GET /v9/organizations/{id}/intelligence-brief";

const selection = { sheetName: "Sheet1", range: "A2:A3" };

export const CASES: BadInputCase[] = [
  // Formulas
  {
    entry: ORG_ATTR,
    kind: "empty",
    tried: "attributes left blank",
    message: '"attributes" is empty: give at least one name.',
    attempt: (w) => formulaError(w, '=ORG_ATTR(A1, "")'),
  },
  {
    entry: ORG_ATTR,
    kind: "wrong type",
    tried: "max_age_days of 0 (a number out of range)",
    message:
      '"max_age_days" must be a number of days from 0.01 to 90, e.g. 7 for results no older than a week; got 0.',
    attempt: (w) => formulaError(w, '=ORG_ATTR(A1, "industry", 0)'),
  },
  {
    entry: ORG_ATTR,
    kind: "huge",
    tried: "a 5,000-character attribute name",
    message:
      'Unknown attribute "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"… (5,000 characters) in "attributes". Use one of: id, slug, name, url, service_url, industry, headquarters_country, tags, service_score, employee_count, people_count_rollup, people_count_no_rollup, cloud_spend_estimate_millions_usd, jobs_count, jobs_count_rollup, jobs_count_no_rollup, teams_count, teams_count_rollup, teams_count_no_rollup, funding_total_raised, funding_valuation, funding_last_round_raised, funding_last_round_type, funding_last_round_date, status, status_reason, parent_id, subsidiary_ids, account_status.',
    attempt: (w) => formulaError(w, `=ORG_ATTR(A1, "${"y".repeat(5_000)}")`),
  },
  {
    entry: ORG_ATTR,
    kind: "wrong type",
    tried: "attributes = TRUE",
    message: '"attributes" must hold names as text; got TRUE.',
    attempt: (w) => formulaError(w, "=ORG_ATTR(A1, TRUE)"),
  },
  {
    entry: ORG_ATTR,
    kind: "formula-like text",
    tried: 'attributes = "=IMPORTXML(…)"',
    message:
      'Unknown attribute "=IMPORTXML(\\"http://x\\"" in "attributes". Use one of: id, slug, name, url, service_url, industry, headquarters_country, tags, service_score, employee_count, people_count_rollup, people_count_no_rollup, cloud_spend_estimate_millions_usd, jobs_count, jobs_count_rollup, jobs_count_no_rollup, teams_count, teams_count_rollup, teams_count_no_rollup, funding_total_raised, funding_valuation, funding_last_round_raised, funding_last_round_type, funding_last_round_date, status, status_reason, parent_id, subsidiary_ids, account_status.',
    attempt: (w) => formulaError(w, '=ORG_ATTR(A1, "=IMPORTXML(""http://x"", ""//a"")")'),
  },
  {
    entry: ORG_METRIC,
    kind: "wrong type",
    tried: "type = 42",
    message: '"type" must be text; got 42.',
    attempt: (w) => formulaError(w, '=ORG_METRIC(A1, 42, "python", "job_post_count")'),
  },
  {
    entry: ORG_METRIC,
    kind: "unicode",
    tried: 'metric = "職位数"',
    message:
      'Unknown metric "職位数" for technology. Use one of: job_post_count, job_post_count_no_rollup, job_post_used_count, team_count, team_count_no_rollup, people_count, people_count_no_rollup, job_post_count_growth_1y.',
    attempt: (w) => formulaError(w, '=ORG_METRIC(A1, "technology", "python", "職位数")'),
  },
  {
    entry: ORG_METRIC,
    kind: "wrong sheet shape",
    tried: "since = a range",
    message: '"since" must be a single date, not a range.',
    attempt: (w) => formulaError(w, '=ORG_METRIC(A1, "technology", "python", "job_post_count", A1:A2)'),
  },
  {
    entry: ORG_METRIC,
    kind: "wrong type",
    tried: 'since = "last week"',
    message: '"since" must be a date or text like 2025-01-31; got "last week".',
    attempt: (w) => formulaError(w, '=ORG_METRIC(A1, "technology", "python", "job_post_count", "last week")'),
  },
  {
    entry: TECH_COUNT,
    kind: "empty",
    tried: "technologies left blank",
    message: '"technologies" is empty: give at least one name.',
    attempt: (w) => formulaError(w, '=TECH_COUNT(A1, "")'),
  },
  {
    entry: ORG_ATTR,
    kind: "wrong sheet shape",
    tried: "attributes = a 2×2 block of names",
    message:
      '"attributes" must be one name, a comma-separated list, or one row or one column of names; got a range of 2 rows × 2 columns.',
    attempt: (w) =>
      formulaError(w, "=ORG_ATTR(A1, C1:D2)", [
        ["acme.com", "", "name", "industry"],
        ["", "", "tags", "url"],
      ]),
  },
  {
    entry: TECH_COUNT,
    kind: "wrong sheet shape",
    tried: "technologies = a 2×2 block",
    message:
      '"technologies" must be one name, a comma-separated list, or one row or one column of names; got a range of 2 rows × 2 columns.',
    attempt: (w) =>
      formulaError(w, "=TECH_COUNT(A1, C1:D2)", [
        ["acme.com", "", "python", "react"],
        ["", "", "java", "go"],
      ]),
  },
  {
    entry: TECH_SLUG,
    kind: "wrong type",
    tried: "names = TRUE",
    message: "TRUE/FALSE is not a technology.",
    attempt: (w) => formulaError(w, "=TECH_SLUG(TRUE)"),
  },
  // Sidebar forms
  {
    entry: ENRICH,
    kind: "empty",
    tried: "no request at all",
    message: "The enrichment request must be an object with sheetName, inputRange, fields and output.",
    attempt: (w) => sidebarError(w, "startEnrichment", null),
  },
  {
    entry: ENRICH,
    kind: "wrong type",
    tried: "an object without a prototype",
    message: "Choose the column of organization identifiers to enrich (inputRange, for example A2:A501).",
    attempt: (w) => sidebarError(w, "startEnrichment", bare()),
  },
  {
    entry: ENRICH,
    kind: "huge",
    tried: "inputRange of 588,000 characters",
    message:
      '"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (588,000 characters) is not a single column. Select one column of organization identifiers, for example A2:A501.',
    attempt: (w) => sidebarError(w, "startEnrichment", { sheetName: "Sheet1", inputRange: HUGE }),
  },
  {
    entry: ENRICH,
    kind: "wrong sheet shape",
    tried: "inputRange spanning two columns",
    message:
      '"A2:B9" is not a single column. Select one column of organization identifiers, for example A2:A501.',
    attempt: (w) =>
      sidebarError(w, "startEnrichment", {
        sheetName: "Sheet1",
        inputRange: "A2:B9",
        fields: [{ kind: "attribute", name: "name" }],
      }),
  },
  {
    entry: ENRICH,
    kind: "huge",
    tried: "inputRange A1:A10000000 on a sheet of 1,000 rows (refused before any estimate)",
    message:
      '"Sheet1" has 1,000 rows; A1:A10000000 reaches row 10,000,000. Select rows inside the sheet, for example A1:A1000.',
    attempt: (w) =>
      sidebarError(w, "startEnrichment", {
        sheetName: "Sheet1",
        inputRange: "A1:A10000000",
        fields: [{ kind: "attribute", name: "industry" }],
      }),
  },
  {
    entry: FIND,
    kind: "huge",
    tried: "search kind of 588,000 characters",
    message:
      'Unknown search kind "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (588,000 characters). Use one of: organizations, people, jobs, teams.',
    attempt: (w) => sidebarError(w, "runFind", { kind: HUGE }),
  },
  {
    entry: FIND,
    kind: "NaN or Infinity",
    tried: "limit = Infinity",
    message: "The limit must be a whole number from 1 to 200.",
    attempt: (w) =>
      sidebarError(w, "runFind", { kind: "organizations", query: "industry EQ 'Software'", limit: Infinity }),
  },
  {
    entry: LISTS_CREATE,
    kind: "huge",
    tried: "a list name of 588,000 characters",
    message: "A list name can have at most 200 characters; this one has 588,000.",
    attempt: (w) => sidebarError(w, "createOrganizationList", { name: HUGE }),
  },
  {
    entry: LISTS_CREATE,
    kind: "wrong type",
    tried: "name = an object without a prototype",
    message: "A list name must be text; got an object.",
    attempt: (w) => sidebarError(w, "createOrganizationList", { name: bare() }),
  },
  {
    entry: LISTS_ADD,
    kind: "huge",
    tried: "listName of 588,000 characters (checked before anything is sent)",
    message: "A list name can have at most 200 characters; this one has 588,000.",
    attempt: (w) =>
      sidebarError(w, "addSelectionToOrganizationList", { listId: 1, listName: HUGE, selection }),
  },
  {
    entry: BRIEFS,
    kind: "NaN or Infinity",
    tried: "organizationIds = [NaN]",
    message: "Organization ids must be positive whole numbers; got NaN.",
    attempt: (w) => sidebarError(w, "requestBriefs", { organizationIds: [Number.NaN] }),
  },
  {
    entry: BRIEFS,
    kind: "huge",
    tried: "an id of 588,000 characters",
    message:
      'Organization ids must be positive whole numbers; got "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (588,000 characters).',
    attempt: (w) => sidebarError(w, "requestBriefs", { organizationIds: [HUGE] }),
  },
  {
    entry: BRIEFS,
    kind: "wrong type",
    tried: "match = [42] (an id where domains or names go)",
    message: "match takes domains, web addresses, e-mails and names; got 42.",
    attempt: (w) => sidebarError(w, "requestBriefs", { match: [42] }),
  },
  {
    entry: BRIEFS,
    kind: "huge",
    tried: "match of 51 domains (checked before anything is sent)",
    message: "Name at most 50 organizations (match); got 51.",
    attempt: (w) =>
      sidebarError(w, "requestBriefs", { match: Array.from({ length: 51 }, (_v, i) => `org${i}.com`) }),
  },
  {
    entry: TECH_STACK,
    kind: "wrong type",
    tried: "organization = true",
    message:
      "Choose an organization: an id, a domain, a web address, an e-mail or a name (organization; got true).",
    attempt: (w) => sidebarError(w, "importTechStack", { organization: true }),
  },
  {
    entry: ORG_SIGNALS,
    kind: "formula-like text",
    tried: 'organization = "#N/A"',
    message: '"#N/A" does not name an organization. The cell holds the error #N/A.',
    attempt: (w) => sidebarError(w, "importOrganizationSignals", { organization: "#N/A" }),
  },
  {
    entry: ASK_FIRST,
    kind: "wrong type",
    tried: 'the text "lots"',
    message: 'Asking first can be skipped only under a whole number of credits from 0 to 100; got "lots".',
    attempt: (w) => sidebarError(w, "saveAskUnder", "lots"),
  },
  {
    entry: SETTINGS_KEY,
    kind: "unicode",
    tried: "a key with Cyrillic letters and an emoji",
    message:
      "An API key has only letters, digits and punctuation (no accents, symbols or emoji). Copy it again from the API keys page of the service's web app.",
    attempt: (w) => sidebarError(w, "saveApiKey", "ключ-😀-0123456789"),
  },
  {
    entry: SETTINGS_KEY,
    kind: "huge",
    tried: "a key of 588,000 characters",
    message:
      "An API key is at most 256 characters, and this one has 588,000. Copy it again from the API keys page of the service's web app, without the text around it.",
    attempt: (w) => sidebarError(w, "saveApiKey", HUGE),
  },
  {
    entry: SETTINGS_KEY,
    kind: "wrong type",
    tried: "an object",
    message: "The API key must be text.",
    attempt: (w) => sidebarError(w, "saveApiKey", bare()),
  },
  {
    entry: REFRESH,
    kind: "empty",
    tried: "no frequency",
    message: "Choose how often to refresh: hourly, daily, weekly.",
    attempt: (w) => sidebarError(w, "saveRefreshRule", { jobId: "x" }),
  },
  {
    entry: FEED,
    kind: "NaN or Infinity",
    tried: "maxSignals = NaN",
    message: "How many signals? Give a whole number from 1 to 10,100 (maxSignals); got NaN.",
    attempt: (w) => sidebarError(w, "importSignalFeed", { configIds: [1], maxSignals: Number.NaN }),
  },
  {
    entry: RELEVANCE,
    kind: "formula-like text",
    tried: 'relevant = "=TRUE()"',
    message: 'relevant must be true, false or null (to clear); got "=TRUE()".',
    attempt: (w) => sidebarError(w, "setPriorityRelevance", { itemId: 1, relevant: "=TRUE()" }),
  },
  {
    entry: RELEVANCE,
    kind: "wrong sheet shape",
    tried: 'the "Relevant?" header typed over (checked before the service hears anything)',
    message:
      'The sheet "Priority signals" has no "Relevant?" column in its first row; import the priority signals again.',
    setup: (w) => {
      w.gas.run("importPrioritySignals", { limit: 2 });
    },
    attempt: (w) => {
      const sheet = w.gas.sheet("Priority signals");
      const header = sheet.values()[0]!;
      sheet.set(`${String.fromCharCode(65 + header.indexOf("Relevant?"))}1`, [["Notes"]]);
      const item = sheet.values()[1]![0];
      const message = sidebarError(w, "setPriorityRelevance", { itemId: item, relevant: true });
      if (w.gas.fetches.some((f) => f.url.includes("/relevance"))) throw new Error("relevance was sent");
      return message;
    },
  },
  {
    entry: SETTINGS_KEY,
    kind: "empty",
    tried: "an empty key",
    message: "Paste your API key first: the field is empty.",
    attempt: (w) => sidebarError(w, "saveApiKey", "   "),
  },
  {
    entry: JOBS,
    kind: "huge",
    tried: "a job id of 588,000 characters",
    message:
      'There is no job "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (588,000 characters) in this spreadsheet.',
    attempt: (w) => sidebarError(w, "getJobStatus", HUGE),
  },
  {
    entry: TECHS,
    kind: "huge",
    tried: "a technology name of 588,000 characters",
    message: "A technology name is at most 100 characters.",
    attempt: (w) => sidebarError(w, "findTechnologies", HUGE),
  },
  {
    entry: FREEZE,
    kind: "unicode",
    tried: 'scope = "feuille entière"',
    message: 'Unknown scope "feuille entière". Use one of: selection, sheet.',
    attempt: (w) => sidebarError(w, "freezeFormulas", { scope: "feuille entière" }),
  },
  // Emulator endpoints
  {
    entry: ORGS,
    kind: "empty",
    tried: "an empty body {}",
    message: "422: Field required (at body.select)",
    attempt: (w) => endpointError(w, "POST", "/v9/organizations", {}),
  },
  {
    entry: ORGS,
    kind: "NaN or Infinity",
    tried: '"limit": NaN in the JSON',
    message:
      "422: JSON decode error: the body is not valid JSON. Send a JSON object with Content-Type: application/json. (at body.0)",
    attempt: (w) =>
      endpointError(
        w,
        "POST",
        "/v9/organizations",
        '{"filter": {"query": "x"}, "select": {}, "limit": NaN}',
        true,
      ),
  },
  {
    entry: ORGS,
    kind: "huge",
    tried: "an attribute name of 588,000 characters",
    message:
      '422: Unknown attribute "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (588,000 characters). Use one of: id, slug, name, url, service_url, industry, headquarters_country, tags, service_score, employee_count, people_count_rollup, people_count_no_rollup, cloud_spend_estimate_millions_usd, jobs_count, jobs_count_rollup, jobs_count_no_rollup, teams_count, teams_count_rollup, teams_count_no_rollup, funding_total_raised, funding_valuation, funding_last_round_raised, funding_last_round_type, funding_last_round_date, status, status_reason, parent_id, subsidiary_ids, account_status. (at body.select.attributes.0)',
    attempt: (w) =>
      endpointError(w, "POST", "/v9/organizations", {
        organizations: [{ url: "acme.com" }],
        select: { attributes: [HUGE] },
      }),
  },
  {
    entry: ORGS,
    kind: "wrong type",
    tried: "organizations as one string",
    message: "422: Input should be a valid list (at body.organizations)",
    attempt: (w) => endpointError(w, "POST", "/v9/organizations", { organizations: "acme.com", select: {} }),
  },
  {
    entry: PEOPLE,
    kind: "wrong type",
    tried: "filter.query as a string, not {query}",
    message:
      "422: Input should be a valid dictionary or object to extract fields from (at body.filter.query)",
    attempt: (w) => endpointError(w, "POST", "/v9/people", { filter: { query: "x" }, select: {} }),
  },
  {
    entry: JOB_POSTS,
    kind: "wrong type",
    tried: "job_id 0",
    message: "422: job_id must be a positive integer. (at body.jobs.0.job_id)",
    attempt: (w) => endpointError(w, "POST", "/v9/jobs", { jobs: [{ job_id: 0 }], select: {} }),
  },
  {
    entry: LISTS,
    kind: "empty",
    tried: 'name ""',
    message: "422: name must not be empty. (at body.name)",
    attempt: (w) => endpointError(w, "POST", "/v9/organization-lists", { name: "" }),
  },
  {
    entry: BRIEF,
    kind: "wrong type",
    tried: "id abc",
    message:
      "422: Input should be a valid integer, unable to parse string as an integer (at path.organization_id)",
    attempt: (w) => endpointError(w, "GET", "/v9/organizations/abc/intelligence-brief", undefined),
  },
];

/** A fresh add-on and emulator per case, so no case leans on another's leftovers. */
export async function badInputWorld(): Promise<BadInputWorld> {
  const world = await jobsWorld({ orgs: 200, values: [["Domain"], ["acme.com"], ["b.com"]] });
  return { gas: world.gas, emulator: world.emulator };
}
