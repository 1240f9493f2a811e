// Kept formula answers in the units a person reads: organizations with kept answers, and other lookups apart,
// and about what buying them again would cost. Settings, Check this sheet and clearing all count through
// here, so the same cells give one figure.

import { ORGANIZATION_ATTRIBUTES, type OrganizationAttribute, PRICES } from "../../api/contract";
import type { ResultCache } from "../../core/caches/result-cache";
import { LOST_SCOPE, ORG_SCOPE } from "../../functions/org-cached";
import { durableResultCache, resultCache } from "../runtime";

export interface KeptAnswers {
  /** Organizations with at least one kept answer (an attribute, or "not found"), both cache levels. */
  organizations: number;
  /** Job-title, technology and category lookups kept for JOB_FUNCTION, TECH_SLUG and the like. */
  lookups: number;
}

type Level = ResultCache | null;

/** What the cache levels keep (both unless told), as "scope\u0000entityKey" → its kept field keys. */
function keptEntries(
  levels: readonly Level[] = [resultCache(), durableResultCache()],
): Map<string, Set<string>> {
  const kept = new Map<string, Set<string>>();
  for (const level of levels) {
    for (const [key, fields] of level?.keptFields() ?? []) {
      const known = kept.get(key) ?? new Set<string>();
      for (const field of fields) known.add(field);
      kept.set(key, known);
    }
  }
  return kept;
}

/**
 * About what fetching the kept answers again would cost, by the price list: per organization found 1 base,
 * 1 per paid attribute and 1 per metric kept (not found is free), and lookups at their rate per 100.
 * An estimate: formulas that are gone from the sheets would not ask again.
 */
function rebuyCredits(entries: Map<string, Set<string>>): number {
  let credits = 0;
  let lookups = 0;
  for (const [entry, fields] of entries) {
    const scope = entry.split("\u0000")[0];
    if (scope === LOST_SCOPE) continue;
    if (scope !== ORG_SCOPE) {
      lookups++;
      continue;
    }
    if (fields.size === 0) continue;
    credits += PRICES.organizationBase;
    for (const field of fields) {
      if (field.startsWith("m:")) credits += PRICES.organizationEntityMetric;
      else if (ORGANIZATION_ATTRIBUTES[field.slice(2) as OrganizationAttribute]?.paid) {
        credits += PRICES.organizationPaidAttribute;
      }
    }
  }
  return credits + Math.ceil(lookups / PRICES.lookupMatchedPerCredit);
}

/** The kept answers and about what buying them all again would cost, from one read of both levels. */
export function keptAnswersAndCost(): { kept: KeptAnswers; rebuyCredits: number } {
  const entries = keptEntries();
  const { organizations, lookups } = splitKept(entries);
  return { kept: { organizations: organizations.size, lookups }, rebuyCredits: rebuyCredits(entries) };
}

/** The organizations with kept answers (their identifier keys), so a sheet can count its own among them. */
export function keptOrganizationKeys(): Set<string> {
  return splitKept(keptEntries()).organizations;
}

export function countKeptAnswers(levels?: readonly Level[]): KeptAnswers {
  const { organizations, lookups } = splitKept(keptEntries(levels));
  return { organizations: organizations.size, lookups };
}

function splitKept(entries: Map<string, Set<string>>): { organizations: Set<string>; lookups: number } {
  const organizations = new Set<string>();
  let lookups = 0;
  for (const entry of entries.keys()) {
    const [scope, key] = entry.split("\u0000") as [string, string];
    if (scope === ORG_SCOPE) organizations.add(key);
    // A lost request's note (as earlier versions kept it) is a record of money at risk, not an answer;
    // today's are keys of their own (formula-intents.ts), counted by the storage report, not here.
    else if (scope !== LOST_SCOPE) lookups++;
  }
  return { organizations, lookups };
}
