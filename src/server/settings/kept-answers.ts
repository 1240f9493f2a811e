// Kept formula answers in the units a person reads: organizations with kept answers, and other lookups apart.
// Settings, Check this sheet and clearing all count through here, so the same cells give one figure.

import type { ResultCache } from "../../core/caches/result-cache";
import { LOST_SCOPE, ORG_SCOPE } from "../../functions/org-fetch";
import { durableResultCache, resultCache } from "../runtime";

export interface KeptAnswers {
  /** Organizations with at least one kept answer (an attribute, or "not found"), both cache levels. */
  organizations: number;
  /** Job-title, technology and category lookups kept for JOB_FUNCTION, TECH_SLUG and the like. */
  lookups: number;
}

type Level = ResultCache | null;

/** What the cache levels keep (both unless told), as "scope\u0000entityKey". */
function keptEntries(levels: readonly Level[] = [resultCache(), durableResultCache()]): Set<string> {
  const keys = new Set<string>();
  for (const level of levels) for (const key of level?.entityKeys() ?? []) keys.add(key);
  return keys;
}

/** The organizations with kept answers (their identifier keys), so a sheet can count its own among them. */
export function keptOrganizationKeys(): Set<string> {
  return splitKept(keptEntries()).organizations;
}

export function countKeptAnswers(levels?: readonly Level[]): KeptAnswers {
  const { organizations, lookups } = splitKept(keptEntries(levels));
  return { organizations: organizations.size, lookups };
}

function splitKept(entries: Set<string>): { organizations: Set<string>; lookups: number } {
  const organizations = new Set<string>();
  let lookups = 0;
  for (const entry of entries) {
    const [scope, key] = entry.split("\u0000") as [string, string];
    if (scope === ORG_SCOPE) organizations.add(key);
    // A lost request's note (as earlier versions kept it) is a record of money at risk, not an answer;
    // today's are keys of their own (formula-intents.ts), counted by the storage report, not here.
    else if (scope !== LOST_SCOPE) lookups++;
  }
  return { organizations, lookups };
}
