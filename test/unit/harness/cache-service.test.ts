// CacheService: key and value limits, expiry, 1,000 items with oldest-first eviction, scopes.
import { describe, expect, it } from "vitest";
import {
  CACHE_MAX_ITEMS,
  CACHE_VALUE_MAX_BYTES,
  CacheStores,
  createCacheService,
} from "../../../harness/fakes/cache-service.ts";
import { GAS } from "../../../harness/index.ts";
import { bareExecution, fixtureHarness, START, thrown } from "./support.ts";

function setup() {
  const stores = new CacheStores();
  const exec = bareExecution();
  return { stores, exec, cache: createCacheService(exec, stores).getScriptCache() };
}

describe("CacheService", () => {
  it("returns what was put and null for anything else", () => {
    const { cache } = setup();
    cache.put("a", "1");
    cache.put("n", 7 as unknown as string);
    expect(cache.get("a")).toBe("1");
    expect(cache.get("n")).toBe("7");
    expect(cache.get("b")).toBeNull();
  });

  it("refuses a value over 100 KB and a key over 250 characters", () => {
    const { cache } = setup();
    expect(thrown(() => cache.put("big", "x".repeat(CACHE_VALUE_MAX_BYTES + 1)))).toBe(
      "Argument too large: value",
    );
    expect(thrown(() => cache.put("k".repeat(251), "v"))).toBe("Argument too large: key");
    cache.put("k".repeat(250), "x".repeat(CACHE_VALUE_MAX_BYTES));
    expect(cache.get("k".repeat(250))).toHaveLength(CACHE_VALUE_MAX_BYTES);
  });

  it("refuses an expiration outside 1 to 21,600 seconds", () => {
    const { cache } = setup();
    expect(thrown(() => cache.put("a", "1", 21_601))).toBe(GAS.cacheExpiration);
    expect(thrown(() => cache.put("a", "1", 0))).toBe(GAS.cacheExpiration);
    expect(thrown(() => cache.putAll({ a: "1" }, -5))).toBe(GAS.cacheExpiration);
    expect(GAS.cacheExpiration).toBe(
      "Argument expirationInSeconds is out of range: it must be between 1 and 21600.",
    );
  });

  it("expires items on the harness clock, 600 seconds by default", () => {
    const stores = new CacheStores();
    const at = (ms: number) =>
      createCacheService(bareExecution({ start: START + ms }), stores).getScriptCache();
    at(0).put("short", "s", 5);
    at(0).put("default", "d");
    expect(at(4_999).get("short")).toBe("s");
    expect(at(5_000).get("short")).toBeNull();
    expect(at(599_999).get("default")).toBe("d");
    expect(at(600_000).get("default")).toBeNull();
  });

  it("evicts the oldest item when the 1,001st goes in", () => {
    const { cache, stores, exec } = setup();
    for (let i = 0; i < CACHE_MAX_ITEMS; i++) cache.put(`k${i}`, String(i));
    expect(stores.script.size(exec.cursor)).toBe(1000);
    cache.put("k1000", "1000");
    expect(cache.get("k0")).toBeNull();
    expect(cache.get("k1")).toBe("1");
    expect(cache.get("k1000")).toBe("1000");
    expect(stores.script.evictions).toBe(1);
  });

  it("evicts by creation, not by use, and a re-put counts as new", () => {
    const { cache } = setup();
    for (let i = 0; i < CACHE_MAX_ITEMS; i++) cache.put(`k${i}`, String(i));
    cache.get("k0");
    cache.put("k1", "again");
    cache.put("extra", "x");
    expect(cache.get("k0")).toBeNull();
    expect(cache.get("k1")).toBe("again");
    expect(cache.get("k2")).toBe("2");
  });

  it("drops expired items before evicting live ones", () => {
    const { cache, exec } = setup();
    cache.put("old", "o", 1);
    for (let i = 0; i < CACHE_MAX_ITEMS - 1; i++) cache.put(`k${i}`, String(i));
    exec.spend(2_000);
    cache.put("new", "n");
    expect(cache.get("old")).toBeNull();
    expect(cache.get("k0")).toBe("0");
    expect(cache.get("new")).toBe("n");
  });

  it("reads and writes many keys with getAll and putAll", () => {
    const { cache, stores } = setup();
    cache.putAll({ a: "1", b: "2", c: "3" }, 60);
    expect(cache.getAll(["a", "c", "zz"])).toEqual({ a: "1", c: "3" });
    cache.removeAll(["a", "b"]);
    expect(cache.getAll(["a", "b", "c"])).toEqual({ c: "3" });
    expect(stores.script.hits).toBe(3);
    expect(stores.script.misses).toBe(3);
  });

  it("checks every value of putAll before storing any", () => {
    const { cache } = setup();
    expect(thrown(() => cache.putAll({ a: "1", b: "x".repeat(CACHE_VALUE_MAX_BYTES + 1) }))).toBe(
      GAS.cacheValueTooLarge,
    );
    expect(cache.get("a")).toBeNull();
  });

  it("answers getAll without an array with an invalid-argument message", () => {
    const { cache } = setup();
    expect(thrown(() => cache.getAll("a" as unknown as string[]))).toBe("Invalid argument: keys");
  });

  it("keeps the script cache shared and user caches apart", () => {
    const stores = new CacheStores();
    const ann = createCacheService(bareExecution({ storeUser: "ann@example.com" }), stores);
    const bob = createCacheService(bareExecution({ storeUser: "bob@example.com" }), stores);
    ann.getScriptCache().put("shared", "yes");
    ann.getUserCache().put("mine", "ann");
    expect(bob.getScriptCache().get("shared")).toBe("yes");
    expect(bob.getUserCache().get("mine")).toBeNull();
    expect(stores.user("ann@example.com").snapshot(START)).toEqual({ mine: "ann" });
  });

  it("keeps cached values across executions, as Apps Script does", async () => {
    const gas = await fixtureHarness();
    gas.run("probe", "CacheService.getScriptCache().put('seen', 'first run', 60)");
    expect(gas.run("probe", "CacheService.getScriptCache().get('seen')")).toBe("first run");
    gas.clock.advance("61s");
    expect(gas.run("probe", "CacheService.getScriptCache().get('seen')")).toBeNull();
  });
});
