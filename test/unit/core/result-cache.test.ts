// Tests for the packed result cache: hits, unmatched markers, expiry, clear, size limits and capacity.
import { describe, expect, it } from "vitest";
import type { EntityResult, ResultCacheOptions } from "../../../src/core/caches/result-cache.ts";
import { DEFAULT_BUCKET_COUNT, ResultCache } from "../../../src/core/caches/result-cache.ts";
import { CACHE_MAX_ITEMS, CACHE_MAX_VALUE_BYTES, FakeCache, FakeClock, FakeMutex } from "./fakes.ts";

const SCOPE = "attrs";

function world(extra: Partial<ResultCacheOptions> = {}) {
  const clock = new FakeClock();
  const cache = new FakeCache(clock);
  const mutex = new FakeMutex(clock);
  const execution = (more: Partial<ResultCacheOptions> = {}) =>
    new ResultCache({ cache, mutex, clock, ...extra, ...more });
  return { clock, cache, mutex, execution, results: execution() };
}

const matched = (entityKey: string, values: Record<string, unknown>): EntityResult =>
  ({ entityKey, matched: true, values }) as EntityResult;
const unmatched = (entityKey: string): EntityResult => ({ entityKey, matched: false });

describe("ResultCache", () => {
  it("finds nothing in an empty cache", () => {
    const { results } = world();
    expect(results.get(SCOPE, ["url:acme.com"], ["name"]).size).toBe(0);
  });

  it("returns what was put, for every JSON value kind", () => {
    const { results } = world();
    const values = {
      name: "Acme",
      employee_count: 1200,
      is_public: false,
      parent_id: null,
      tags: ["b2b", "saas"],
    };
    results.put(SCOPE, [matched("url:acme.com", values)]);
    expect(results.get(SCOPE, ["url:acme.com"], Object.keys(values)).get("url:acme.com")).toEqual({
      matched: true,
      values,
    });
  });

  it("returns only the requested fields that are cached and leaves out entities with none of them", () => {
    const { results } = world();
    results.put(SCOPE, [
      matched("id:1", { name: "One", industry: "Retail" }),
      matched("id:2", { name: "Two" }),
    ]);
    const found = results.get(SCOPE, ["id:1", "id:2", "id:3"], ["industry", "employee_count"]);
    expect(found.get("id:1")).toEqual({ matched: true, values: { industry: "Retail" } });
    expect(found.has("id:2")).toBe(false);
    expect(found.has("id:3")).toBe(false);
  });

  it("caches an unmatched input as a marker distinct from a null value", () => {
    const { results } = world();
    results.put(SCOPE, [unmatched("name:nobody inc"), matched("id:5", { parent_id: null })]);
    const found = results.get(SCOPE, ["name:nobody inc", "id:5"], ["parent_id"]);
    expect(found.get("name:nobody inc")).toEqual({ matched: false });
    expect(found.get("id:5")).toEqual({ matched: true, values: { parent_id: null } });
  });

  it("answers an unmatched marker for whatever fields are asked", () => {
    const { results } = world();
    results.put(SCOPE, [unmatched("url:nowhere.example")]);
    expect(results.get(SCOPE, ["url:nowhere.example"], ["anything"]).get("url:nowhere.example")).toEqual({
      matched: false,
    });
  });

  it("merges fields put at different times for one entity", () => {
    const { results } = world();
    results.put(SCOPE, [matched("id:1", { name: "One" })]);
    results.put(SCOPE, [matched("id:1", { industry: "Retail", name: "One Ltd" })]);
    expect(results.get(SCOPE, ["id:1"], ["name", "industry"]).get("id:1")).toEqual({
      matched: true,
      values: { name: "One Ltd", industry: "Retail" },
    });
  });

  it("replaces an unmatched marker with values and values with an unmatched marker", () => {
    const { results } = world();
    results.put(SCOPE, [unmatched("id:1"), matched("id:2", { name: "Two" })]);
    results.put(SCOPE, [matched("id:1", { name: "One" }), unmatched("id:2")]);
    const found = results.get(SCOPE, ["id:1", "id:2"], ["name"]);
    expect(found.get("id:1")).toEqual({ matched: true, values: { name: "One" } });
    expect(found.get("id:2")).toEqual({ matched: false });
  });

  it("keeps scopes apart", () => {
    const { results } = world();
    results.put("attrs", [matched("id:1", { value: "from attrs" })]);
    results.put("tech:react:job_post_count", [matched("id:1", { value: 17 })]);
    expect(results.get("attrs", ["id:1"], ["value"]).get("id:1")).toEqual({
      matched: true,
      values: { value: "from attrs" },
    });
    expect(results.get("tech:react:job_post_count", ["id:1"], ["value"]).get("id:1")).toEqual({
      matched: true,
      values: { value: 17 },
    });
    expect(results.get("other", ["id:1"], ["value"]).size).toBe(0);
  });

  it("serves an entry across executions, as a recalculation would", () => {
    const { execution } = world();
    execution().put(SCOPE, [matched("url:acme.com", { name: "Acme" })]);
    expect(execution().get(SCOPE, ["url:acme.com"], ["name"]).get("url:acme.com")).toEqual({
      matched: true,
      values: { name: "Acme" },
    });
  });

  it("expires each entry after its own lifetime even when its bucket is rewritten later", () => {
    const { clock, results } = world({ lifetimeSeconds: 100, buckets: 1 });
    results.put(SCOPE, [matched("id:1", { name: "One" }), unmatched("id:9")]);
    clock.advance(60_000);
    results.put(SCOPE, [matched("id:2", { name: "Two" })]);
    clock.advance(39_999);
    expect(results.get(SCOPE, ["id:1", "id:2", "id:9"], ["name"]).size).toBe(3);
    clock.advance(1);
    const found = results.get(SCOPE, ["id:1", "id:2", "id:9"], ["name"]);
    expect([...found.keys()]).toEqual(["id:2"]);
  });

  it("caps the lifetime at the cache's 21,600-second maximum", () => {
    const { clock, results } = world({ lifetimeSeconds: 100_000 });
    expect(results.lifetimeSeconds).toBe(21_600);
    results.put(SCOPE, [matched("id:1", { name: "One" })]);
    clock.advance(21_600_000 - 1);
    expect(results.get(SCOPE, ["id:1"], ["name"]).size).toBe(1);
    clock.advance(1);
    expect(results.get(SCOPE, ["id:1"], ["name"]).size).toBe(0);
  });

  it("defaults to a six-hour lifetime", () => {
    expect(world().results.lifetimeSeconds).toBe(21_600);
  });

  it("forgets everything on clear with one small write, and caches again afterwards", () => {
    const { cache, results } = world();
    results.put(SCOPE, [matched("id:1", { name: "One" }), unmatched("id:2")]);
    const writesBefore = cache.writes;
    results.clear();
    expect(cache.writes - writesBefore).toBe(1);
    expect(results.get(SCOPE, ["id:1", "id:2"], ["name"]).size).toBe(0);
    results.put(SCOPE, [matched("id:3", { name: "Three" })]);
    expect(results.get(SCOPE, ["id:1", "id:3"], ["name"]).get("id:3")).toEqual({
      matched: true,
      values: { name: "Three" },
    });
    expect(results.get(SCOPE, ["id:1"], ["name"]).size).toBe(0);
  });

  it("clears twice in the same millisecond", () => {
    const { results } = world();
    results.clear();
    results.put(SCOPE, [matched("id:1", { name: "One" })]);
    results.clear();
    expect(results.get(SCOPE, ["id:1"], ["name"]).size).toBe(0);
  });

  it("serves nothing from before a lost generation value, never stale data", () => {
    const { cache, clock, results } = world();
    results.put(SCOPE, [matched("id:1", { name: "One" })]);
    cache.loseOnNextRead("rc:g");
    expect(results.get(SCOPE, ["id:1"], ["name"]).size).toBe(0);
    cache.remove("rc:g");
    clock.advance(1);
    results.put(SCOPE, [matched("id:2", { name: "Two" })]);
    expect(results.get(SCOPE, ["id:1", "id:2"], ["name"]).has("id:1")).toBe(false);
    expect(results.get(SCOPE, ["id:2"], ["name"]).has("id:2")).toBe(true);
  });

  it("loses only the entities of a bucket the cache dropped", () => {
    const { cache, results } = world();
    const keys = Array.from({ length: 50 }, (_, i) => `id:${i + 1}`);
    results.put(
      SCOPE,
      keys.map((key) => matched(key, { name: key })),
    );
    const bucket = cache.keys().find((key) => key.startsWith("rc:b")) as string;
    cache.remove(bucket);
    const found = results.get(SCOPE, keys, ["name"]);
    expect(found.size).toBeLessThan(50);
    expect(found.size).toBeGreaterThan(40);
  });

  it("reads an unreadable bucket as empty and rewrites it", () => {
    const { cache, results } = world({ buckets: 1 });
    cache.put("rc:g", "5", 60);
    cache.put("rc:b0", "{not json", 60);
    expect(results.get(SCOPE, ["id:1"], ["name"]).size).toBe(0);
    results.put(SCOPE, [matched("id:1", { name: "One" })]);
    expect(results.get(SCOPE, ["id:1"], ["name"]).size).toBe(1);
    expect(JSON.parse(cache.peek("rc:b0") as string).g).toBe(5);
  });

  it("ignores malformed entries inside a bucket", () => {
    const { cache, clock, results } = world({ buckets: 1 });
    const later = clock.now() + 60_000;
    const bucket = {
      g: 7,
      s: { attrs: { "id:1": { name: "bare value", ok: ["One", later] }, "id:2": "nope", "id:3": [] } },
    };
    cache.putAll({ "rc:g": "7", "rc:b0": JSON.stringify(bucket) }, 60);
    const found = results.get(SCOPE, ["id:1", "id:2", "id:3"], ["name", "ok"]);
    expect([...found.entries()]).toEqual([["id:1", { matched: true, values: { ok: "One" } }]]);
  });

  it("keeps user text such as __proto__ and constructor as ordinary keys", () => {
    const { results } = world();
    results.put(SCOPE, [matched("__proto__", { constructor: "c", toString: "t" }), unmatched("constructor")]);
    const found = results.get(
      SCOPE,
      ["__proto__", "constructor", "toString"],
      ["constructor", "toString", "valueOf"],
    );
    expect(found.get("__proto__")).toEqual({ matched: true, values: { constructor: "c", toString: "t" } });
    expect(found.get("constructor")).toEqual({ matched: false });
    expect(found.has("toString")).toBe(false);
  });

  it("reads only the buckets it needs, with one getAll", () => {
    const { cache, results } = world();
    results.put(
      SCOPE,
      Array.from({ length: 2_000 }, (_, i) => matched(`id:${i + 1}`, { name: `Org ${i}` })),
    );
    const readsBefore = cache.reads;
    results.get(SCOPE, ["id:1", "id:2", "id:3"], ["name"]);
    expect(cache.reads - readsBefore).toBe(1);
    expect(cache.readKeys.at(-1)?.length).toBeLessThanOrEqual(4);
  });

  it("writes a batch with one getAll and one putAll under the lock", () => {
    const { cache, mutex, results } = world();
    const report = results.put(
      SCOPE,
      Array.from({ length: 1_000 }, (_, i) =>
        matched(`id:${i + 1}`, { name: `Org ${i}`, industry: "Retail" }),
      ),
    );
    expect(cache.reads).toBe(1);
    expect(cache.writes).toBe(1);
    expect(mutex.acquisitions).toBe(1);
    expect(report).toEqual({ written: 2_000, dropped: 0, tooLarge: 0, locked: true, notKept: 0 });
  });

  it("touches no cache for an empty put or get", () => {
    const { cache, results } = world();
    results.put(SCOPE, []);
    results.get(SCOPE, [], ["name"]);
    expect(cache.reads + cache.writes).toBe(0);
  });

  it("keeps both executions' entries when they write the same bucket one after the other", () => {
    const { execution } = world({ buckets: 1 });
    execution().put(SCOPE, [matched("id:1", { name: "One" })]);
    execution().put(SCOPE, [matched("id:2", { name: "Two" })]);
    expect(execution().get(SCOPE, ["id:1", "id:2"], ["name"]).size).toBe(2);
  });

  it("still writes when the lock cannot be had, and says so", () => {
    const { mutex, results } = world();
    mutex.holdElsewhere();
    const report = results.put(SCOPE, [matched("id:1", { name: "One" })]);
    expect(report.locked).toBe(false);
    expect(results.get(SCOPE, ["id:1"], ["name"]).size).toBe(1);
  });

  it("still clears when the lock cannot be had", () => {
    const { mutex, results } = world();
    results.put(SCOPE, [matched("id:1", { name: "One" })]);
    mutex.holdElsewhere();
    results.clear();
    expect(results.get(SCOPE, ["id:1"], ["name"]).size).toBe(0);
  });

  it("drops a bucket's oldest entries first to stay under its size limit", () => {
    const { cache, clock, results } = world({ buckets: 1, maxBucketBytes: 4_000 });
    const payload = "x".repeat(200);
    let dropped = 0;
    for (let i = 1; i <= 40; i++) {
      dropped += results.put(SCOPE, [matched(`id:${i}`, { about: payload })]).dropped;
      clock.advance(1_000);
    }
    const stored = cache.peek("rc:b0") as string;
    expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(4_000);
    const found = results.get(
      SCOPE,
      Array.from({ length: 40 }, (_, i) => `id:${i + 1}`),
      ["about"],
    );
    const kept = [...found.keys()].map((key) => Number(key.slice(3))).sort((a, b) => a - b);
    expect(dropped).toBe(40 - kept.length);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 40 - kept.length + 1 + i));
  });

  it("does not cache a value too large for a bucket, and keeps the others", () => {
    const { results } = world({ buckets: 1, maxBucketBytes: 4_000 });
    results.put(SCOPE, [matched("id:1", { name: "One" })]);
    const report = results.put(SCOPE, [matched("id:2", { name: "Two", about: "y".repeat(2_000) })]);
    expect(report).toEqual({ written: 1, dropped: 0, tooLarge: 1, locked: true, notKept: 1 });
    const found = results.get(SCOPE, ["id:1", "id:2"], ["name", "about"]);
    expect(found.get("id:1")).toEqual({ matched: true, values: { name: "One" } });
    expect(found.get("id:2")).toEqual({ matched: true, values: { name: "Two" } });
  });

  it("measures the size limit in UTF-8 bytes", () => {
    const { cache, clock, results } = world({ buckets: 1, maxBucketBytes: 4_000 });
    for (let i = 1; i <= 30; i++) {
      results.put(SCOPE, [matched(`id:${i}`, { name: "例え".repeat(50) })]);
      clock.advance(1_000);
    }
    expect(Buffer.byteLength(cache.peek("rc:b0") as string)).toBeLessThanOrEqual(4_000);
  });

  // Five puts of 1,000 answers each: about a second alone, past vitest's 5 s beside a loaded machine's other tiers.
  it("holds 5,000 organizations × 3 fields within 1,000 items and 100 KB per value", () => {
    const { cache, clock, results } = world();
    cache.put("throttle", "t1|x|0", 60);
    const keys = Array.from({ length: 5_000 }, (_, i) => `url:organization-number-${i}.example.com`);
    for (let start = 0; start < keys.length; start += 1_000) {
      const report = results.put(
        SCOPE,
        keys.slice(start, start + 1_000).map((key, i) =>
          matched(key, {
            name: `Organization Number ${start + i} Holdings`,
            employee_count: 10_000 + start + i,
            tags: ["b2b", "saas", "enterprise software", `segment-${i % 7}`],
          }),
        ),
      );
      expect(report.dropped).toBe(0);
      clock.advance(500);
    }
    expect(cache.evictions).toBe(0);
    expect(cache.size).toBeLessThanOrEqual(DEFAULT_BUCKET_COUNT + 2);
    expect(cache.size).toBeLessThan(CACHE_MAX_ITEMS);
    expect(cache.largestValueBytes).toBeLessThan(CACHE_MAX_VALUE_BYTES);
    const readsBefore = cache.reads;
    const found = results.get(SCOPE, keys, ["name", "employee_count", "tags"]);
    expect(cache.reads - readsBefore).toBe(1);
    expect(found.size).toBe(5_000);
    expect(found.get(keys[4_321] as string)).toEqual({
      matched: true,
      values: {
        name: "Organization Number 4321 Holdings",
        employee_count: 14_321,
        tags: ["b2b", "saas", "enterprise software", "segment-6"],
      },
    });
    expect(cache.peek("throttle")).toBe("t1|x|0");
  }, 30_000);

  it.each([
    [{ lifetimeSeconds: 0 }, "lifetimeSeconds must be a whole number of 1 or more; got 0."],
    [{ lifetimeSeconds: 1.5 }, "lifetimeSeconds must be a whole number of 1 or more; got 1.5."],
    [{ buckets: 0 }, "buckets must be a whole number of 1 or more; got 0."],
    [{ maxBucketBytes: 500 }, "maxBucketBytes must be at least 1024; got 500."],
    [{ keyPrefix: "" }, "keyPrefix must be 1 to 200 characters; got 0."],
    [{ keyPrefix: "p".repeat(201) }, "keyPrefix must be 1 to 200 characters; got 201."],
    [{ lockTimeoutMs: -1 }, "lockTimeoutMs must be a number of 0 or more; got -1."],
  ])("rejects the malformed option %o", (bad, message) => {
    expect(() => world().execution(bad)).toThrow(new RangeError(message));
  });
});
