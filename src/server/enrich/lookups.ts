// The Enrich tab's lookups: technology autocomplete (technologies/find, 1 credit whenever it finds
// anything) and a category's technologies (categories lookup, 1 credit per 100 matched). Each answer is
// kept per query for six hours, so typing the same thing again costs nothing.

import type { TechnologiesFindResponse } from "../../api/contract";
import { plural } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { RequestError } from "../../core/text/user-errors";
import { userCache } from "../../platform/cache";
import { activeWorkbook } from "../../platform/spreadsheet";
import { makeClient } from "../runtime";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import type { CreditsView } from "../sidebar/credits-record";
import { settlePaid } from "../sidebar/paid-log";
import { MIN_TECHNOLOGY_QUERY } from "./catalog";

/** The longest a cache entry lives (CacheService's maximum). */
const CACHE_SECONDS = 21_600;
/** Suggestions shown under the field; the service orders them by how often they appear. */
export const MAX_SUGGESTIONS = 10;
export const MAX_LOOKUP_TEXT = 100;

export const LOOKUP_MESSAGES = {
  technologyNotText: "Type a technology name to search for.",
  technologyShort: `Type at least ${MIN_TECHNOLOGY_QUERY} characters to search technologies.`,
  tooLong: (what: string) => `A ${what} name is at most ${MAX_LOOKUP_TEXT} characters.`,
  categoryNotText: "Type a technology category, for example Data Warehouses.",
  noCategory: (text: string) =>
    `No technology category is called ${quoteInput(text)}. Check the spelling, or use its slug such as data-warehouses.`,
} as const;

export interface TechnologySuggestion {
  slug: string;
  name: string;
  /** How often it appears (the service's order). */
  count: number;
}

export interface TechnologyMatches {
  query: string;
  technologies: TechnologySuggestion[];
  /** Credits this answer cost: 0 when it came from the cache or found nothing. */
  creditsUsed: number;
  cached: boolean;
  /** The balance after a paid answer, for the credits chip. */
  credits: CreditsView | null;
}

export interface CategoryMatch {
  input: string;
  slug: string;
  name: string;
  technologies: { slug: string; name: string }[];
  creditsUsed: number;
  cached: boolean;
  credits: CreditsView | null;
}

function readLookupText(value: unknown, notText: string, what: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new RequestError(notText);
  const text = value.trim().replace(/\s+/g, " ");
  if (text.length > MAX_LOOKUP_TEXT) throw new RequestError(LOOKUP_MESSAGES.tooLong(what));
  return text;
}

function cached<T>(key: string): T | null {
  const text = userCache().get(key);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function remember(key: string, value: unknown): void {
  userCache().put(key, JSON.stringify(value), CACHE_SECONDS);
}

interface StoredFind {
  technologies: TechnologySuggestion[];
}

export function findTechnologies(input: unknown): TechnologyMatches {
  const query = readLookupText(input, LOOKUP_MESSAGES.technologyNotText, "technology");
  if (query.length < MIN_TECHNOLOGY_QUERY) throw new RequestError(LOOKUP_MESSAGES.technologyShort);
  const key = `sidebar:techfind:${query.toLowerCase()}`;
  const hit = cached<StoredFind>(key);
  if (hit) return { query, technologies: hit.technologies, creditsUsed: 0, cached: true, credits: null };
  const response: TechnologiesFindResponse = makeClient({
    budgetMs: SIDEBAR_CALL_BUDGET_MS,
  }).technologiesFind(query);
  const technologies = response.technologies.slice(0, MAX_SUGGESTIONS).map(({ slug, name, count }) => ({
    slug,
    name,
    count,
  }));
  remember(key, { technologies } satisfies StoredFind);
  const credits =
    response.credits_used > 0
      ? settlePaid(activeWorkbook(), {
          action: `Technology search "${query}"`,
          rows: response.technologies.length,
          creditsUsed: response.credits_used,
          creditsRemaining: response.credits_remaining,
          result: `${plural(response.total_count, "technology", "technologies")} found.`,
        }).credits
      : null;
  return { query, technologies, creditsUsed: response.credits_used, cached: false, credits };
}

type StoredCategory = Omit<CategoryMatch, "creditsUsed" | "cached" | "credits" | "input"> | { missing: true };

export function lookupCategory(input: unknown): CategoryMatch {
  const text = readLookupText(input, LOOKUP_MESSAGES.categoryNotText, "category");
  const key = `sidebar:category:${text.toLowerCase()}`;
  const hit = cached<StoredCategory>(key);
  if (hit) {
    if ("missing" in hit) throw new RequestError(LOOKUP_MESSAGES.noCategory(text));
    return { input: text, ...hit, creditsUsed: 0, cached: true, credits: null };
  }
  const response = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS }).categoriesLookup([text]);
  const category = response.results[0]?.category ?? null;
  const credits =
    response.credits_used > 0
      ? settlePaid(activeWorkbook(), {
          action: `Technology category lookup "${text}"`,
          rows: response.matched_count,
          creditsUsed: response.credits_used,
          creditsRemaining: response.credits_remaining,
          result: category ? `Matched ${category.name}.` : "No match.",
        }).credits
      : null;
  if (!category) {
    remember(key, { missing: true } satisfies StoredCategory);
    throw new RequestError(LOOKUP_MESSAGES.noCategory(text));
  }
  const found = {
    slug: category.slug,
    name: category.name,
    technologies: category.technologies.map(({ slug, name }) => ({ slug, name })),
  };
  remember(key, found satisfies StoredCategory);
  return { input: text, ...found, creditsUsed: response.credits_used, cached: false, credits };
}
