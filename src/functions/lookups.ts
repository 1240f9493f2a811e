// Cached lookups for formulas: technology names to slugs, job titles to function and level,
// category names to slugs. Each distinct text is looked up once, 1,000 per request; each request's intent
// is recorded durably before it is sent (core/spending/formula-intents.ts), like an organizations request's.
import { LIMITS } from "../api/contract/limits";
import { ApiError } from "../api/errors";
import { lookupCost } from "../api/pricing";
import {
  type CachedEntity,
  type CachedJson,
  type EntityResult,
  isComplete,
} from "../core/caches/result-cache";
import { chunk } from "../core/organizations/batching";
import { LOOKUP_INTENT_PREFIX } from "../core/spending/formula-intents";
import type { FormulaEnv } from "./formula-env";
import { IN_FLIGHT_MS } from "./org-cached";
import { afterPayment } from "./org-fetch";

/** org-cached's LOST_MESSAGE, for a looked-up text (a job title, a technology or category name). */
export const LOOKUP_LOST_MESSAGE =
  "The last request for this text lost its answer after it was sent and may have been charged, so it is not sent again by itself. Press Ask again in Settings ▸ Cached results to buy it again.";

/** What a possibly-charged lookup row says was not done about it, and how to look them up again. */
export const LOOKUP_NOT_REPEATED =
  "its texts are not looked up again until you press Ask again in Settings ▸ Cached results";

/** org-cached's IN_FLIGHT_MESSAGE, for a looked-up text. */
export const LOOKUP_IN_FLIGHT_MESSAGE =
  "Another cell is fetching this text right now; recalculate in a minute to see it here.";

interface LookupSpec<R> {
  scope: string;
  /** The Enrichment log's words for what is looked up: "job title". */
  words: string;
  fields: string[];
  send: (env: FormulaEnv, texts: string[]) => { results: R[]; credits: number };
  /** The cached values of one result, or null when the service did not match it. */
  valuesOf: (result: R) => Record<string, CachedJson> | null;
}

/** What a lookup answers: entities by lower-cased text, and the texts held back with the sentence why. */
export interface LookupAnswer {
  found: Map<string, CachedEntity>;
  /** Texts an unsettled earlier request may have bought: not sent again by themselves. */
  held: Map<string, string>;
}

/**
 * The field key a lookup kind's intents carry: no organization field is named so, so an organizations
 * intent never holds a text back, nor a job title's a technology name.
 */
export function lookupFieldKey(scope: string): string {
  return `lookup:${scope}`;
}

/**
 * Looks up the texts not in the cache (keyed by lower-cased text) and caches every answer, misses too. A
 * text an earlier request may have bought without its answer being cached is held back, never sent again.
 */
function cachedLookup<R>(env: FormulaEnv, spec: LookupSpec<R>, texts: readonly string[]): LookupAnswer {
  const byKey = new Map<string, string>();
  for (const text of texts) if (!byKey.has(text.toLowerCase())) byKey.set(text.toLowerCase(), text);
  const keys = [...byKey.keys()];
  const found = env.cache.get(spec.scope, keys, spec.fields);
  const held = new Map<string, string>();
  const missing = keys.filter((k) => !isComplete(found.get(k), spec.fields));
  // A text answered from the cache reads no intent at all.
  if (missing.length === 0) return { found, held };
  const fieldKeys = [lookupFieldKey(spec.scope)];
  const intents = env.intents();
  const now = Date.now();
  for (const [key, sentAt] of intents.held(missing, fieldKeys))
    held.set(key, now - sentAt > IN_FLIGHT_MS ? LOOKUP_LOST_MESSAGE : LOOKUP_IN_FLIGHT_MESSAGE);
  const toSend = held.size > 0 ? missing.filter((k) => !held.has(k)) : missing;
  if (toSend.length === 0) return { found, held };

  const guard = env.guard();
  // No record, no spend: the guard holds room for its record before anything is sent.
  const allowed = guard.admit(lookupCost(toSend.length));
  if (!allowed.ok) throw new Error(allowed.message);
  const parts = chunk(toSend, LIMITS.lookupMax);
  // Every request's intent in one write before the first is sent; a store without room for them throws the
  // sentence that says so, and nothing is sent.
  const intentKeys = intents.open(
    parts.map((part) => ({
      entityKeys: part,
      fieldKeys,
      most: lookupCost(part.length),
      ...(env.endsBy ? { endsBy: env.endsBy } : {}),
    })),
    Date.now(),
    LOOKUP_INTENT_PREFIX,
  );
  let spent = 0;
  try {
    parts.forEach((part, p) => {
      let answer: { results: R[]; credits: number };
      try {
        answer = spec.send(
          env,
          part.map((k) => byKey.get(k)!),
        );
      } catch (error) {
        // The parts after this one were never sent; this one may have been charged when its answer was lost.
        const sure = !(error instanceof ApiError && error.outcomeUnknown);
        afterPayment(() => intents.settle(intentKeys.slice(sure ? p : p + 1)));
        if (!sure)
          afterPayment(() =>
            env.logPossible?.({
              what: `${spec.words} lookups`,
              credits: lookupCost(part.length),
              notRepeated: LOOKUP_NOT_REPEATED,
            }),
          );
        if (!sure) afterPayment(() => intents.logged([intentKeys[p]!]));
        throw error;
      }
      spent += answer.credits;
      const entries: EntityResult[] = part.map((key, i) => {
        const values = answer.results[i] ? spec.valuesOf(answer.results[i]!) : null;
        return values ? { entityKey: key, matched: true, values } : { entityKey: key, matched: false };
      });
      // Paid answers are cached before their intent goes; a cache that cannot take them still leaves the
      // answer in hand (bookkeeping never turns it into an error).
      afterPayment(() => env.cache.put(spec.scope, entries));
      afterPayment(() => intents.settle([intentKeys[p]!]));
      for (const e of entries)
        found.set(e.entityKey, e.matched ? { matched: true, values: e.values } : { matched: false });
    });
  } finally {
    afterPayment(() => guard.record(spent));
    if (spent > 0) {
      afterPayment(() =>
        env.logCharge?.({
          what: `${spec.words} lookups`,
          rows: toSend.length,
          creditsUsed: spent,
          creditsRemaining: env.client().creditsRemaining,
          result: `${toSend.filter((k) => found.get(k)?.matched).length} of ${toSend.length} found`,
        }),
      );
    }
  }
  return { found, held };
}

/**
 * One kind of lookup as a formula sees it: where its answers are cached, which fields make one complete,
 * and the lookup itself (cache first, then the service).
 */
export interface LookupKind {
  scope: string;
  fields: readonly string[];
  lookup(env: FormulaEnv, texts: readonly string[]): LookupAnswer;
}

function lookupKind<R>(spec: LookupSpec<R>): LookupKind {
  return {
    scope: spec.scope,
    fields: spec.fields,
    lookup: (env, texts) => cachedLookup(env, spec, texts),
  };
}

export const TECHNOLOGIES = lookupKind({
  scope: "tech",
  words: "technology",
  fields: ["slug", "name"],
  send: (e, texts) => {
    const r = e.client().technologiesLookup(texts);
    return { results: r.results, credits: r.credits_used };
  },
  valuesOf: (r) => (r.technology ? { slug: r.technology.slug, name: r.technology.name } : null),
});

export const CATEGORIES = lookupKind({
  scope: "category",
  words: "category",
  fields: ["slug"],
  send: (e, texts) => {
    const r = e.client().categoriesLookup(texts);
    return { results: r.results, credits: r.credits_used };
  },
  valuesOf: (r) => (r.category ? { slug: r.category.slug } : null),
});

export const TITLES = lookupKind({
  scope: "title",
  words: "job title",
  fields: ["function", "level"],
  send: (e, texts) => {
    const r = e.client().titleLookup(texts);
    return { results: r.results, credits: r.credits_used };
  },
  valuesOf: (r) =>
    r.job_function || r.job_level
      ? { function: r.job_function?.name ?? null, level: r.job_level?.name ?? null }
      : null,
});

/** A lookup that did not get the document lock in time: nothing bought, the cell says to recalculate. */
export const LOOKUP_BUSY_MESSAGE =
  "Another formula in this spreadsheet is looking up texts right now; recalculate in a minute to see this one.";

/**
 * A range's texts: from the cache without the lock; else looked up inside the document lock, where the
 * check for requests in flight and the intents written cannot interleave with another cell's. When the
 * lock is not had in time, the texts the cache lacks say so and nothing is bought.
 */
export function lookupLocked(env: FormulaEnv, kind: LookupKind, texts: readonly string[]): LookupAnswer {
  if (!env.siblings) return kind.lookup(env, texts);
  const keys = texts.map((text) => text.toLowerCase());
  const found = env.cache.get(kind.scope, keys, kind.fields);
  const missing = keys.filter((key) => !isComplete(found.get(key), kind.fields));
  if (missing.length === 0) return { found, held: new Map() };
  const shared = env.siblings.exclusive((held) => kind.lookup(held, texts));
  if (shared.acquired) return shared.value;
  return { found, held: new Map(missing.map((key) => [key, LOOKUP_BUSY_MESSAGE])) };
}

export function lookupTechnologies(env: FormulaEnv, names: readonly string[]): LookupAnswer {
  return TECHNOLOGIES.lookup(env, names);
}

export function lookupCategories(env: FormulaEnv, names: readonly string[]): LookupAnswer {
  return CATEGORIES.lookup(env, names);
}

export function lookupTitles(env: FormulaEnv, titles: readonly string[]): LookupAnswer {
  return TITLES.lookup(env, titles);
}
