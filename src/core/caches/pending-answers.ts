// Paid answers whose durable bookkeeping the day's properties quota refused after payment: they wait in the
// 6-hour cache (which has no daily quota), each request body's answers under its intent's key, until an
// execution can write them to the durable level and settle the intent. Read by formulas as answers
// meanwhile, so an answer the service charged for is shown, never held back as lost nor bought again.
import { type CachedEntity, type EntityResult, isComplete } from "./result-cache";

/** CacheService-shaped, as the formulas' document cache is. */
export interface PendingCache {
  get(key: string): string | null;
  put(key: string, value: string, seconds: number): void;
  remove(key: string): void;
}

/** One request body's answers, and the intent that stays open until they are durable. */
export interface PendingBody {
  intentKey: string;
  scope: string;
  results: EntityResult[];
}

const INDEX_KEY = "pending:answers";
const ENTRY_PREFIX = "pending:answers:";
/** The cache's longest lifetime: every read that finds them, and every failed drain, puts them back for as long. */
const SECONDS = 21_600;

function parseIndex(text: string | null): string[] {
  if (!text) return [];
  try {
    const keys: unknown = JSON.parse(text);
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

export class PendingAnswers {
  constructor(private readonly cache: PendingCache) {}

  /** True when nothing waits: one cache read. */
  none(): boolean {
    return parseIndex(this.cache.get(INDEX_KEY)).length === 0;
  }

  /** Keeps `body`; false when the cache refused it (then the answer lasts as long as the near level keeps it). */
  keep(body: PendingBody): boolean {
    try {
      this.cache.put(ENTRY_PREFIX + body.intentKey, JSON.stringify(body), SECONDS);
      const index = parseIndex(this.cache.get(INDEX_KEY));
      if (!index.includes(body.intentKey)) index.push(body.intentKey);
      this.cache.put(INDEX_KEY, JSON.stringify(index), SECONDS);
      return true;
    } catch {
      return false;
    }
  }

  /** Every body still waiting, oldest first. */
  list(): PendingBody[] {
    const bodies: PendingBody[] = [];
    for (const key of parseIndex(this.cache.get(INDEX_KEY))) {
      const text = this.cache.get(ENTRY_PREFIX + key);
      if (!text) continue;
      try {
        bodies.push(JSON.parse(text) as PendingBody);
      } catch {
        // Unreadable: nothing to bring back.
      }
    }
    return bodies;
  }

  /** Puts `bodies` back for another six hours: the quota may take up to 24 hours to renew. */
  refresh(bodies: readonly PendingBody[]): void {
    for (const body of bodies) this.keep(body);
  }

  /** The bodies are durable and their intents settled: they wait no more. */
  forget(intentKeys: readonly string[]): void {
    const gone = new Set(intentKeys);
    for (const key of intentKeys) this.cache.remove(ENTRY_PREFIX + key);
    const left = parseIndex(this.cache.get(INDEX_KEY)).filter((k) => !gone.has(k));
    if (left.length > 0) this.cache.put(INDEX_KEY, JSON.stringify(left), SECONDS);
    else this.cache.remove(INDEX_KEY);
  }
}

/**
 * Adds to `found` what waiting bodies of `scope` answer for `entityKeys` that `found` lacks: the near level
 * may have let them go while the quota was out.
 */
export function answerFromPending(
  bodies: readonly PendingBody[],
  scope: string,
  entityKeys: readonly string[],
  fields: readonly string[],
  found: Map<string, CachedEntity>,
): void {
  const wanted = new Set(entityKeys.filter((key) => !isComplete(found.get(key), fields)));
  if (wanted.size === 0) return;
  for (const body of bodies) {
    if (body.scope !== scope) continue;
    for (const result of body.results) {
      if (!wanted.has(result.entityKey)) continue;
      if (!result.matched) {
        found.set(result.entityKey, { matched: false });
        continue;
      }
      const known = found.get(result.entityKey);
      found.set(result.entityKey, {
        matched: true,
        values: { ...(known?.matched ? known.values : {}), ...result.values },
      });
    }
  }
}

/**
 * Writes every waiting body to the cache's durable level and settles its intent, forgetting each once both
 * are done. A refusal (the quota still out) puts what is left back for six hours more and stops: true
 * when nothing waits any more.
 */
export function settlePending(
  pending: PendingAnswers,
  put: (scope: string, results: readonly EntityResult[]) => unknown,
  settle: (intentKey: string) => void,
): boolean {
  const bodies = pending.list();
  const done: string[] = [];
  try {
    for (const body of bodies) {
      put(body.scope, body.results);
      settle(body.intentKey);
      done.push(body.intentKey);
    }
  } catch {
    pending.refresh(bodies.filter((body) => !done.includes(body.intentKey)));
  }
  if (done.length > 0) pending.forget(done);
  return done.length === bodies.length;
}
