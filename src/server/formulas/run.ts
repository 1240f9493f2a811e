// Runs a custom function: builds its environment and turns any failure into the sentence the cell shows.

import { AuthenticationError, MissingKeyError } from "../../api/errors";
import { dailyQuotaSentence } from "../../core/spending/daily-quota";
import { isPropertiesQuotaError, propertiesQuotaSentence } from "../../core/spending/properties-quota";
import { orgMetric, techCount } from "../../functions/entity-metric";
import type { FormulaEnv } from "../../functions/formula-env";
import { orgAttr } from "../../functions/org-attr";
import type { Cell } from "../../functions/org-formula";
import { jobFunction, jobLevel, techSlug } from "../../functions/text-lookups";
import { noteFormulaError } from "../../platform/formula-errors";
import { formatTime } from "../../platform/spreadsheet-time";
import { formulaEnv } from "./env";
import { FORMULA_NO_KEY, formulaKeyRejected } from "./key-messages";

type Result = Cell | Cell[][];

/** The daily quotas renew 24 hours after a window's first call. */
const DAY_MS = 86_400_000;

/** Sheets shows `#ERROR!` with the thrown message; only the sentence is kept (no class names, no stack). */
function run(body: (env: FormulaEnv) => Result): Result {
  try {
    return body(formulaEnv());
  } catch (error) {
    const sentence = formulaSentence(error);
    // Apps Script cannot read the message behind #ERROR!: Check this sheet reads this note instead.
    noteFormulaError(sentence);
    throw new Error(sentence);
  }
}

/** A formula spends the owner's or the team key whoever typed it, so key problems are worded for both. */
function formulaSentence(error: unknown): string {
  if (error instanceof MissingKeyError) return FORMULA_NO_KEY;
  if (error instanceof AuthenticationError) return formulaKeyRejected(error.status);
  // Only refusals before anything was sent reach here: after payment the answer stands (org-fetch.ts).
  if (isPropertiesQuotaError(error)) return propertiesQuotaSentence(formatTime(Date.now() + DAY_MS));
  const quota = dailyQuotaSentence(error);
  if (quota) return `${quota} No credits were spent.`;
  return error instanceof Error ? error.message : String(error);
}

export const formulas = {
  ORG_ATTR: (organizations: unknown, attributes: unknown, maxAgeDays?: unknown) =>
    run((env) => orgAttr(env, organizations, attributes, maxAgeDays)),
  TECH_COUNT: (organizations: unknown, technologies: unknown, metric?: unknown, since?: unknown) =>
    run((env) => techCount(env, organizations, technologies, metric, since)),
  ORG_METRIC: (organizations: unknown, type: unknown, terms: unknown, metric?: unknown, since?: unknown) =>
    run((env) => orgMetric(env, organizations, type, terms, metric, since)),
  JOB_FUNCTION: (titles: unknown) => run((env) => jobFunction(env, titles)),
  JOB_LEVEL: (titles: unknown) => run((env) => jobLevel(env, titles)),
  TECH_SLUG: (names: unknown) => run((env) => techSlug(env, names)),
};
