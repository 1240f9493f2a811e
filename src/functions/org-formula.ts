// The shared shape of the organization formulas: read the identifiers of a cell or range, fetch the
// fields, and answer one row per input row (blank in, blank out; unmatched, blank).

import { type CachedEntity, isComplete } from "../core/caches/result-cache";
import { flattenGrid, shapeLike, toGrid } from "../core/formulas/grid";
import { type OrganizationRead, readOrganization } from "../core/organizations/identifiers";
import { fieldKey, type OrgField } from "../core/organizations/org-fields";
import { ArgumentError } from "../core/text/user-errors";
import type { FormulaEnv, Siblings } from "./formula-env";
import { type FormulaValue, formulaValue } from "./formula-values";
import { type AlsoWanted, cachedOrgFields, ORG_SCOPE, type OrgRequestItem } from "./org-cached";
import { fetchOrgFields } from "./org-fetch";
import { buyWithSiblings, siblingItems } from "./sibling-buy";

export type Cell = FormulaValue;

/** What a fetch answered, and the organizations held back (an earlier request not settled), with why. */
interface Fetched {
  entities: Map<string, CachedEntity>;
  held: Map<string, string>;
}

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

/** A cell of a filled-down ORG_ATTR: bought with its siblings' organizations (see buyWithSiblings). */
function fetchWithSiblings(
  env: FormulaEnv,
  siblings: Siblings,
  own: Extract<OrganizationRead, { kind: "org" }>,
  fields: readonly OrgField[],
): Fetched {
  const keys = fields.map(fieldKey);
  return buyWithSiblings<Fetched>(env, siblings, {
    answered: (read) => {
      const cached = read(ORG_SCOPE, [own.key], keys);
      return isComplete(cached.get(own.key), keys) ? { entities: cached, held: new Map() } : null;
    },
    buy: (held, identifiers) => {
      const items = siblingItems<OrgRequestItem>({ key: own.key, input: own.input }, identifiers, (value) => {
        const read = readOrganization(value);
        return read.kind === "org" ? { key: read.key, input: read.input } : null;
      });
      return fetchOrgFields(held, items, fields, alsoWanted(siblings, items, fields));
    },
    busy: () => cachedOnly(env, [{ key: own.key, input: own.input }], fields),
  });
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
