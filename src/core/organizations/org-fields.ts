// The fields a formula or bulk run asks of an organization (attributes and entity metrics), their cache keys,
// the `select` that requests them, and how a response row yields each value.

import type { EntitySelection, OrganizationRow, OrganizationSelect } from "../../api/contract";
// From the file that holds them, not the contract's index: a formula reads them on every cell, and the index
// would evaluate the schemas (scripts/lib/lazy-api.ts).
import {
  type EntityMetric,
  type EntityType,
  METRICS_BY_ENTITY_TYPE,
  ORGANIZATION_ATTRIBUTE_NAMES,
  type OrganizationAttribute,
} from "../../api/contract/organization-catalog";
import { quoteInput } from "../../api/words/quote-input";
import { didYouMean, didYouMeanAny, nearestNames } from "../text/nearest-names";
import { ArgumentError } from "../text/user-errors";
import { attributeSuggestions, readAttributeName } from "./field-names";

export type OrgField =
  | { kind: "attribute"; name: OrganizationAttribute }
  | { kind: "metric"; type: EntityType; term: string; metric: EntityMetric; since?: string };

/** A stable key per field, used in the result cache. */
export function fieldKey(field: OrgField): string {
  if (field.kind === "attribute") return `a:${field.name}`;
  return `m:${field.type}:${field.term.toLowerCase()}:${field.metric}:${field.since ?? ""}`;
}

/**
 * An attribute by its API name in any case or spacing, or by the header the add-on writes for it
 * ("HQ country"); anything else is refused with the nearest names, headers and synonyms suggested.
 */
export function attributeField(name: string, argumentName: string): OrgField {
  const attribute = readAttributeName(name);
  if (attribute === null) {
    throw new ArgumentError(
      `Unknown attribute ${quoteInput(name)} in "${argumentName}".${didYouMeanAny(attributeSuggestions(name, nearestNames))} Use one of: ${ORGANIZATION_ATTRIBUTE_NAMES.join(", ")}.`,
    );
  }
  return { kind: "attribute", name: attribute };
}

/** Checks a metric name against what the entity type accepts, naming the valid ones. */
export function checkMetric(type: EntityType, metric: string): EntityMetric {
  const normalized = metric.trim().toLowerCase();
  const valid = METRICS_BY_ENTITY_TYPE[type].valid;
  if (!(valid as readonly string[]).includes(normalized)) {
    throw new ArgumentError(
      `Unknown metric ${quoteInput(metric)} for ${type}.${didYouMean(metric, valid)} Use one of: ${valid.join(", ")}.`,
    );
  }
  return normalized as EntityMetric;
}

/**
 * The select for a set of fields. `id` is always asked for (it is free) because it is how a matched
 * organization is told from an unmatched one when only metrics are requested.
 */
export function buildSelect(fields: readonly OrgField[]): OrganizationSelect {
  const attributes = new Set<OrganizationAttribute>(["id"]);
  const entities = new Map<string, EntitySelection & { metrics: EntityMetric[] }>();
  for (const field of fields) {
    if (field.kind === "attribute") {
      attributes.add(field.name);
      continue;
    }
    const key = `${field.type}|${field.term}|${field.since ?? ""}`;
    let entity = entities.get(key);
    if (!entity) {
      entity = {
        type: field.type,
        term: field.term,
        metrics: [],
        ...(field.type === "technology_category" ? { granularity: "aggregate" as const } : {}),
        ...(field.since ? { since: field.since } : {}),
      };
      entities.set(key, entity);
    }
    if (!entity.metrics.includes(field.metric)) entity.metrics.push(field.metric);
  }
  return {
    attributes: [...attributes],
    ...(entities.size ? { entities: [...entities.values()] } : {}),
  };
}

/** A field's value as JSON, as every cache level keeps it: the service's answer, never a Date. */
export type CachedJson = string | number | boolean | null | CachedJson[];

/** A matched row carries the organization id; an unmatched one has empty attributes. */
export function isMatched(row: OrganizationRow): boolean {
  return row.attributes?.id !== undefined && row.attributes?.id !== null;
}

function toCached(value: unknown): CachedJson {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.map(toCached);
  return JSON.stringify(value);
}

/** The value of one field in a matched row (null when the service left it out). */
export function fieldValue(row: OrganizationRow, field: OrgField): CachedJson {
  if (field.kind === "attribute")
    return toCached((row.attributes as Record<string, unknown> | null | undefined)?.[field.name]);
  const entity = row.entities?.find(
    (e) => e.type === field.type && e.term.toLowerCase() === field.term.toLowerCase(),
  );
  return toCached(entity?.[field.metric]);
}

/** What a cell shows for a value: blanks for null, lists joined with ", ". */
export function cellValue(value: CachedJson | undefined): string | number | boolean {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map((v) => (v === null ? "" : String(v))).join(", ");
  return value;
}
