// Organizations (spec §2.1–2.2, §4.1): the unified endpoint's request and response schemas.
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
import {
  ENTITY_METRICS,
  ENTITY_TYPES,
  GRANULARITIES,
  METRICS_BY_ENTITY_TYPE,
  ORGANIZATION_ATTRIBUTE_NAMES,
  type OrganizationAttribute,
} from "./organization-catalog";

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
