// Tests for the durable level's compact bucket format: what it holds, the previous format still read, its room.
import { describe, expect, it } from "vitest";
import { encodeCompact, PACKED_MARK, unpackedJson } from "../../../src/core/caches/compact-bucket.ts";
import { packText, unpackText } from "../../../src/core/caches/packed-text.ts";
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
    const written = Object.entries(store.values).filter(([k]) => k !== "dc:g");
    expect(written.every(([, v]) => v.startsWith(PACKED_MARK))).toBe(true);
    expect(written.some(([, v]) => unpackedJson(v)?.startsWith('{"v":2,'))).toBe(true);
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
    const json = unpackText((store.values[key] as string).slice(1)) as string;
    store.values[key] = PACKED_MARK + packText(json.replace('"f":[', '"f":[7,'));
    expect(cache.get("org", [org(1).entityKey], FIELDS).size).toBe(0);
    // A packing cut short reads as nothing too, and so does the mark before foreign text.
    store.values[key] = PACKED_MARK + packText(json).slice(0, -3);
    expect(cache.get("org", [org(1).entityKey], FIELDS).size).toBe(0);
    store.values[key] = `${PACKED_MARK}${json}`;
    expect(cache.get("org", [org(1).entityKey], FIELDS).size).toBe(0);
    store.values[key] = PACKED_MARK + packText(json);
    expect(cache.get("org", [org(1).entityKey], FIELDS).size).toBe(1);
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
  }, 60_000);

  it("packed, holds 3,500 organizations × 10 attributes in 32 values of 8,000 bytes; unpacked about 1,900", () => {
    const clock = new FakeClock();
    const orgs = Array.from({ length: 3_500 }, (_, i) => wideOrg(i));
    const keys = orgs.map((o) => o.entityKey);
    const store = propertyStore();
    const cache = durable(store, clock);
    for (let i = 0; i < orgs.length; i += 1_000) cache.put("org", orgs.slice(i, i + 1_000));
    const complete = [...cache.get("org", keys, WIDE).values()].filter(
      (e) => e.matched && Object.keys(e.values).length === WIDE.length,
    );
    expect(complete).toHaveLength(3_500);
    // Bytes per organization, packed against the same buckets' compact text unpacked.
    const values = Object.entries(store.values).filter(([k]) => k !== "dc:g");
    const packed = values.reduce((sum, [, v]) => sum + v.length, 0);
    const unpacked = values.reduce((sum, [, v]) => sum + (unpackedJson(v) as string).length, 0);
    expect(packed / 3_500).toBeLessThan(66);
    expect(unpacked / 3_500).toBeGreaterThan(120);
    expect(encodeCompact({ g: 1, s: {} })).toBe('{"v":2,"g":1,"f":[],"t":[],"s":{}}');
  }, 60_000);
});

const WIDE = [
  "a:industry",
  "a:headquarters_country",
  "a:employee_count",
  "a:jobs_count",
  "a:teams_count",
  "a:funding_total_raised",
  "a:status",
  "a:tags",
  "a:service_score",
  "a:funding_last_round_type",
];
const INDUSTRIES = [
  "Manufacturing",
  "Information",
  "Retail Trade",
  "Professional, Scientific, and Technical Services",
];
const COUNTRIES = ["US", "GB", "DE", "JP", "BR", "IN", "KR"];

/** An organization as the emulator answers the bench's ten paid attributes. */
function wideOrg(i: number): EntityResult {
  const funded = i % 3 === 0;
  return {
    entityKey: `url:${["elk", "fox", "summit", "quartz"][i % 4]}${i}${["works", "line", "view"][i % 3]}.com`,
    matched: true,
    values: {
      "a:industry": INDUSTRIES[i % INDUSTRIES.length] as string,
      "a:headquarters_country": COUNTRIES[i % COUNTRIES.length] as string,
      "a:employee_count": (i * 37) % 5_000,
      "a:jobs_count": (i * 7) % 400,
      "a:teams_count": i % 30,
      "a:funding_total_raised": funded ? ((i * 13) % 900) * 100_000 : null,
      "a:status": i % 11 === 0 ? "closed" : "active",
      "a:tags": funded ? ["b2b", "is_venture_backed"] : [i % 2 === 0 ? "b2b" : "b2c"],
      "a:service_score": ((i * 17) % 700) / 10,
      "a:funding_last_round_type": funded ? "series_b" : null,
    },
  };
}
