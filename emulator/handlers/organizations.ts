// POST /v9/organizations: list mode and filter mode, priced per organization.
import type { QueryFilter } from "../../src/api/contract/common.ts";
import { LIMITS } from "../../src/api/contract/limits.ts";
import {
  type OrganizationsRequest,
  OrganizationsRequest as RequestSchema,
} from "../../src/api/contract/organizations.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { findJobFunction } from "../dataset/catalog/job-functions.ts";
import type { Dataset } from "../dataset/index.ts";
import { WEB_APP_URL } from "../dataset/links.ts";
import type { Organization } from "../dataset/types.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { validationError } from "../http-error.ts";
import { attributesCost, organizationAttributes } from "../organizations/attributes.ts";
import {
  type EntityPlan,
  findOrganizationIndex,
  jobFunctionMatcher,
  planEntities,
  queryMatcher,
} from "../organizations/entities.ts";
import { entityResult } from "../organizations/metrics.ts";
import {
  DEFAULT_ORDER_COLUMN,
  type Direction,
  type OrderBy,
  orderedPage,
} from "../organizations/ordering.ts";
import { QueryError } from "../query/ast.ts";
import { filterOrganizations } from "../query/org-filter.ts";
import { parseQuery } from "../query/parse.ts";
import { type Condition, type FieldName, ORGANIZATION_FIELDS, resolveQuery } from "../query/resolve.ts";
import { validate } from "../validation.ts";

/** Fields `order_by_advanced_query` accepts (real OpenAPI description). */
const ORDER_QUERY_FIELDS: readonly FieldName[] = [
  "technology",
  "technology_category",
  "job_function",
  "project",
  "job_level",
  "country",
];

export function organizations(ctx: HandlerContext): HandlerResult {
  const body = validate(RequestSchema, ctx.body());
  const attributes = body.select.attributes ?? [];
  const plans = planEntities(body.select.entities ?? [], ctx.state.dataset);
  const perOrganization =
    PRICES.organizationBase + attributesCost(attributes) + plans.reduce((sum, p) => sum + p.cost, 0);
  const row = (org: Organization) => ({
    attributes: organizationAttributes(attributes, org, ctx.state.dataset, ctx.account.crmSeat),
    entities: plans.map((plan: EntityPlan) => entityResult(plan, org, ctx.state.dataset)),
  });

  if (body.organizations) {
    const matches = body.organizations.map((input) => ctx.state.dataset.lookup.match(input));
    const matched = matches.filter((org) => org !== undefined).length;
    // Two inputs that resolve to the same organization are one organization: charged once.
    const cost = new Set(matches.filter((org) => org !== undefined)).size * perOrganization;
    ctx.charge(cost);
    return {
      body: {
        ...ctx.envelope(cost),
        organizations: body.organizations.map((input, i) => {
          const org = matches[i];
          return org ? { input, ...row(org) } : { input, attributes: {}, entities: [] };
        }),
        matched_count: matched,
        total: body.organizations.length,
      },
    };
  }

  const { page, total, sourceDataUrl } = filterPage(ctx, body);
  const cost = page.length * perOrganization;
  ctx.charge(cost);
  return {
    body: {
      ...ctx.envelope(cost),
      organizations: page.map(row),
      // The spec lists matched_count for both modes; in filter mode every returned organization matched.
      matched_count: page.length,
      total,
      ...(sourceDataUrl ? { source_data_url: sourceDataUrl } : {}),
    },
  };
}

function filterPage(ctx: HandlerContext, body: OrganizationsRequest) {
  const dataset = ctx.state.dataset;
  const filter = body.filter!;
  let matches = filterOrganizations(resolveFilter(filter, dataset), dataset.index, dataset.today);
  if (!body.include_closed) matches = matches.andNot(dataset.index.closed);
  const order = orderBy(ctx, body);
  const page = orderedPage(
    dataset,
    matches,
    order,
    body.offset ?? 0,
    body.limit ?? LIMITS.filterLimitDefault,
  );
  // The listing page cannot reproduce the parameterised sorts, so they carry no source_data_url.
  const query = "query" in filter ? filter.query : JSON.stringify(filter);
  const sourceDataUrl =
    order.kind === "column" || order.kind === "growth-6mo"
      ? `${WEB_APP_URL}/organizations?query=${encodeURIComponent(query)}`
      : undefined;
  return { page, total: matches.count(), sourceDataUrl };
}

function resolveFilter(filter: QueryFilter, dataset: Dataset): Condition {
  try {
    return resolveQuery(parseQuery(filter), {
      fields: ORGANIZATION_FIELDS,
      findOrganization: (key) => findOrganizationIndex(dataset, key),
    });
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    const loc = "query" in filter ? ["body", "filter", "query"] : ["body", "filter", ...error.path];
    throw validationError(loc, error.message, "value_error");
  }
}

function orderBy(ctx: HandlerContext, body: OrganizationsRequest): OrderBy {
  const direction: Direction = body.order_by_direction ?? "DESC";
  const column = body.order_by_column ?? DEFAULT_ORDER_COLUMN;
  switch (column) {
    case "jobs_count_growth_6mo":
      return { kind: "growth-6mo", direction };
    case "people_concentration":
    case "people_count_growth_1y": {
      const jf = findJobFunction(body.order_by_job_function ?? "");
      if (!jf) {
        throw validationError(
          ["body", "order_by_job_function"],
          `Unknown job function "${body.order_by_job_function}". Use a job function name such as 'Data Engineer'.`,
        );
      }
      const kind = column === "people_concentration" ? "people-concentration" : "people-growth";
      return { kind, matcher: jobFunctionMatcher(jf.index), direction };
    }
    case "job_post_concentration":
      try {
        const matcher = queryMatcher(
          body.order_by_advanced_query ?? "",
          ctx.state.dataset,
          ORDER_QUERY_FIELDS,
        );
        return { kind: "job-post-concentration", matcher, direction };
      } catch (error) {
        if (!(error instanceof QueryError)) throw error;
        throw validationError(["body", "order_by_advanced_query"], error.message);
      }
    default:
      return { kind: "column", column, direction };
  }
}
