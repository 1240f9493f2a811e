// Two cache levels: the near one answers first, the far one fills its gaps and outlives it.
import { describe, expect, it } from "vitest";
import { type KeyValueCache, ResultCache } from "../../../src/core/caches/result-cache.ts";
import { TieredCache } from "../../../src/core/caches/tiered-cache.ts";
import { FakeCache, FakeClock, FakeMutex } from "./fakes.ts";

const DAY_S = 86_400;

/** Like document properties: values stay until overwritten (entries carry their own expiry). */
function propertiesLike(): KeyValueCache {
  const values = new Map<string, string>();
  return {
    getAll: (keys) => Object.fromEntries(keys.filter((k) => values.has(k)).map((k) => [k, values.get(k)!])),
    putAll: (entries) => {
      for (const [k, v] of Object.entries(entries)) values.set(k, v);
    },
  };
}

function world() {
  const clock = new FakeClock();
  const mutex = new FakeMutex(clock);
  const near = new ResultCache({ cache: new FakeCache(clock), mutex, clock, lifetimeSeconds: 21_600 });
  const far = new ResultCache({
    cache: propertiesLike(),
    mutex,
    clock,
    lifetimeSeconds: 30 * DAY_S,
    maxLifetimeSeconds: 30 * DAY_S,
    keyPrefix: "dc",
    buckets: 4,
    maxBucketBytes: 8_000,
  });
  return { clock, near, far, tiered: new TieredCache(near, far) };
}

describe("TieredCache", () => {
  it("serves from the far level after the near one expired, and copies the hit back near", () => {
    const { clock, near, tiered } = world();
    tiered.put("org", [
      { entityKey: "url:acme.com", matched: true, values: { "a:industry": "Software" } },
      { entityKey: "url:nobody.example", matched: false },
    ]);
    clock.advance(7 * DAY_S * 1000);
    expect(near.get("org", ["url:acme.com"], ["a:industry"]).size).toBe(0);
    const found = tiered.get("org", ["url:acme.com", "url:nobody.example"], ["a:industry"]);
    expect(found.get("url:acme.com")).toEqual({ matched: true, values: { "a:industry": "Software" } });
    expect(found.get("url:nobody.example")).toEqual({ matched: false });
    expect(near.get("org", ["url:acme.com"], ["a:industry"]).get("url:acme.com")).toEqual({
      matched: true,
      values: { "a:industry": "Software" },
    });
  });

  it("brings every entity of the scope back near on a far hit, answering only what was asked", () => {
    const { clock, near, tiered } = world();
    tiered.put("org", [
      { entityKey: "url:a.com", matched: true, values: { "a:industry": "Software" } },
      { entityKey: "url:b.com", matched: true, values: { "a:industry": "Retail" } },
      { entityKey: "url:c.example", matched: false },
    ]);
    tiered.put("other", [{ entityKey: "url:a.com", matched: true, values: { x: 1 } }]);
    clock.advance(7 * DAY_S * 1000);
    const found = tiered.get("org", ["url:a.com"], ["a:industry"]);
    expect([...found.keys()]).toEqual(["url:a.com"]);
    // The column's other cells now find theirs near, without reading the far level.
    const copied = near.get("org", ["url:b.com", "url:c.example"], ["a:industry"]);
    expect(copied.get("url:b.com")).toEqual({ matched: true, values: { "a:industry": "Retail" } });
    expect(copied.get("url:c.example")).toEqual({ matched: false });
    // Another scope stays where it was.
    expect(near.get("other", ["url:a.com"], ["x"]).size).toBe(0);
  });

  it("merges fields the near level has with those only the far level kept", () => {
    const { near, far, tiered } = world();
    near.put("org", [{ entityKey: "k", matched: true, values: { a: 1 } }]);
    far.put("org", [{ entityKey: "k", matched: true, values: { b: 2 } }]);
    expect(tiered.get("org", ["k"], ["a", "b"]).get("k")).toEqual({ matched: true, values: { a: 1, b: 2 } });
  });

  it("forgets after the far level's lifetime", () => {
    const { clock, tiered } = world();
    tiered.put("org", [{ entityKey: "k", matched: true, values: { a: 1 } }]);
    clock.advance(31 * DAY_S * 1000);
    expect(tiered.get("org", ["k"], ["a"]).size).toBe(0);
  });

  it("forgets entities in both levels, leaving the others", () => {
    const { tiered } = world();
    tiered.put("intent", [
      { entityKey: "a", matched: true, values: { f: 1 } },
      { entityKey: "b", matched: true, values: { f: 2 } },
    ]);
    tiered.forget("intent", ["a"]);
    expect([...tiered.get("intent", ["a", "b"], ["f"]).keys()]).toEqual(["b"]);
  });

  it("knows when an entry was fetched from the near level when the far one dropped it for room", () => {
    const { clock, tiered, far } = world();
    const start = clock.now();
    tiered.put("org", [{ entityKey: "k", matched: true, values: { a: 1 } }]);
    far.clear();
    clock.advance(60_000);
    expect(tiered.fetchedAt("org", ["k"], ["a"])).toEqual(new Map([["k", start]]));
  });

  it("keeps the original fetch time on a copy made near, also after the far level lost it", () => {
    const { clock, near, far, tiered } = world();
    const start = clock.now();
    tiered.put("org", [{ entityKey: "k", matched: true, values: { a: 1 } }]);
    clock.advance(7 * DAY_S * 1000);
    expect(near.get("org", ["k"], ["a"]).size).toBe(0);
    tiered.get("org", ["k"], ["a"]);
    far.clear();
    expect(tiered.fetchedAt("org", ["k"], ["a"])).toEqual(new Map([["k", start]]));
  });

  it("with every fetch time stamped, a shorter lifetime set later never makes an entry look younger", () => {
    const clock = new FakeClock();
    const mutex = new FakeMutex(clock);
    const cache = new FakeCache(clock);
    const start = clock.now();
    new ResultCache({ cache, mutex, clock, lifetimeSeconds: 21_600, stampAll: true }).put("org", [
      { entityKey: "k", matched: true, values: { a: 1 } },
    ]);
    clock.advance(2 * 3_600_000);
    const fetched = new Map<string, number>();
    new ResultCache({ cache, mutex, clock, lifetimeSeconds: 3_600, stampAll: true }).get(
      "org",
      ["k"],
      ["a"],
      undefined,
      fetched,
    );
    expect(fetched).toEqual(new Map([["k", start]]));
  });
});
