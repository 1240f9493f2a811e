// JOB_FUNCTION, JOB_LEVEL and TECH_SLUG: one lookup per distinct text, shaped like the input.

import { ArgumentError, flattenGrid, shapeLike, toGrid } from "../core/formulas/grid";
import { readTechnology, readTitle, type TextRead } from "../core/organizations/identifiers";
import { cellValue } from "../core/organizations/org-fields";
import type { FormulaEnv } from "./formula-env";
import { type LookupAnswer, lookupTechnologies, lookupTitles } from "./lookups";
import type { Cell } from "./org-formula";

function textFormula(
  argument: unknown,
  argumentName: string,
  read: (value: unknown) => TextRead,
  lookup: (texts: string[]) => LookupAnswer,
  field: string,
): Cell | Cell[][] {
  const grid = toGrid(argument, argumentName);
  const reads = flattenGrid(grid).map(read);
  const only = reads[0];
  if (grid.scalar && only?.kind === "invalid") throw new ArgumentError(only.reason);
  const texts = reads.flatMap((r) => (r.kind === "text" ? [r.text] : []));
  const { found, held } = texts.length
    ? lookup(texts)
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
  return textFormula(titles, "titles", readTitle, (t) => lookupTitles(env, t), "function");
}

export function jobLevel(env: FormulaEnv, titles: unknown): Cell | Cell[][] {
  return textFormula(titles, "titles", readTitle, (t) => lookupTitles(env, t), "level");
}

export function techSlug(env: FormulaEnv, names: unknown): Cell | Cell[][] {
  return textFormula(names, "names", readTechnology, (t) => lookupTechnologies(env, t), "slug");
}
