// Tests for the durable level's compact bucket format: what it holds, the previous format still read, its room.
import { describe, expect, it } from "vitest";
import type { EntityResult, KeyValueCache } from "../../../src/core/caches/result-cache.ts";
import { ResultCache } from "../../../src/core/caches/result-cache.ts";
import { FakeClock, FakeMutex } from "./fakes.ts";

const DAY = 86_400;
const FIELDS = ["a:name", "a:employee_count", "a:industry"];

/** Document properties as the durable level sees them: values stay until replaced. */
function propertyStore(): KeyValueCache & { values: Record<string, string> } {
  const values: Record<string, string> = {};
  return {
    values,
    getAll: (keys) =>
      Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k] as string])),
    putAll: (changes) => void Object.assign(values, changes),
  };
}

function durable(store: KeyValueCache, clock: FakeClock, compact = true): ResultCache {
  return new ResultCache({
    cache: store,
    mutex: new FakeMutex(clock),
    clock,
    lifetimeSeconds: 30 * DAY,
    maxLifetimeSeconds: 400 * DAY,
    buckets: 32,
    maxBucketBytes: 8_000,
    keyPrefix: "dc",
    compact,
  });
}

/** An organization like the emulator's: a domain key, a company name, a head count, an industry. */
function org(i: number): EntityResult {
  return {
    entityKey: `url:company-${i}-holdings.example.com`,
    matched: true,
    values: {
      "a:name": `Company ${i} Holdings Group`,
      "a:employee_count": 1_000 + i,
      "a:industry": "Computer Software",
    },
  };
}

describe("the compact durable format", () => {
  it("returns every kind of entry as put: values of each JSON kind, unmatched markers, older copies' times", () => {
    const clock = new FakeClock();
    const store = propertyStore();
    const cache = durable(store, clock);
    cache.put("org", [
      {
        entityKey: "url:acme.com",
        matched: true,
        values: { "a:name": "Acme", "a:x": null, "a:tags": ["b", "c"], "a:p": false },
      },
      { entityKey: "name:nobody", matched: false },
      { entityKey: "id:7", matched: true, values: { "a:name": "Seven" }, fetchedAt: clock.now() - 3_600_000 },
    ]);
    clock.advance(60_000);
    cache.put("org", [{ entityKey: "url:acme.com", matched: true, values: { "a:industry": "Retail" } }]);
    expect(Object.values(store.values).some((v) => v.startsWith('{"v":2,'))).toBe(true);
    const fetched = new Map<string, number>();
    const found = durable(store, clock).get(
      "org",
      ["url:acme.com", "name:nobody", "id:7"],
      ["a:name", "a:x", "a:tags", "a:p", "a:industry"],
      undefined,
      fetched,
    );
    expect(found.get("url:acme.com")).toEqual({
      matched: true,
      values: { "a:name": "Acme", "a:x": null, "a:tags": ["b", "c"], "a:p": false, "a:industry": "Retail" },
    });
    expect(found.get("name:nobody")).toEqual({ matched: false });
    expect(found.get("id:7")).toEqual({ matched: true, values: { "a:name": "Seven" } });
    expect(fetched.get("url:acme.com")).toBe(clock.now() - 60_000);
    expect(fetched.get("id:7")).toBe(clock.now() - 60_000 - 3_600_000);
  });

  it("still reads what the previous format wrote, and rewrites it compact on the next write", () => {
    const clock = new FakeClock();
    const store = propertyStore();
    durable(store, clock, false).put("org", [org(1), org(2)]);
    expect(Object.values(store.values).some((v) => v.includes('"v":2'))).toBe(false);
    const cache = durable(store, clock);
    const keys = [org(1).entityKey, org(2).entityKey];
    expect(cache.get("org", keys, FIELDS).size).toBe(2);
    cache.put("org", [org(1)]);
    expect(cache.get("org", keys, FIELDS).get(org(2).entityKey)).toEqual({
      matched: true,
      values: (org(2) as { values: object }).values,
    });
  });

  it("never misreads a value of another generation or a damaged one: it reads as empty", () => {
    const clock = new FakeClock();
    const store = propertyStore();
    const cache = durable(store, clock);
    cache.put("org", [org(1)]);
    const key = Object.keys(store.values).find((k) => k !== "dc:g") as string;
    store.values[key] = (store.values[key] as string).replace('"f":[', '"f":[7,');
    expect(cache.get("org", [org(1).entityKey], FIELDS).size).toBe(0);
  });

  it("holds 2,000 organizations with three attributes each in the durable level's 32 values of 8,000 bytes", () => {
    const clock = new FakeClock();
    const orgs = Array.from({ length: 2_000 }, (_, i) => org(i));
    const keys = orgs.map((o) => o.entityKey);
    const held = (compact: boolean) => {
      const store = propertyStore();
      const cache = durable(store, clock, compact);
      for (let i = 0; i < orgs.length; i += 1_000) cache.put("org", orgs.slice(i, i + 1_000));
      return [...cache.get("org", keys, FIELDS).values()].filter(
        (e) => e.matched && Object.keys(e.values).length === 3,
      ).length;
    };
    expect(held(false)).toBeLessThan(2_000);
    expect(held(true)).toBe(2_000);
  });
});
