// What the cache answers for an organization formula, and what it holds back or lacks: all a formula its
// cache answers runs (org-fetch.ts buys the rest, and is evaluated only when a formula buys).
import type { CachedEntity } from "../core/caches/result-cache";
import { isComplete } from "../core/caches/result-cache";
import type { OrganizationInput } from "../core/organizations/identifiers";
import { fieldKey, type OrgField } from "../core/organizations/org-fields";
import type { FormulaEnv } from "./formula-env";

export const ORG_SCOPE = "org";
/**
 * Where earlier versions kept each paid formula request's intent: in the answer cache, whose durable level
 * could be out of room, leaving it 6 hours only. Intents are now kept in keys of their own
 * (core/spending/formula-intents.ts; env.intents()); this scope is still read, so a request sent by an
 * earlier version and never settled stays held back, and is never written any more.
 */
export const LOST_SCOPE = "org-lost";

/** A custom function lives at most 30 seconds: an intent older than this belongs to a dead execution. */
export const IN_FLIGHT_MS = 35_000;

export const LOST_MESSAGE =
  "The last request for this organization lost its answer after it was sent and may have been charged, so it is not sent again by itself. Press Ask again in Settings ▸ Cached results to buy it again.";

/**
 * LOST_MESSAGE for a request an earlier version recorded in the answer cache (LOST_SCOPE): Ask again forgets
 * only this version's intents, so these are freed by Clear cached results, as that version said.
 */
export const LOST_MESSAGE_EARLIER =
  "The last request for this organization lost its answer after it was sent and may have been charged, so it is not sent again by itself. Clear cached results in Settings to buy it again.";

export const IN_FLIGHT_MESSAGE =
  "Another cell is fetching this organization right now; recalculate in a minute to see it here.";

export interface OrgRequestItem {
  key: string;
  input: OrganizationInput;
}

/**
 * Fields other formulas ask of an organization (by its key): bought with it when it is bought anyway, so
 * its base credit is paid once and no field twice; never a reason to buy it, and not bought when cached.
 */
export type AlsoWanted = ReadonlyMap<string, readonly OrgField[]>;

/** Groups organizations by the fields still missing for them, so each request asks only for those. */
export function groupByMissing(
  items: readonly OrgRequestItem[],
  fields: readonly OrgField[],
  cached: Map<string, CachedEntity>,
  also: AlsoWanted = new Map(),
): Map<string, { fields: OrgField[]; items: OrgRequestItem[] }> {
  const groups = new Map<string, { fields: OrgField[]; items: OrgRequestItem[] }>();
  for (const item of items) {
    const hit = cached.get(item.key);
    if (hit && !hit.matched) continue;
    const lacks = (f: OrgField) => !(hit?.matched && fieldKey(f) in hit.values);
    const own = fields.filter(lacks);
    if (own.length === 0) continue;
    const keys = new Set(own.map(fieldKey));
    const missing = [...own];
    for (const field of also.get(item.key) ?? []) {
      if (keys.has(fieldKey(field)) || !lacks(field)) continue;
      keys.add(fieldKey(field));
      missing.push(field);
    }
    const signature = missing.map(fieldKey).join("|");
    const group = groups.get(signature) ?? { fields: missing, items: [] };
    groups.set(signature, group);
    group.items.push(item);
  }
  return groups;
}

/** What the cache answers for a formula, what it holds back (an unsettled request) and what it lacks. */
export interface CachedAnswer {
  entities: Map<string, CachedEntity>;
  held: Map<string, string>;
  /** Items some requested field is missing for, and not held back: what a fetch would buy. */
  missing: OrgRequestItem[];
}

/** Reads the cache only: nothing is sent, nothing is written. */
export function cachedOrgFields(
  env: FormulaEnv,
  wanted: readonly OrgRequestItem[],
  fields: readonly OrgField[],
): CachedAnswer {
  const fieldKeys = fields.map(fieldKey);
  const entities = env.cache.get(
    ORG_SCOPE,
    wanted.map((i) => i.key),
    fieldKeys,
  );
  // A request sent earlier and not settled is never sent again by itself: those organizations are held back.
  // A cell whose answers are cached reads no intent at all.
  const uncached = wanted.filter((i) => !isComplete(entities.get(i.key), fieldKeys)).map((i) => i.key);
  const held = new Map<string, string>();
  const now = Date.now();
  const hold = (key: string, sentAt: number, lost = LOST_MESSAGE) => {
    if (held.get(key) === LOST_MESSAGE || held.get(key) === LOST_MESSAGE_EARLIER) return;
    held.set(key, now - sentAt > IN_FLIGHT_MS ? lost : IN_FLIGHT_MESSAGE);
  };
  if (uncached.length > 0) {
    for (const [key, sentAt] of env.intents().held(uncached, fieldKeys)) hold(key, sentAt);
    // What an earlier version recorded before this one was installed.
    for (const [key, intent] of env.cache.get(LOST_SCOPE, uncached, fieldKeys)) {
      if (intent.matched)
        hold(key, Math.min(...Object.values(intent.values).map(Number)), LOST_MESSAGE_EARLIER);
    }
  }
  const items = held.size > 0 ? wanted.filter((i) => !held.has(i.key)) : wanted;
  const missing = [...groupByMissing(items, fields, entities).values()].flatMap((g) => g.items);
  return { entities, held, missing };
}
