// The shared shape of the organization formulas: read the identifiers of a cell or range, fetch the
// fields, and answer one row per input row (blank in, blank out; unmatched, blank).

import { type CachedEntity, isComplete } from "../core/caches/result-cache";
import { ArgumentError, flattenGrid, shapeLike, toGrid } from "../core/formulas/grid";
import { type OrganizationRead, readOrganization } from "../core/organizations/identifiers";
import { fieldKey, type OrgField } from "../core/organizations/org-fields";
import type { FormulaEnv, Siblings } from "./formula-env";
import { type FormulaValue, formulaValue } from "./formula-values";
import {
  type AlsoWanted,
  cachedOrgFields,
  fetchOrgFields,
  ORG_SCOPE,
  type OrgRequestItem,
} from "./org-fetch";

export type Cell = FormulaValue;

/** What a fetch answered, and the organizations held back (an earlier request not settled), with why. */
interface Fetched {
  entities: Map<string, CachedEntity>;
  held: Map<string, string>;
}

/** Most organizations one cell fetches for its siblings: five requests, well inside 30 seconds. */
export const MAX_SIBLING_ORGANIZATIONS = 5_000;

/**
 * A cell that finds the document lock taken watches the cache this often, this many times, before it
 * queues for the lock: the sibling buying the column caches its answers before it lets go (it still
 * writes their durable copy), and thirty cells queued for one lock would be let in one at a time.
 */
export const SIBLING_POLL_MS = 250;
export const SIBLING_POLLS = 20;

export const BUSY_MESSAGE =
  "Another formula in this spreadsheet is fetching organizations right now; recalculate in a minute to see this one.";

/**
 * What the cache holds for `items`, with everything it lacks held back as busy: used when the document lock
 * was not had in time, since whoever holds it may be buying these very organizations.
 */
function cachedOnly(env: FormulaEnv, items: readonly OrgRequestItem[], fields: readonly OrgField[]): Fetched {
  const { entities, held, missing } = cachedOrgFields(env, items, fields);
  for (const item of missing) held.set(item.key, BUSY_MESSAGE);
  return { entities, held };
}

/**
 * What the sheet's other ORG_ATTR formulas (other columns, other attributes) ask of `items`, beyond
 * `fields`: read inside the lock by the formula about to buy, which buys it with them, once.
 */
function alsoWanted(
  siblings: Siblings,
  items: readonly OrgRequestItem[],
  fields: readonly OrgField[],
): AlsoWanted {
  const buying = new Set(items.map((item) => item.key));
  const own = new Set(fields.map(fieldKey));
  const also = new Map<string, OrgField[]>();
  for (const use of siblings.sheetUses()) {
    const extra = use.fields.filter((field) => !own.has(fieldKey(field)));
    if (extra.length === 0) continue;
    for (const identifier of use.identifiers) {
      const read = readOrganization(identifier);
      if (read.kind !== "org" || !buying.has(read.key)) continue;
      const list = also.get(read.key) ?? [];
      for (const field of extra) if (!list.some((f) => fieldKey(f) === fieldKey(field))) list.push(field);
      also.set(read.key, list);
    }
  }
  return also;
}

/**
 * Range formulas and filled-down cells share one protocol: a paid fetch happens only inside the document
 * lock, where the check for requests in flight and the intents it writes cannot interleave with another
 * execution's. A formula the cache answers in full takes no lock.
 */
function fetchLocked(
  env: FormulaEnv,
  items: readonly OrgRequestItem[],
  fields: readonly OrgField[],
): Fetched {
  if (!env.siblings) return fetchOrgFields(env, items, fields);
  const peek = cachedOrgFields(env, items, fields);
  if (peek.missing.length === 0) return peek;
  const siblings = env.siblings;
  const shared = siblings.exclusive((held) =>
    fetchOrgFields(held, items, fields, alsoWanted(siblings, items, fields)),
  );
  return shared.acquired ? shared.value : cachedOnly(env, items, fields);
}

/**
 * A cell of a formula filled down a column (=ORG_ATTR(A2,"industry") in B2:B5001) runs as its own
 * execution, many at once. The first one to miss the cache takes the document lock, reads the identifiers
 * of all its siblings and fetches every organization none of them has yet, 1,000 a request, caching them;
 * the others wait for that lock and then find their answer in the cache. When the lock is not had in
 * time nothing is bought: the cell answers from the cache, or says to recalculate.
 */
function fetchWithSiblings(
  env: FormulaEnv,
  siblings: Siblings,
  own: Extract<OrganizationRead, { kind: "org" }>,
  fields: readonly OrgField[],
): Fetched {
  const keys = fields.map(fieldKey);
  const cached = env.cache.get(ORG_SCOPE, [own.key], keys);
  if (isComplete(cached.get(own.key), keys)) return { entities: cached, held: new Map() };
  const buy = (held: FormulaEnv): Fetched => {
    // A sibling may have fetched for the column while this one waited.
    const again = held.cache.get(ORG_SCOPE, [own.key], keys);
    if (isComplete(again.get(own.key), keys)) return { entities: again, held: new Map<string, string>() };
    const items: OrgRequestItem[] = [{ key: own.key, input: own.input }];
    const seen = new Set([own.key]);
    for (const value of siblings.identifiers() ?? []) {
      const read = readOrganization(value);
      if (read.kind !== "org" || seen.has(read.key)) continue;
      if (items.length >= MAX_SIBLING_ORGANIZATIONS) break;
      seen.add(read.key);
      items.push({ key: read.key, input: read.input });
    }
    return fetchOrgFields(held, items, fields, alsoWanted(siblings, items, fields));
  };
  // The lock at once, or its holder is most likely a sibling buying this very column: watch the near
  // cache for the answer (one cache read a look, no store read), then queue for the lock as before.
  const peek = env.cache.peek?.bind(env.cache);
  if (peek) {
    const now = siblings.exclusive(buy, 0);
    if (now.acquired) return now.value;
    for (let look = 0; look < SIBLING_POLLS; look++) {
      siblings.pause(SIBLING_POLL_MS);
      const seen = peek(ORG_SCOPE, [own.key], keys);
      if (isComplete(seen.get(own.key), keys)) return { entities: seen, held: new Map() };
    }
  }
  const shared = siblings.exclusive(buy);
  return shared.acquired ? shared.value : cachedOnly(env, [{ key: own.key, input: own.input }], fields);
}

export function organizationFormula(
  env: FormulaEnv,
  organizations: unknown,
  fields: readonly OrgField[],
): Cell | Cell[][] {
  const grid = toGrid(organizations, "organizations");
  const reads = flattenGrid(grid).map(readOrganization);
  const only = reads[0];
  if (grid.scalar && only?.kind === "invalid") throw new ArgumentError(only.reason);
  const items: OrgRequestItem[] = [];
  const seen = new Set<string>();
  for (const read of reads) {
    if (read.kind !== "org" || seen.has(read.key)) continue;
    seen.add(read.key);
    items.push({ key: read.key, input: read.input });
  }
  const { entities, held }: Fetched =
    grid.scalar && only?.kind === "org" && env.siblings
      ? fetchWithSiblings(env, env.siblings, only, fields)
      : items.length
        ? fetchLocked(env, items, fields)
        : { entities: new Map<string, CachedEntity>(), held: new Map<string, string>() };
  const ownHeld = grid.scalar && only?.kind === "org" ? held.get(only.key) : undefined;
  if (ownHeld) throw new Error(ownHeld);
  const blanks = (): Cell[] => fields.map(() => "");
  const perCell = reads.map((read): Cell[] => {
    if (read.kind === "blank") return blanks();
    // An invalid cell in a range says why in its first column; nothing was sent for it.
    if (read.kind === "invalid") return [read.reason, ...blanks().slice(1)];
    const why = held.get(read.key);
    if (why) return [why, ...blanks().slice(1)];
    const entity = entities.get(read.key);
    if (!entity?.matched) return blanks();
    return fields.map((field) => formulaValue(entity.values[fieldKey(field)], env.day));
  });
  return shapeLike(grid, perCell);
}
