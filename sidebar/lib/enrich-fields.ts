// What the Enrich form asks for, as the bulk request's fields: the checked attributes, then one metric
// per technology, job function and category chip. An exploded category becomes one column per technology
// in it, which costs what the service charges for "exploded" (its metric once per technology).
import type { EntityMetric, EntityType } from "../../src/api/contract";
import type { OrgField } from "../../src/core/organizations/org-fields";
import type { EnrichCatalog } from "./enrich-types";

export interface CategoryChip {
  slug: string;
  name: string;
  technologies: { slug: string; name: string }[];
}

export interface MetricChoices {
  technologies: { slug: string; name: string }[];
  jobFunctions: string[];
  categories: CategoryChip[];
  granularity: "aggregate" | "exploded";
  metric: EntityMetric;
  /** YYYY-MM-DD, or "" for all time. */
  since: string;
}

export interface EnrichChoices extends MetricChoices {
  /** Checked attribute names, in the catalog's order. */
  attributes: string[];
}

function metricField(type: EntityType, term: string, choices: MetricChoices): OrgField {
  return {
    kind: "metric",
    type,
    term,
    metric: choices.metric,
    ...(choices.since ? { since: choices.since } : {}),
  };
}

export function enrichFields(choices: EnrichChoices): OrgField[] {
  const fields: OrgField[] = choices.attributes.map((name) => ({ kind: "attribute", name }) as OrgField);
  for (const tech of choices.technologies) fields.push(metricField("technology", tech.slug, choices));
  for (const name of choices.jobFunctions) fields.push(metricField("job_function", name, choices));
  for (const category of choices.categories) {
    if (choices.granularity === "aggregate") {
      fields.push(metricField("technology_category", category.slug, choices));
    } else {
      for (const tech of category.technologies) fields.push(metricField("technology", tech.slug, choices));
    }
  }
  return fields;
}

/** The entity types the chips use, so the metric picker offers only metrics all of them accept. */
export function typesInUse(choices: MetricChoices): EntityType[] {
  const types: EntityType[] = [];
  if (choices.technologies.length > 0) types.push("technology");
  if (choices.jobFunctions.length > 0) types.push("job_function");
  if (choices.categories.length > 0) {
    types.push(choices.granularity === "aggregate" ? "technology_category" : "technology");
  }
  return types;
}

/** Metrics every type in use accepts, in the catalog's order; every metric of any type when none is in use. */
export function metricOptions(catalog: EnrichCatalog, types: readonly EntityType[]): EntityMetric[] {
  const byType = new Map(catalog.metricTypes.map((t) => [t.type, t.metrics]));
  const all = [...new Set(catalog.metricTypes.flatMap((t) => t.metrics))];
  if (types.length === 0) return all;
  return all.filter((metric) => types.every((type) => byType.get(type)?.includes(metric) ?? false));
}

/** "Data Warehouses × 9 technologies". */
export function categoryLabel(category: CategoryChip): string {
  const n = category.technologies.length;
  return `${category.name} × ${n} technolog${n === 1 ? "y" : "ies"}`;
}
