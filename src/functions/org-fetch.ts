// Fetches organization fields for a formula: cache first, then one organizations request per 1,000
// unique identifiers (sent together with fetchAll), results cached before anything else can fail.
import { LIMITS, type OrganizationsRequest } from "../api/contract";
import { ApiError } from "../api/errors";
import { organizationUnitCost } from "../api/pricing";
import { chunk } from "../core/batching";
import type { OrganizationInput } from "../core/identifiers";
import { buildSelect, fieldKey, fieldValue, isMatched, type OrgField } from "../core/org-fields";
import type { CachedEntity, CachedJson, EntityResult } from "../core/result-cache";
import type { FormulaEnv } from "./formula-env";

export const ORG_SCOPE = "org";
/**
 * Organizations whose last paid request lost its answer (it may have been charged): kept like cached
 * results, so they are not sent again until the user clears cached results in Settings.
 */
export const LOST_SCOPE = "org-lost";

export const LOST_MESSAGE =
  "The last request for this organization lost its answer after it was sent and may have been charged, so it is not sent again by itself. Clear cached results in Settings to buy it again.";

export interface OrgRequestItem {
  key: string;
  input: OrganizationInput;
}

export interface FetchReport {
  requests: number;
  creditsUsed: number;
}

/** Groups organizations by the fields still missing for them, so each request asks only for those. */
function groupByMissing(
  items: readonly OrgRequestItem[],
  fields: readonly OrgField[],
  cached: Map<string, CachedEntity>,
): Map<string, { fields: OrgField[]; items: OrgRequestItem[] }> {
  const groups = new Map<string, { fields: OrgField[]; items: OrgRequestItem[] }>();
  for (const item of items) {
    const hit = cached.get(item.key);
    if (hit && !hit.matched) continue;
    const missing = fields.filter((f) => !(hit?.matched && fieldKey(f) in hit.values));
    if (missing.length === 0) continue;
    const signature = missing.map(fieldKey).join("|");
    const group = groups.get(signature) ?? { fields: missing, items: [] };
    groups.set(signature, group);
    group.items.push(item);
  }
  return groups;
}

/**
 * Every requested field of every item: from the cache where it is there, from the service where not.
 * Returns the entities by key (unmatched ones as `{matched: false}`) and what was sent and spent.
 */
export function fetchOrgFields(
  env: FormulaEnv,
  wanted: readonly OrgRequestItem[],
  fields: readonly OrgField[],
): { entities: Map<string, CachedEntity>; report: FetchReport; lost: Set<string> } {
  let items = wanted;
  const fieldKeys = fields.map(fieldKey);
  const entities = env.cache.get(
    ORG_SCOPE,
    items.map((i) => i.key),
    fieldKeys,
  );
  const report: FetchReport = { requests: 0, creditsUsed: 0 };
  // A paid answer lost earlier is never bought again without the user: those organizations are left out.
  const uncached = items.filter((i) => !entities.has(i.key)).map((i) => i.key);
  const lost = new Set(uncached.length ? env.cache.get(LOST_SCOPE, uncached, fieldKeys).keys() : []);
  if (lost.size > 0) items = items.filter((i) => !lost.has(i.key));
  const bodies: OrganizationsRequest[] = [];
  const batches: { fields: OrgField[]; items: OrgRequestItem[] }[] = [];
  let upperBound = 0;
  for (const group of groupByMissing(items, fields, entities).values()) {
    const select = buildSelect(group.fields);
    const unit = organizationUnitCost(select).credits;
    for (const part of chunk(group.items, LIMITS.listMax)) {
      bodies.push({ organizations: part.map((i) => i.input), select });
      batches.push({ fields: group.fields, items: part });
      upperBound += unit * part.length;
    }
  }
  if (bodies.length === 0) return { entities, report, lost };

  const guard = env.guard();
  const allowed = guard.check(upperBound);
  if (!allowed.ok) throw new Error(allowed.message);

  const outcomes = env.client().organizationsMany(bodies);
  report.requests = bodies.length;
  let firstError: Error | null = null;
  outcomes.forEach((outcome, b) => {
    const batch = batches[b]!;
    if (!outcome.ok) {
      firstError ??= outcome.error;
      if (outcome.error instanceof ApiError && outcome.error.outcomeUnknown) {
        const marks: EntityResult[] = batch.items.map((item) => ({
          entityKey: item.key,
          matched: true,
          values: Object.fromEntries(batch.fields.map((f) => [fieldKey(f), true])),
        }));
        env.cache.put(LOST_SCOPE, marks);
      }
      return;
    }
    report.creditsUsed += outcome.value.credits_used;
    const results: EntityResult[] = batch.items.map((item, i) => {
      const row = outcome.value.organizations[i];
      if (!row || !isMatched(row)) return { entityKey: item.key, matched: false };
      const values: Record<string, CachedJson> = {};
      for (const field of batch.fields) values[fieldKey(field)] = fieldValue(row, field);
      return { entityKey: item.key, matched: true, values };
    });
    // Paid results go into the cache first, so a later failure never makes them be bought again.
    env.cache.put(ORG_SCOPE, results);
    for (const result of results) {
      const known = entities.get(result.entityKey);
      if (!result.matched) entities.set(result.entityKey, { matched: false });
      else
        entities.set(result.entityKey, {
          matched: true,
          values: { ...(known?.matched ? known.values : {}), ...result.values },
        });
    }
  });
  guard.record(report.creditsUsed);
  if (firstError) throw firstError;
  return { entities, report, lost };
}
