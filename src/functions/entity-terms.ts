// Turns what a user typed as entity terms into what the service expects: technology and category
// names become slugs through the (cached) lookups; job functions and queries pass through.

import type { EntityType } from "../api/contract";
import { quoteInput } from "../api/words/quote-input";
import { ArgumentError } from "../core/text/user-errors";
import type { FormulaEnv } from "./formula-env";
import { CATEGORIES, lookupLocked, TECHNOLOGIES } from "./lookups";

export function resolveTerms(env: FormulaEnv, type: EntityType, terms: readonly string[]): string[] {
  if (type !== "technology" && type !== "technology_category") return [...terms];
  // Inside the document lock, as every paid formula lookup: cells filled down with the same term buy it once.
  const { found, held } = lookupLocked(env, type === "technology" ? TECHNOLOGIES : CATEGORIES, terms);
  return terms.map((term) => {
    // Not an unknown name: an earlier request for it is unsettled, and the sentence says what to do.
    const why = held.get(term.toLowerCase());
    if (why !== undefined) throw new Error(why);
    const hit = found.get(term.toLowerCase());
    const slug = hit?.matched ? hit.values["slug"] : undefined;
    if (typeof slug !== "string") {
      const noun = type === "technology" ? "technology" : "technology category";
      const hint =
        type === "technology"
          ? ` Check the spelling, or try =TECH_SLUG(${quoteInput(term)}).`
          : " Check the spelling.";
      throw new ArgumentError(`Unknown ${noun} ${quoteInput(term)}.${hint}`);
    }
    return slug;
  });
}
