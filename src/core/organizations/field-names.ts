// The human names of organization attributes and metrics, and how a name a person typed is read as one.
import {
  type EntityMetric,
  ORGANIZATION_ATTRIBUTE_NAMES,
  type OrganizationAttribute,
} from "../../api/contract/organization-catalog";
import { apiValueWords } from "../text/api-values";

/** Attributes whose API name, spaced and capitalised, would not be the clearest header. */
const ATTRIBUTE_LABELS: Partial<Record<string, string>> = {
  id: "Organization id",
  url: "Domain",
  service_url: "Link in the web app",
  service_score: "Score",
  headquarters_country: "HQ country",
  cloud_spend_estimate_millions_usd: "Cloud spend (million USD)",
  people_count_rollup: "People (with subsidiaries)",
  people_count_no_rollup: "People (own records)",
  jobs_count: "Job posts",
  jobs_count_rollup: "Job posts (with subsidiaries)",
  jobs_count_no_rollup: "Job posts (own records)",
  teams_count: "Teams",
  teams_count_rollup: "Teams (with subsidiaries)",
  teams_count_no_rollup: "Teams (own records)",
  funding_total_raised: "Total raised (USD)",
  funding_valuation: "Valuation (USD)",
  funding_last_round_raised: "Last round raised (USD)",
  funding_last_round_type: "Last round type",
  funding_last_round_date: "Last round date",
  // The run writes its own "Status" column beside the fields; the organization's status must read apart.
  status: "Organization status",
  status_reason: "Status reason",
  parent_id: "Parent id",
  subsidiary_ids: "Subsidiary ids",
  account_status: "CRM status",
};

export const METRIC_LABELS: Record<EntityMetric, string> = {
  job_post_count: "Job posts",
  job_post_count_no_rollup: "Job posts (own records)",
  job_post_used_count: "Job posts using it",
  team_count: "Teams",
  team_count_no_rollup: "Teams (own records)",
  people_count: "People",
  people_count_no_rollup: "People (own records)",
  job_post_count_growth_1y: "Job post growth, 1 year (%)",
  people_count_growth_1y: "People growth, 1 year (%)",
  job_post_concentration: "Share of job posts",
  people_concentration: "Share of people",
};

/**
 * Words people use for an attribute that are neither its API name nor its header. They are only ever
 * suggested ("Did you mean …?"), never taken silently: "people" or "size" could mean more than one thing.
 */
const ATTRIBUTE_SYNONYMS: Record<string, OrganizationAttribute> = {
  employees: "employee_count",
  headcount: "employee_count",
  staff: "employee_count",
  size: "employee_count",
  country: "headquarters_country",
  hq: "headquarters_country",
  headquarters: "headquarters_country",
  location: "headquarters_country",
  domain_name: "url",
  website: "url",
  site: "url",
  company: "name",
  company_name: "name",
  organization: "name",
  sector: "industry",
  vertical: "industry",
  funding: "funding_total_raised",
  total_funding: "funding_total_raised",
  raised: "funding_total_raised",
  funding_stage: "funding_last_round_type",
  stage: "funding_last_round_type",
  last_round: "funding_last_round_type",
  jobs: "jobs_count",
  job_posts_count: "jobs_count",
  openings: "jobs_count",
  open_jobs: "jobs_count",
  parent: "parent_id",
  subsidiaries: "subsidiary_ids",
  score: "service_score",
  crm: "account_status",
  keywords: "tags",
  cloud_spend: "cloud_spend_estimate_millions_usd",
};

/**
 * Attributes whose values are API enumerations ("series_e", "not_in_crm", "active"): cells and sheets show
 * them in words, the header note keeps the API's spelling. Formulas return the API value (see README).
 */
export const ENUMERATED_ATTRIBUTES: ReadonlySet<string> = new Set<OrganizationAttribute>([
  "funding_last_round_type",
  "account_status",
  "status",
]);

/** A value as a sheet shows it: an enumerated attribute's value in words, anything else as it came. */
export function attributeValueWords<T>(name: string, value: T): T | string {
  return typeof value === "string" && ENUMERATED_ATTRIBUTES.has(name) ? apiValueWords(value) : value;
}

/** Words an API name spells in lower case that a person writes otherwise. */
const WORD_SPELLINGS: Record<string, string> = { linkedin: "LinkedIn", url: "URL", crm: "CRM", usd: "USD" };

/** Any API name as words: "linkedin_url" → "LinkedIn URL", "job_title" → "Job title". */
export function spacedName(name: string): string {
  const words = name.split("_").map((word) => WORD_SPELLINGS[word] ?? word);
  const first = words[0] ?? "";
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(" ");
}

/** "employee_count" → "Employee count", unless the attribute has a clearer name. */
export function attributeLabel(name: string): string {
  return ATTRIBUTE_LABELS[name] ?? spacedName(name);
}

/**
 * A bulk field in the sidebar's words, the one source for its column header and the Changes sheet's Field
 * column: an attribute by its label ("Employee count"), a metric as "Snowflake · Job posts [since …]".
 */
export function fieldWords(
  field:
    | { kind: "attribute"; name: string }
    | { kind: "metric"; term: string; metric: EntityMetric; since?: string | undefined },
): string {
  if (field.kind === "attribute") return field.name.split(".").map(attributeLabel).join(" · ");
  const since = field.since ? ` since ${field.since}` : "";
  return `${field.term} · ${METRIC_LABELS[field.metric]}${since}`;
}

/** Find ▸ Organizations' sort columns that are not attributes, or sort other than the attribute reads. */
const ORDER_LABELS: Partial<Record<string, string>> = {
  employee_count_int: "Employee count (as a number)",
  first_activity_time: "First activity",
  last_activity_time: "Last activity",
  people_count: "People",
  jobs_count_growth_6mo: "Job post growth, 6 months (%)",
  account_score: "Account score",
};

/** The words for a Find ▸ Organizations sort column ("cloud_spend_estimate_millions_usd" → "Cloud spend (million USD)"). */
export function orderLabel(column: string): string {
  return ORDER_LABELS[column] ?? attributeLabel(column);
}

/** How names are compared: case, spaces, dashes and dots do not matter ("HQ country" is "hq_country"). */
export function foldName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s\-.]+/g, "_")
    .replace(/[()]/g, "")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
}

let accepted: Map<string, OrganizationAttribute> | null = null;

/** API names and the add-on's own headers, folded: what a formula takes as an attribute. */
function acceptedNames(): Map<string, OrganizationAttribute> {
  if (accepted) return accepted;
  accepted = new Map();
  for (const name of ORGANIZATION_ATTRIBUTE_NAMES) {
    accepted.set(foldName(name), name);
    accepted.set(foldName(attributeLabel(name)), name);
  }
  return accepted;
}

/**
 * The attribute a typed name means: its API name in any case or spacing ("Employee count",
 * "EMPLOYEE_COUNT") or the header the add-on writes for it ("HQ country", "Domain"); null otherwise.
 */
export function readAttributeName(given: string): OrganizationAttribute | null {
  return acceptedNames().get(foldName(given)) ?? null;
}

/**
 * The attributes a mistyped name may have meant, nearest first, found among API names, headers and the
 * synonyms above; each given by its API name once. `nearest` ranks strings (see nearest-names.ts).
 */
export function attributeSuggestions(
  given: string,
  nearest: (given: string, valid: readonly string[], max: number) => string[],
): OrganizationAttribute[] {
  const synonym = ATTRIBUTE_SYNONYMS[foldName(given)];
  const byText = new Map<string, OrganizationAttribute>(acceptedNames());
  for (const [word, name] of Object.entries(ATTRIBUTE_SYNONYMS)) byText.set(word, name);
  const near = nearest(foldName(given), [...byText.keys()], 6).map((text) => byText.get(text));
  const names = [synonym, ...near].filter((n): n is OrganizationAttribute => n !== undefined);
  return [...new Set(names)].slice(0, 3);
}
