// Tests that a result cache says how many of a put's results it could not keep, never dropping them unsaid.
import { describe, expect, it } from "vitest";
import type { EntityResult, KeyValueCache } from "../../../src/core/caches/result-cache.ts";
import { ResultCache } from "../../../src/core/caches/result-cache.ts";
import { TieredCache } from "../../../src/core/caches/tiered-cache.ts";
import { FakeCache, FakeClock, FakeMutex } from "./fakes.ts";

function store(refuse: boolean): KeyValueCache & { values: Record<string, string> } {
  const values: Record<string, string> = {};
  return {
    values,
    getAll: (keys) =>
      Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k] as string])),
    putAll: (changes) => {
      if (refuse) return false;
      Object.assign(values, changes);
      return true;
    },
  };
}

const org = (i: number): EntityResult => ({
  entityKey: `url:org-${i}.example.com`,
  matched: true,
  values: { "a:name": `Organization number ${i}`, "a:industry": "Computer Software" },
});

function cache(kv: KeyValueCache, clock: FakeClock, buckets = 4): ResultCache {
  return new ResultCache({
    cache: kv,
    mutex: new FakeMutex(clock),
    clock,
    buckets,
    maxBucketBytes: 1_024,
    compact: true,
  });
}

describe("a result cache's count of results not kept", () => {
  it("is 0 when everything fits", () => {
    const clock = new FakeClock();
    expect(cache(store(false), clock).put("org", [org(1), org(2)]).notKept).toBe(0);
  });

  it("is every result when the store refuses the write", () => {
    const clock = new FakeClock();
    const refused = store(true);
    expect(
      cache(refused, clock).put("org", [org(1), org(2), { entityKey: "x", matched: false }]).notKept,
    ).toBe(3);
    expect(refused.values).toEqual({});
  });

  it("counts the results of this put that a bucket could not hold", () => {
    const clock = new FakeClock();
    const kv = store(false);
    const results = Array.from({ length: 100 }, (_, i) => org(i));
    const report = cache(kv, clock, 1).put("org", results);
    const found = cache(kv, clock, 1).get(
      "org",
      results.map((r) => r.entityKey),
      ["a:name", "a:industry"],
    );
    const held = [...found.values()].filter((e) => e.matched && Object.keys(e.values).length === 2).length;
    expect(report.notKept).toBe(100 - held);
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(100);
  });

  it("a tiered cache reports what its durable level could not keep, though the near level has it", () => {
    const clock = new FakeClock();
    const near = new ResultCache({ cache: new FakeCache(clock), mutex: new FakeMutex(clock), clock });
    const tiered = new TieredCache(near, cache(store(true), clock));
    expect(tiered.put("org", [org(1), org(2)])).toEqual({ notKept: 2 });
    expect(near.get("org", [org(1).entityKey], ["a:name"]).size).toBe(1);
  });
});
