// Paid answers waiting in the 6-hour cache while the day's properties quota is out: read as answers, kept
// six hours more by each refresh, settled once the durable level and the intents take them.
import { describe, expect, it } from "vitest";
import {
  answerFromPending,
  PendingAnswers,
  type PendingBody,
  settlePending,
} from "../../../src/core/caches/pending-answers.ts";
import type { CachedEntity } from "../../../src/core/caches/result-cache.ts";
import { FakeCache, FakeClock } from "./fakes.ts";

const HOUR = 3_600_000;

function body(intentKey: string, keys: string[]): PendingBody {
  return {
    intentKey,
    scope: "org",
    results: keys.map((entityKey) =>
      entityKey.startsWith("none")
        ? { entityKey, matched: false, fetchedAt: 1 }
        : { entityKey, matched: true, values: { "attr:industry": `${entityKey} industry` }, fetchedAt: 1 },
    ),
  };
}

function world() {
  const clock = new FakeClock();
  const cache = new FakeCache(clock);
  return { clock, cache, pending: new PendingAnswers(cache) };
}

describe("answers waiting for the properties quota", () => {
  it("are listed in the order kept, and none costs one cache read", () => {
    const { cache, pending } = world();
    const reads = cache.reads;
    expect(pending.none()).toBe(true);
    expect(cache.reads - reads).toBe(1);
    expect(pending.keep(body("paid:orgs:a:0", ["acme"]))).toBe(true);
    expect(pending.keep(body("paid:orgs:a:1", ["globex"]))).toBe(true);
    expect(pending.none()).toBe(false);
    expect(pending.list().map((b) => b.intentKey)).toEqual(["paid:orgs:a:0", "paid:orgs:a:1"]);
  });

  it("answer what the near level lacks, matched or not, and only in their scope", () => {
    const { pending } = world();
    pending.keep(body("k", ["acme", "none.example"]));
    const found = new Map<string, CachedEntity>([
      ["cached", { matched: true, values: { "attr:industry": "X" } }],
    ]);
    answerFromPending(
      pending.list(),
      "org",
      ["acme", "none.example", "cached", "absent"],
      ["attr:industry"],
      found,
    );
    expect(Object.fromEntries(found)).toEqual({
      cached: { matched: true, values: { "attr:industry": "X" } },
      acme: { matched: true, values: { "attr:industry": "acme industry" } },
      "none.example": { matched: false },
    });
    const other = new Map<string, CachedEntity>();
    answerFromPending(pending.list(), "lookup", ["acme"], ["attr:industry"], other);
    expect(other.size).toBe(0);
  });

  it("outlast the cache's six hours only while something refreshes them", () => {
    const { clock, pending } = world();
    pending.keep(body("k", ["acme"]));
    clock.advance(5 * HOUR);
    pending.refresh(pending.list());
    clock.advance(5 * HOUR);
    expect(pending.list()).toHaveLength(1);
    clock.advance(2 * HOUR);
    expect(pending.list()).toHaveLength(0);
  });

  it("are settled body by body, and what a refusal leaves keeps waiting", () => {
    const { pending } = world();
    pending.keep(body("k0", ["acme"]));
    pending.keep(body("k1", ["globex"]));
    const put: string[] = [];
    const settled: string[] = [];
    let refuse = true;
    const done = settlePending(
      pending,
      (_scope, results) => put.push(...results.map((r) => r.entityKey)),
      (key) => {
        if (key === "k1" && refuse)
          throw new Error("Service invoked too many times for one day: properties.");
        settled.push(key);
      },
    );
    expect(done).toBe(false);
    expect(settled).toEqual(["k0"]);
    expect(pending.list().map((b) => b.intentKey)).toEqual(["k1"]);
    refuse = false;
    expect(
      settlePending(
        pending,
        (_s, results) => put.push(...results.map((r) => r.entityKey)),
        (key) => settled.push(key),
      ),
    ).toBe(true);
    expect(settled).toEqual(["k0", "k1"]);
    expect(put).toEqual(["acme", "globex", "globex"]);
    expect(pending.none()).toBe(true);
  });
});
