// JOB_FUNCTION, JOB_LEVEL and TECH_SLUG: one lookup per distinct text, shaped like the input; a cell filled
// down a column looks up its siblings' texts with its own, in one request.

import { isComplete } from "../core/caches/result-cache";
import { flattenGrid, shapeLike, toGrid } from "../core/formulas/grid";
import { readTechnology, readTitle, type TextRead } from "../core/organizations/identifiers";
import { cellValue } from "../core/organizations/org-fields";
import { ArgumentError } from "../core/text/user-errors";
import type { FormulaEnv, Siblings } from "./formula-env";
import {
  LOOKUP_BUSY_MESSAGE,
  type LookupAnswer,
  type LookupKind,
  lookupLocked,
  TECHNOLOGIES,
  TITLES,
} from "./lookups";
import type { Cell } from "./org-formula";
import { buyWithSiblings, siblingItems } from "./sibling-buy";

/**
 * A cell of a lookup filled down a column (=JOB_FUNCTION(C2) in D2:D201): the first to miss the cache looks
 * up every sibling's text with its own, so the column costs what the range form costs (lookups are priced
 * per 100 matched texts, rounded up per request: 200 cells each asking alone would pay 200 credits, not 2).
 */
function lookupWithSiblings(
  env: FormulaEnv,
  siblings: Siblings,
  own: Extract<TextRead, { kind: "text" }>,
  read: (value: unknown) => TextRead,
  kind: LookupKind,
): LookupAnswer {
  return buyWithSiblings<LookupAnswer>(env, siblings, {
    answered: (cacheRead) => {
      const found = cacheRead(kind.scope, [own.key], kind.fields);
      return isComplete(found.get(own.key), kind.fields) ? { found, held: new Map() } : null;
    },
    buy: (held, identifiers) => {
      const texts = siblingItems(own, identifiers, (value) => {
        const sibling = read(value);
        return sibling.kind === "text" ? sibling : null;
      });
      return kind.lookup(
        held,
        texts.map((t) => t.text),
      );
    },
    busy: () => ({ found: new Map(), held: new Map([[own.key, LOOKUP_BUSY_MESSAGE]]) }),
  });
}

function textFormula(
  env: FormulaEnv,
  argument: unknown,
  argumentName: string,
  read: (value: unknown) => TextRead,
  kind: LookupKind,
  field: string,
): Cell | Cell[][] {
  const grid = toGrid(argument, argumentName);
  const reads = flattenGrid(grid).map(read);
  const only = reads[0];
  if (grid.scalar && only?.kind === "invalid") throw new ArgumentError(only.reason);
  const texts = reads.flatMap((r) => (r.kind === "text" ? [r.text] : []));
  const { found, held }: LookupAnswer =
    grid.scalar && only?.kind === "text" && env.siblings
      ? lookupWithSiblings(env, env.siblings, only, read, kind)
      : texts.length
        ? lookupLocked(env, kind, texts)
        : { found: new Map(), held: new Map<string, string>() };
  const perCell = reads.map((r): Cell[] => {
    if (r.kind === "blank") return [""];
    if (r.kind === "invalid") return [r.reason];
    // A text an unsettled earlier request may have bought says so, in its own cell only.
    const why = held.get(r.key);
    if (why !== undefined) return [why];
    const hit = found.get(r.key);
    return [hit?.matched ? cellValue(hit.values[field]) : ""];
  });
  return shapeLike(grid, perCell);
}

export function jobFunction(env: FormulaEnv, titles: unknown): Cell | Cell[][] {
  return textFormula(env, titles, "titles", readTitle, TITLES, "function");
}

export function jobLevel(env: FormulaEnv, titles: unknown): Cell | Cell[][] {
  return textFormula(env, titles, "titles", readTitle, TITLES, "level");
}

export function techSlug(env: FormulaEnv, names: unknown): Cell | Cell[][] {
  return textFormula(env, names, "names", readTechnology, TECHNOLOGIES, "slug");
}
