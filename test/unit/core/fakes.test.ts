// Tests that the fakes enforce the platform limits the core's tests rely on.
import { describe, expect, it } from "vitest";
import { FakeCache, FakeClock } from "./fakes.ts";

describe("FakeCache", () => {
  it("rejects keys over 250 characters, values over 100 KB and TTLs outside 1–21,600 s", () => {
    const cache = new FakeCache(new FakeClock());
    expect(() => cache.put("k".repeat(251), "v", 60)).toThrow("Argument too large: key (251 characters).");
    expect(() => cache.put("k", "v".repeat(100 * 1024 + 1), 60)).toThrow("Argument too large: value of k");
    expect(() => cache.put("k", "v", 0)).toThrow("Invalid expiration: 0");
    expect(() => cache.put("k", "v", 21_601)).toThrow("Invalid expiration: 21601");
    expect(cache.size).toBe(0);
  });

  it("expires items on the clock", () => {
    const clock = new FakeClock();
    const cache = new FakeCache(clock);
    cache.put("k", "v", 2);
    clock.advance(1_999);
    expect(cache.get("k")).toBe("v");
    clock.advance(1);
    expect(cache.get("k")).toBeNull();
  });

  it("evicts the oldest tenth once it holds more than 1,000 items", () => {
    const cache = new FakeCache(new FakeClock());
    for (let i = 0; i < 1_001; i++) cache.put(`k${i}`, "v", 60);
    expect(cache.size).toBe(901);
    expect(cache.get("k99")).toBeNull();
    expect(cache.get("k100")).toBe("v");
    expect(cache.evictions).toBe(100);
  });

  it("loses a key on the next read only", () => {
    const cache = new FakeCache(new FakeClock());
    cache.put("k", "v", 60);
    cache.loseOnNextRead("k");
    expect(cache.get("k")).toBeNull();
    expect(cache.get("k")).toBe("v");
  });
});
