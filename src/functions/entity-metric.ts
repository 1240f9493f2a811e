// TECH_COUNT and ORG_METRIC: one entity metric per term, one column per term.
import type { EntityType } from "../api/contract";
import { parseNames } from "../core/formulas/grid";
import { checkMetric, type OrgField } from "../core/organizations/org-fields";
import { entityType, optionalText, sinceArgument } from "./arguments";
import { resolveTerms } from "./entity-terms";
import type { FormulaEnv } from "./formula-env";
import { type Cell, organizationFormula } from "./org-formula";

export const DEFAULT_METRIC = "job_post_count";

/** Validates everything before any request: metric, since, then the terms (which may need a lookup). */
function metricFormula(
  env: FormulaEnv,
  organizations: unknown,
  type: EntityType,
  termsArgument: unknown,
  termsName: string,
  metricArgument: unknown,
  sinceValue: unknown,
): Cell | Cell[][] {
  const metric = checkMetric(type, optionalText(metricArgument, "metric", DEFAULT_METRIC));
  const since = sinceArgument(sinceValue, env.formatDay);
  const terms = parseNames(termsArgument, termsName);
  const slugs = resolveTerms(env, type, terms);
  const fields: OrgField[] = slugs.map((term) => ({
    kind: "metric",
    type,
    term,
    metric,
    ...(since ? { since } : {}),
  }));
  return organizationFormula(env, organizations, fields);
}

export function techCount(
  env: FormulaEnv,
  organizations: unknown,
  technologies: unknown,
  metric?: unknown,
  since?: unknown,
): Cell | Cell[][] {
  return metricFormula(env, organizations, "technology", technologies, "technologies", metric, since);
}

export function orgMetric(
  env: FormulaEnv,
  organizations: unknown,
  type: unknown,
  terms: unknown,
  metric?: unknown,
  since?: unknown,
): Cell | Cell[][] {
  return metricFormula(env, organizations, entityType(type), terms, "terms", metric, since);
}
