// Cached lookups for formulas: technology names to slugs, job titles to function and level,
// category names to slugs. Each distinct text is looked up once, 1,000 per request.
import { LIMITS } from "../api/contract";
import { lookupCost } from "../api/pricing";
import type { CachedEntity, CachedJson, EntityResult } from "../core/caches/result-cache";
import { chunk } from "../core/organizations/batching";
import type { FormulaEnv } from "./formula-env";

interface LookupSpec<R> {
  scope: string;
  /** The Enrichment log's words for what is looked up: "job title". */
  words: string;
  fields: string[];
  send: (env: FormulaEnv, texts: string[]) => { results: R[]; credits: number };
  /** The cached values of one result, or null when the service did not match it. */
  valuesOf: (result: R) => Record<string, CachedJson> | null;
}

/** Looks up the texts not in the cache (keyed by lower-cased text) and caches every answer, misses too. */
function cachedLookup<R>(
  env: FormulaEnv,
  spec: LookupSpec<R>,
  texts: readonly string[],
): Map<string, CachedEntity> {
  const byKey = new Map<string, string>();
  for (const text of texts) if (!byKey.has(text.toLowerCase())) byKey.set(text.toLowerCase(), text);
  const keys = [...byKey.keys()];
  const found = env.cache.get(spec.scope, keys, spec.fields);
  const missing = keys.filter((k) => {
    const hit = found.get(k);
    return !hit || (hit.matched && spec.fields.some((f) => !(f in hit.values)));
  });
  if (missing.length === 0) return found;
  const guard = env.guard();
  const allowed = guard.check(lookupCost(missing.length));
  if (!allowed.ok) throw new Error(allowed.message);
  let spent = 0;
  try {
    for (const part of chunk(missing, LIMITS.lookupMax)) {
      const { results, credits } = spec.send(
        env,
        part.map((k) => byKey.get(k)!),
      );
      spent += credits;
      const entries: EntityResult[] = part.map((key, i) => {
        const values = results[i] ? spec.valuesOf(results[i]!) : null;
        return values ? { entityKey: key, matched: true, values } : { entityKey: key, matched: false };
      });
      env.cache.put(spec.scope, entries);
      for (const e of entries)
        found.set(e.entityKey, e.matched ? { matched: true, values: e.values } : { matched: false });
    }
  } finally {
    guard.record(spent);
    if (spent > 0) {
      try {
        env.logCharge?.({
          what: `${spec.words} lookups`,
          rows: missing.length,
          creditsUsed: spent,
          creditsRemaining: env.client().creditsRemaining,
          result: `${missing.filter((k) => found.get(k)?.matched).length} of ${missing.length} found`,
        });
      } catch {
        // The answers stand; the log row is bookkeeping.
      }
    }
  }
  return found;
}

export function lookupTechnologies(env: FormulaEnv, names: readonly string[]): Map<string, CachedEntity> {
  return cachedLookup(
    env,
    {
      scope: "tech",
      words: "technology",
      fields: ["slug", "name"],
      send: (e, texts) => {
        const r = e.client().technologiesLookup(texts);
        return { results: r.results, credits: r.credits_used };
      },
      valuesOf: (r) => (r.technology ? { slug: r.technology.slug, name: r.technology.name } : null),
    },
    names,
  );
}

export function lookupCategories(env: FormulaEnv, names: readonly string[]): Map<string, CachedEntity> {
  return cachedLookup(
    env,
    {
      scope: "category",
      words: "category",
      fields: ["slug"],
      send: (e, texts) => {
        const r = e.client().categoriesLookup(texts);
        return { results: r.results, credits: r.credits_used };
      },
      valuesOf: (r) => (r.category ? { slug: r.category.slug } : null),
    },
    names,
  );
}

export function lookupTitles(env: FormulaEnv, titles: readonly string[]): Map<string, CachedEntity> {
  return cachedLookup(
    env,
    {
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
    },
    titles,
  );
}
