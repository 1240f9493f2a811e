// Organization attributes and entity metrics (spec §2.1–2.2): what can be asked for, what it costs, what goes with what.

export type AttributeType = "integer" | "number" | "string" | "date" | "integer[]" | "string[]";
export type AttributeGroup =
  | "Basics"
  | "Size"
  | "Activity"
  | "Funding"
  | "Status"
  | "Structure"
  | "Relationship";

export interface AttributeInfo {
  paid: boolean;
  type: AttributeType;
  group: AttributeGroup;
}

/**
 * Every selectable organization attribute (spec §2.1) and whether it costs a credit. Free per the
 * real service (notes §1): id, slug, name, url, service_url, and account_status; status and
 * status_reason cost 1 (spec §2.1); every other attribute costs 1 (notes §1).
 */
export const ORGANIZATION_ATTRIBUTES = {
  id: { paid: false, type: "integer", group: "Basics" },
  slug: { paid: false, type: "string", group: "Basics" },
  name: { paid: false, type: "string", group: "Basics" },
  url: { paid: false, type: "string", group: "Basics" },
  service_url: { paid: false, type: "string", group: "Basics" },
  industry: { paid: true, type: "string", group: "Basics" },
  headquarters_country: { paid: true, type: "string", group: "Basics" },
  tags: { paid: true, type: "string[]", group: "Basics" },
  service_score: { paid: true, type: "number", group: "Basics" },
  employee_count: { paid: true, type: "integer", group: "Size" },
  people_count_rollup: { paid: true, type: "integer", group: "Size" },
  people_count_no_rollup: { paid: true, type: "integer", group: "Size" },
  cloud_spend_estimate_millions_usd: { paid: true, type: "number", group: "Size" },
  jobs_count: { paid: true, type: "integer", group: "Activity" },
  jobs_count_rollup: { paid: true, type: "integer", group: "Activity" },
  jobs_count_no_rollup: { paid: true, type: "integer", group: "Activity" },
  teams_count: { paid: true, type: "integer", group: "Activity" },
  teams_count_rollup: { paid: true, type: "integer", group: "Activity" },
  teams_count_no_rollup: { paid: true, type: "integer", group: "Activity" },
  funding_total_raised: { paid: true, type: "integer", group: "Funding" },
  funding_valuation: { paid: true, type: "integer", group: "Funding" },
  funding_last_round_raised: { paid: true, type: "integer", group: "Funding" },
  funding_last_round_type: { paid: true, type: "string", group: "Funding" },
  funding_last_round_date: { paid: true, type: "date", group: "Funding" },
  status: { paid: true, type: "string", group: "Status" },
  status_reason: { paid: true, type: "string", group: "Status" },
  parent_id: { paid: true, type: "integer", group: "Structure" },
  subsidiary_ids: { paid: true, type: "integer[]", group: "Structure" },
  account_status: { paid: false, type: "string", group: "Relationship" },
} as const satisfies Record<string, AttributeInfo>;

export type OrganizationAttribute = keyof typeof ORGANIZATION_ATTRIBUTES;
export const ORGANIZATION_ATTRIBUTE_NAMES = Object.keys(ORGANIZATION_ATTRIBUTES) as OrganizationAttribute[];

export const ENTITY_TYPES = ["technology", "job_function", "advanced_query", "technology_category"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const ENTITY_METRICS = [
  "job_post_count",
  "job_post_count_no_rollup",
  "job_post_used_count",
  "team_count",
  "team_count_no_rollup",
  "people_count",
  "people_count_no_rollup",
  "job_post_count_growth_1y",
  "people_count_growth_1y",
  "job_post_concentration",
  "people_concentration",
] as const;
export type EntityMetric = (typeof ENTITY_METRICS)[number];

/**
 * Which metrics each entity type accepts (`valid`) and which `metrics: "all"` expands to (`all`).
 * The spec lists the metric names (§2.2) but not the set behind `all`; the sets follow the real
 * service (notes §1): categories accept only four metrics, concentrations belong to job functions
 * (people) and advanced queries (job posts).
 */
export const METRICS_BY_ENTITY_TYPE: Record<
  EntityType,
  { valid: readonly EntityMetric[]; all: readonly EntityMetric[] }
> = {
  technology: {
    valid: [
      "job_post_count",
      "job_post_count_no_rollup",
      "job_post_used_count",
      "team_count",
      "team_count_no_rollup",
      "people_count",
      "people_count_no_rollup",
      "job_post_count_growth_1y",
    ],
    all: ["job_post_count", "job_post_used_count", "team_count", "people_count", "job_post_count_growth_1y"],
  },
  job_function: {
    valid: [
      "job_post_count",
      "job_post_count_no_rollup",
      "team_count",
      "team_count_no_rollup",
      "people_count",
      "people_count_no_rollup",
      "people_concentration",
      "people_count_growth_1y",
    ],
    all: ["job_post_count", "team_count", "people_count", "people_concentration", "people_count_growth_1y"],
  },
  advanced_query: {
    valid: [
      "job_post_count",
      "job_post_count_no_rollup",
      "team_count",
      "team_count_no_rollup",
      "people_count",
      "people_count_no_rollup",
      "job_post_concentration",
    ],
    all: ["job_post_count", "team_count", "people_count", "job_post_concentration"],
  },
  technology_category: {
    valid: ["job_post_count", "job_post_count_growth_1y", "people_count", "team_count"],
    all: ["job_post_count", "job_post_count_growth_1y", "people_count", "team_count"],
  },
};

/** Metrics that come with a `<metric>_url` deep link (notes §1). */
export const METRICS_WITH_URL: readonly EntityMetric[] = [
  "job_post_count",
  "team_count",
  "people_count",
  "job_post_count_growth_1y",
  "people_count_growth_1y",
];

export const GRANULARITIES = ["aggregate", "exploded"] as const;
