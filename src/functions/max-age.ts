// A formula's optional "no older than N days": its argument, and the environment whose cache honours it.

import { quoteInput } from "../api/words/quote-input";
import { FreshCache } from "../core/caches/fresh-cache";
import { ArgumentError } from "../core/text/user-errors";
import type { FormulaEnv } from "./formula-env";
import { ORG_SCOPE } from "./org-cached";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A quarter of an hour: less would have every recalculation buy the same rows again. */
export const MIN_MAX_AGE_DAYS = 0.01;
/** The longest a result is kept at all. */
export const MAX_MAX_AGE_DAYS = 90;

/** The max_age_days argument in milliseconds, or null when it is left out or blank. */
export function maxAgeArgument(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  const days = typeof value === "number" ? value : Number.NaN;
  if (!(days >= MIN_MAX_AGE_DAYS && days <= MAX_MAX_AGE_DAYS)) {
    throw new ArgumentError(
      `"max_age_days" must be a number of days from ${MIN_MAX_AGE_DAYS} to ${MAX_MAX_AGE_DAYS}, e.g. 7 for ` +
        `results no older than a week; got ${quoteInput(value)}.`,
    );
  }
  return days * DAY_MS;
}

/** `env` whose organization results older than `maxAgeMs` count as not cached, siblings included. */
export function withMaxAge(env: FormulaEnv, maxAgeMs: number | null): FormulaEnv {
  if (maxAgeMs === null) return env;
  const { siblings } = env;
  return {
    ...env,
    cache: new FreshCache(env.cache, ORG_SCOPE, maxAgeMs, () => Date.now()),
    ...(siblings
      ? {
          siblings: {
            identifiers: () => siblings.identifiers(),
            sheetUses: () => siblings.sheetUses(),
            exclusive: (fn, waitMs) => siblings.exclusive((held) => fn(withMaxAge(held, maxAgeMs)), waitMs),
            pause: (ms) => siblings.pause(ms),
          },
        }
      : {}),
  };
}
