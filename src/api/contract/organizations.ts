// Organizations (spec §2.1–2.4, §4.1): attributes, entity metrics, the unified endpoint, brief, signals, techs.
import * as z from "zod/mini";
import {
  boundedList,
  envelopeShape,
  exactlyOneMode,
  IsoDate,
  limitField,
  maybe,
  ORDER_DIRECTIONS,
  offsetField,
  onDemand,
  oneOf,
  QueryFilter,
} from "./common";
import { LIMITS } from "./limits";
import { Signal } from "./signals";

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

export const EntitySelection = onDemand(() =>
  z
    .strictObject({
      type: oneOf(ENTITY_TYPES, "entity type"),
      term: z.string().check(z.minLength(1, "term must not be empty.")),
      metrics: z.union([
        z.array(oneOf(ENTITY_METRICS, "metric")).check(z.minLength(1, "Ask for at least one metric.")),
        z.literal("all"),
      ]),
      granularity: maybe(oneOf(GRANULARITIES, "granularity")),
      since: maybe(IsoDate),
    })
    .check(
      z.superRefine((entity, ctx) => {
        const allowed = METRICS_BY_ENTITY_TYPE[entity.type].valid;
        if (Array.isArray(entity.metrics)) {
          for (const metric of entity.metrics) {
            if (!allowed.includes(metric)) {
              ctx.issues.push({
                code: "custom",
                path: ["metrics"],
                input: metric,
                message: `Metric "${metric}" is not available for type "${entity.type}". Use one of: ${allowed.join(", ")}.`,
              });
            }
          }
        }
        if (entity.type === "technology_category" && !entity.granularity) {
          ctx.issues.push({
            code: "custom",
            path: ["granularity"],
            input: entity.granularity,
            message: 'granularity ("aggregate" or "exploded") is required for technology_category.',
          });
        }
        if (entity.type !== "technology_category" && entity.granularity) {
          ctx.issues.push({
            code: "custom",
            path: ["granularity"],
            input: entity.granularity,
            message: "granularity applies to technology_category only.",
          });
        }
      }),
    ),
);
export type EntitySelection = z.infer<typeof EntitySelection>;

export const OrganizationSelect = onDemand(() =>
  z.strictObject({
    attributes: z.optional(
      z.array(
        oneOf(
          ORGANIZATION_ATTRIBUTE_NAMES as [OrganizationAttribute, ...OrganizationAttribute[]],
          "attribute",
        ),
      ),
    ),
    entities: z.optional(z.array(EntitySelection)),
  }),
);
export type OrganizationSelect = z.infer<typeof OrganizationSelect>;

/** A list-mode input (spec §4.1; `slug` from the real service, notes §1). */
export const OrganizationInput = onDemand(() =>
  z
    .strictObject({
      id: maybe(z.int().check(z.positive("id must be a positive integer."))),
      slug: maybe(z.string()),
      name: maybe(z.string()),
      url: maybe(z.string()),
      location: maybe(z.string()),
    })
    .check(
      z.refine((input) => input.id != null || !!input.slug || !!input.name || !!input.url, {
        message: "Each organization needs an id, slug, name or url.",
      }),
    ),
);
export type OrganizationInput = z.infer<typeof OrganizationInput>;

export const ORGANIZATION_ORDER_COLUMNS = [
  "industry",
  "employee_count",
  "employee_count_int",
  "first_activity_time",
  "last_activity_time",
  "jobs_count",
  "teams_count",
  "people_count",
  "jobs_count_growth_6mo",
  "cloud_spend_estimate_millions_usd",
  "account_score",
  "people_concentration",
  "people_count_growth_1y",
  "job_post_concentration",
] as const;

export const OrganizationsRequest = onDemand(() =>
  z
    .strictObject({
      organizations: z.optional(
        boundedList(OrganizationInput, LIMITS.listMax, "organization", "organizations"),
      ),
      filter: z.optional(QueryFilter),
      select: OrganizationSelect,
      limit: limitField(LIMITS.filterLimitMax),
      offset: offsetField(LIMITS.offsetMax),
      order_by_column: maybe(oneOf(ORGANIZATION_ORDER_COLUMNS, "order_by_column")),
      order_by_direction: maybe(z.enum(ORDER_DIRECTIONS)),
      order_by_job_function: maybe(z.string()),
      order_by_advanced_query: maybe(z.string()),
      include_closed: z.optional(z.boolean()),
    })
    .check(
      z.superRefine((body, ctx) => {
        exactlyOneMode(ctx, body, ["organizations", "filter"], {
          none: 'Send either "organizations" (list mode) or "filter" (filter mode).',
          many: 'Send "organizations" or "filter", not both.',
        });
        if (
          body.organizations &&
          (body.limit != null || body.order_by_column != null || body.include_closed != null)
        ) {
          ctx.issues.push({
            code: "custom",
            path: [],
            input: body,
            message: "limit, order_by_* and include_closed apply to filter mode only.",
          });
        }
        const col = body.order_by_column;
        if (
          (col === "people_concentration" || col === "people_count_growth_1y") &&
          !body.order_by_job_function
        ) {
          ctx.issues.push({
            code: "custom",
            path: ["order_by_job_function"],
            input: undefined,
            message: `order_by_column "${col}" needs order_by_job_function.`,
          });
        }
        if (col === "job_post_concentration" && !body.order_by_advanced_query) {
          ctx.issues.push({
            code: "custom",
            path: ["order_by_advanced_query"],
            input: undefined,
            message: 'order_by_column "job_post_concentration" needs order_by_advanced_query.',
          });
        }
      }),
    ),
);
export type OrganizationsRequest = z.infer<typeof OrganizationsRequest>;

/** Every metric and its `_url` companion as optional fields of an entity result. */
function metricFields() {
  const fields: Record<string, z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniNumber | z.ZodMiniString>>> = {};
  for (const metric of ENTITY_METRICS) {
    fields[metric] = maybe(z.number());
    fields[`${metric}_url`] = maybe(z.string());
  }
  return fields;
}

export interface EntityResult {
  type: string;
  term: string;
  granularity?: string | null;
  components?: EntityResult[] | null;
  [metric: string]: unknown;
}

export const EntityResult: z.ZodMiniType<EntityResult> = onDemand(() =>
  z.looseObject({
    type: z.string(),
    term: z.string(),
    granularity: maybe(z.string()),
    get components() {
      return z.optional(z.nullable(z.array(EntityResult)));
    },
    ...metricFields(),
  }),
);

export const OrganizationAttributes = onDemand(() =>
  z.object({
    id: maybe(z.int()),
    slug: maybe(z.string()),
    name: maybe(z.string()),
    url: maybe(z.string()),
    service_url: maybe(z.string()),
    employee_count: maybe(z.int()),
    industry: maybe(z.string()),
    jobs_count: maybe(z.int()),
    teams_count: maybe(z.int()),
    jobs_count_rollup: maybe(z.int()),
    jobs_count_no_rollup: maybe(z.int()),
    teams_count_rollup: maybe(z.int()),
    teams_count_no_rollup: maybe(z.int()),
    people_count_rollup: maybe(z.int()),
    people_count_no_rollup: maybe(z.int()),
    headquarters_country: maybe(z.string()),
    service_score: maybe(z.number()),
    parent_id: maybe(z.int()),
    subsidiary_ids: maybe(z.array(z.int())),
    tags: maybe(z.array(z.string())),
    status: maybe(z.string()),
    status_reason: maybe(z.string()),
    account_status: maybe(z.enum(["customer", "prospect", "not_in_crm"])),
    funding_total_raised: maybe(z.int()),
    funding_valuation: maybe(z.int()),
    funding_last_round_raised: maybe(z.int()),
    funding_last_round_type: maybe(z.string()),
    funding_last_round_date: maybe(z.string()),
    cloud_spend_estimate_millions_usd: maybe(z.number()),
  }),
);
export type OrganizationAttributes = z.infer<typeof OrganizationAttributes>;

export const OrganizationRow = onDemand(() =>
  z.object({
    input: maybe(z.looseObject({})),
    attributes: z.optional(z.nullable(OrganizationAttributes)),
    entities: z.optional(z.nullable(z.array(EntityResult))),
  }),
);
export type OrganizationRow = z.infer<typeof OrganizationRow>;

export const OrganizationsResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    organizations: z.array(OrganizationRow),
    matched_count: maybe(z.int()),
    total: z.int(),
    source_data_url: maybe(z.string()),
  }),
);
export type OrganizationsResponse = z.infer<typeof OrganizationsResponse>;

/** GET …/intelligence-brief: 200 (spec §2.4). */
export const IntelligenceBrief = onDemand(() =>
  z.object({
    ...envelopeShape(),
    organization_id: z.int(),
    organization_slug: z.string(),
    title: z.string(),
    body: z.string(),
    service_url: z.string(),
  }),
);
export type IntelligenceBrief = z.infer<typeof IntelligenceBrief>;

/** GET …/intelligence-brief: 202 with Retry-After (spec §2.4). */
export const IntelligenceBriefPending = onDemand(() =>
  z.object({
    status: z.literal("pending"),
    organization_id: z.int(),
    organization_slug: z.string(),
    message: z.string(),
  }),
);
export type IntelligenceBriefPending = z.infer<typeof IntelligenceBriefPending>;

export const OrganizationSignalsQuery = onDemand(() =>
  z.strictObject({
    technology_slugs: z.optional(z.array(z.string())),
  }),
);

export const OrganizationSignalsResponse = onDemand(() =>
  z.object({ ...envelopeShape(), signals: z.array(Signal) }),
);
export type OrganizationSignalsResponse = z.infer<typeof OrganizationSignalsResponse>;

const StackTechnology = onDemand(() =>
  z.object({
    name: z.string(),
    slug: z.string(),
    job_post_used_count: maybe(z.int()),
    domain: maybe(z.string()),
  }),
);
const StackCategory = onDemand(() =>
  z.object({
    category_slug: z.string(),
    category_name: z.string(),
    category_name_full: maybe(z.string()),
    technologies: z.array(StackTechnology),
    evidence: z.optional(z.array(z.object({ name: z.string(), job_post_used_count: maybe(z.int()) }))),
  }),
);

/** GET …/techs (spec §2.3). */
export const TechStackResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    organization_id: z.int(),
    organization_slug: z.string(),
    business_functions: z.array(
      z.object({ business_function: z.string(), categories: z.array(StackCategory) }),
    ),
  }),
);
export type TechStackResponse = z.infer<typeof TechStackResponse>;
