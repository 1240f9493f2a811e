// The per-key token bucket: a burst of 20, then 10 requests per second, each key on its own.
import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../../emulator/rate-limit.ts";

function takeMany(limiter: RateLimiter, key: string, count: number, at: number): number {
  let allowed = 0;
  for (let i = 0; i < count; i++) if (limiter.take(key, at)) allowed++;
  return allowed;
}

describe("RateLimiter", () => {
  it("allows a burst of 20 at once, then refuses", () => {
    const limiter = new RateLimiter({ perSecond: 10, burst: 20 });
    expect(takeMany(limiter, "k", 25, 0)).toBe(20);
    expect(limiter.take("k", 0)).toBe(false);
  });

  it("refills at 10 tokens per second", () => {
    const limiter = new RateLimiter({ perSecond: 10, burst: 20 });
    takeMany(limiter, "k", 20, 0);
    expect(limiter.take("k", 50)).toBe(false);
    expect(limiter.take("k", 100)).toBe(true);
    expect(takeMany(limiter, "k", 20, 1100)).toBe(10);
  });

  it("sustains 10 requests per second indefinitely", () => {
    const limiter = new RateLimiter({ perSecond: 10, burst: 20 });
    takeMany(limiter, "k", 20, 0);
    let allowed = 0;
    for (let ms = 100; ms <= 10_000; ms += 100) if (limiter.take("k", ms)) allowed++;
    expect(allowed).toBe(100);
  });

  it("never holds more than the burst, however long a key is idle", () => {
    const limiter = new RateLimiter({ perSecond: 10, burst: 20 });
    limiter.take("k", 0);
    expect(takeMany(limiter, "k", 50, 3_600_000)).toBe(20);
  });

  it("keeps keys apart", () => {
    const limiter = new RateLimiter({ perSecond: 10, burst: 20 });
    takeMany(limiter, "a", 20, 0);
    expect(limiter.take("a", 0)).toBe(false);
    expect(limiter.take("b", 0)).toBe(true);
  });

  it("tolerates a clock that steps backwards", () => {
    const limiter = new RateLimiter({ perSecond: 10, burst: 20 });
    takeMany(limiter, "k", 20, 1000);
    expect(limiter.take("k", 500)).toBe(false);
    expect(limiter.take("k", 1100)).toBe(true);
  });

  it("gives a forgotten key a full bucket and lets everything through when turned off", () => {
    const limiter = new RateLimiter({ perSecond: 10, burst: 20 });
    takeMany(limiter, "k", 20, 0);
    limiter.forget("k");
    expect(takeMany(limiter, "k", 20, 0)).toBe(20);
    expect(takeMany(new RateLimiter(false), "k", 1000, 0)).toBe(1000);
  });
});
