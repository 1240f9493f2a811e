// What the Find tab offers per kind of search (organizations, people, jobs, teams): the query rows, the
// columns to return and which cost credits, ordering, limits and the contact-reveal prices. Free.
import {
  FREE_JOB_ATTRIBUTES,
  FREE_PERSON_ATTRIBUTES,
  JOB_ATTRIBUTES,
  LIMITS,
  ORGANIZATION_ATTRIBUTE_NAMES,
  ORGANIZATION_ATTRIBUTES,
  ORGANIZATION_ORDER_COLUMNS,
  PERSON_ATTRIBUTES,
  PRICES,
  TEAM_ATTRIBUTES,
} from "../../api/contract";
import { attributeLabel, orderLabel, spacedName } from "../../core/organizations/field-names";
import { type AttributeOption, MIN_TECHNOLOGY_QUERY, sidebarDrivesJobs } from "../enrich/catalog";

export const FIND_KINDS = ["organizations", "people", "jobs", "teams"] as const;
export type FindKind = (typeof FIND_KINDS)[number];

/** Text-form query fields the builder offers (spec §2.8, notes §11). */
export const QUERY_FIELDS = [
  "technology",
  "job_function",
  "country",
  "employee_count",
  "hiring_period",
  "job_level",
] as const;
export type QueryField = (typeof QUERY_FIELDS)[number];

/** hiring_period values (notes §11: EQ only). */
export const HIRING_PERIODS = ["1mo", "3mo", "6mo", "1yr", "18mo", "2yr"] as const;

const HIRING_PERIOD_LABELS: Record<(typeof HIRING_PERIODS)[number], string> = {
  "1mo": "month",
  "3mo": "3 months",
  "6mo": "6 months",
  "1yr": "year",
  "18mo": "18 months",
  "2yr": "2 years",
};

/** Sorts that need a second parameter (a job function or a query) are left to the raw API. */
const PARAMETERISED_ORDERS = new Set([
  "people_concentration",
  "people_count_growth_1y",
  "job_post_concentration",
]);

/** Attributes a search never asks for: they fail without an ideal customer profile, or belong elsewhere. */
const PERSON_LEFT_OUT = new Set(["email", "phone", "confidence", "person_score"]);
const TEAM_LEFT_OUT = new Set(["score"]);

/** Free organization attributes every organization search returns, so each row has its name and link. */
export const ORGANIZATION_ALWAYS = ["name", "url", "service_url"] as const;

export interface FindKindView {
  kind: FindKind;
  label: string;
  /** Singular and plural nouns for estimates ("organization", "organizations"). */
  noun: [string, string];
  queryFields: QueryField[];
  /** Whether the search needs organizations to look in (people, teams), may take them (jobs), or not. */
  scope: "none" | "optional" | "required";
  /** Whether an organization list id can be the scope (people and jobs filters take one). */
  listScope: boolean;
  attributes: AttributeOption[];
  /** Credits per row for each paid attribute. */
  attributePrice: number;
  defaultAttributes: string[];
  orderColumns: string[];
  /** Each sort column in words, for the Order by list. */
  orderLabels: Record<string, string>;
  includeClosed: boolean;
}

export interface FindCatalog {
  kinds: FindKindView[];
  queryFieldLabels: Record<QueryField, string>;
  hiringPeriods: { value: string; label: string }[];
  limit: { default: number; max: number };
  maxScope: number;
  /** People looked up by identifier at once, and with contact reveals (notes §2). */
  peopleList: { max: number; maxWithReveals: number };
  prices: { emailReveal: number; phoneReveal: number; scopeLookup: number; technologiesFind: number };
  minTechnologyQuery: number;
  /** A published add-on runs its trigger hourly at most, so the open sidebar must drive people searches. */
  sidebarDrivesJobs: boolean;
}

const PERSON_LABELS: Partial<Record<string, string>> = {
  linkedin_url: "LinkedIn profile",
  current_employer: "Company (current employer)",
};

const TEAM_LABELS: Partial<Record<string, string>> = {
  breadcrumbs: "Parent teams",
  jobs_count: "Job posts",
  technology_list: "Technologies",
  job_function_list: "Job functions",
  location_list: "Locations",
};

function kinds(): FindKindView[] {
  const organizationAttributes = ORGANIZATION_ATTRIBUTE_NAMES.filter(
    (name) => !(ORGANIZATION_ALWAYS as readonly string[]).includes(name),
  ).map((name) => ({ name, label: attributeLabel(name), paid: ORGANIZATION_ATTRIBUTES[name].paid }));
  return [
    {
      kind: "organizations",
      label: "Organizations",
      noun: ["organization", "organizations"],
      queryFields: ["technology", "job_function", "country", "employee_count", "hiring_period"],
      scope: "none",
      listScope: false,
      attributes: organizationAttributes,
      attributePrice: PRICES.organizationPaidAttribute,
      defaultAttributes: ["industry", "employee_count", "headquarters_country"],
      orderColumns: ORGANIZATION_ORDER_COLUMNS.filter((c) => !PARAMETERISED_ORDERS.has(c)),
      orderLabels: Object.fromEntries(ORGANIZATION_ORDER_COLUMNS.map((c) => [c, orderLabel(c)])),
      includeClosed: true,
    },
    {
      kind: "people",
      label: "People",
      noun: ["person", "people"],
      queryFields: ["job_function", "job_level", "technology", "country"],
      scope: "required",
      listScope: true,
      attributes: PERSON_ATTRIBUTES.filter((name) => !PERSON_LEFT_OUT.has(name)).map((name) => ({
        name,
        label: PERSON_LABELS[name] ?? spacedName(name),
        paid: !FREE_PERSON_ATTRIBUTES.includes(name),
      })),
      attributePrice: PRICES.personPaidAttribute,
      // The employer is asked by default: a list of people is read by the company they work at.
      defaultAttributes: ["name", "job_title", "current_employer", "job_level", "linkedin_url"],
      orderColumns: [],
      orderLabels: {},
      includeClosed: false,
    },
    {
      kind: "jobs",
      label: "Jobs",
      noun: ["job", "jobs"],
      queryFields: ["technology", "job_function", "job_level", "country", "hiring_period"],
      scope: "optional",
      listScope: true,
      attributes: JOB_ATTRIBUTES.map((name) => ({
        name,
        label: spacedName(name),
        paid: !FREE_JOB_ATTRIBUTES.includes(name),
      })),
      attributePrice: PRICES.jobPaidAttribute,
      defaultAttributes: ["title", "location", "posted_date", "organization"],
      orderColumns: [],
      orderLabels: {},
      includeClosed: false,
    },
    {
      kind: "teams",
      label: "Teams",
      noun: ["team", "teams"],
      queryFields: ["technology", "job_function"],
      scope: "required",
      listScope: false,
      attributes: TEAM_ATTRIBUTES.filter((name) => !TEAM_LEFT_OUT.has(name)).map((name) => ({
        name,
        label: TEAM_LABELS[name] ?? spacedName(name),
        paid: true,
      })),
      attributePrice: PRICES.teamPaidAttribute,
      defaultAttributes: ["organization", "jobs_count", "technology_list", "job_function_list"],
      orderColumns: [],
      orderLabels: {},
      includeClosed: false,
    },
  ];
}

export function findCatalog(): FindCatalog {
  return {
    kinds: kinds(),
    queryFieldLabels: {
      technology: "Technology",
      job_function: "Job function",
      country: "Country",
      employee_count: "Employees",
      hiring_period: "Hiring in the last",
      job_level: "Job level",
    },
    hiringPeriods: HIRING_PERIODS.map((value) => ({ value, label: HIRING_PERIOD_LABELS[value] })),
    limit: { default: 25, max: LIMITS.filterLimitMax },
    maxScope: LIMITS.filterOrganizationIdsMax,
    peopleList: { max: LIMITS.listMax, maxWithReveals: LIMITS.peopleListMaxWithContacts },
    prices: {
      emailReveal: PRICES.personEmailReveal,
      phoneReveal: PRICES.personPhoneReveal,
      scopeLookup: PRICES.organizationBase,
      technologiesFind: PRICES.technologiesFind,
    },
    minTechnologyQuery: MIN_TECHNOLOGY_QUERY,
    sidebarDrivesJobs: sidebarDrivesJobs(),
  };
}

export function findKind(kind: FindKind): FindKindView {
  return kinds().find((k) => k.kind === kind) as FindKindView;
}
