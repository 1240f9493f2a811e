// Tests for the shared throttle: the limit across executions, lost values, lock time-outs, deadlines, waves.
import { describe, expect, it } from "vitest";
import { DeadlineExceededError } from "../../../src/api/retry/deadline.ts";
import type { ThrottleFallback, ThrottleOptions } from "../../../src/core/spending/throttle.ts";
import {
  DEFAULT_THROTTLE_KEY,
  decodeReservations,
  encodeReservations,
  Throttle,
} from "../../../src/core/spending/throttle.ts";
import { BrokenStore, FakeCache, FakeClock, FakeMutex, START_MS } from "./fakes.ts";

interface World {
  clock: FakeClock;
  cache: FakeCache;
  mutex: FakeMutex;
  execution(extra?: Partial<ThrottleOptions>): Throttle;
}

/** Executions of one user: separate Throttle objects over one cache, one lock and one clock. */
function world(): World {
  const clock = new FakeClock();
  const cache = new FakeCache(clock);
  const mutex = new FakeMutex(clock);
  return {
    clock,
    cache,
    mutex,
    execution: (extra = {}) => new Throttle({ store: cache, mutex, clock, ...extra }),
  };
}

/** The most send times that fall in any half-open window of `windowMs`. */
function busiestWindow(sendTimes: readonly number[], windowMs = 1_000): number {
  const sorted = [...sendTimes].sort((a, b) => a - b);
  let busiest = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= windowMs) start++;
    busiest = Math.max(busiest, end - start + 1);
  }
  return busiest;
}

/** A small deterministic generator, so the interleavings are the same on every run. */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("Throttle", () => {
  it("lets the first ten requests of a window go at once", () => {
    const { clock, execution } = world();
    expect(execution().reserve(10)).toBe(clock.now());
  });

  it("holds the eleventh request until the first leaves the window", () => {
    const { clock, execution } = world();
    const throttle = execution();
    throttle.reserve(4);
    clock.advance(300);
    throttle.reserve(6);
    expect(throttle.reserve(1)).toBe(START_MS + 1_000);
    // The six sent at +300 ms share a window with +1,000 ms, so only three more fit there.
    expect(throttle.reserve(3)).toBe(START_MS + 1_000);
    expect(throttle.reserve(1)).toBe(START_MS + 1_300);
  });

  it("never lets an eleventh request into a one-second window across two executions", () => {
    const { clock, execution } = world();
    const first = execution();
    const second = execution();
    const sends: number[] = [];
    const sendAt = (throttle: Throttle, count: number) => {
      const at = throttle.reserve(count);
      for (let i = 0; i < count; i++) sends.push(at);
    };
    sendAt(first, 6);
    sendAt(second, 6);
    sendAt(first, 1);
    clock.advance(400);
    sendAt(second, 10);
    sendAt(first, 3);
    expect(sends).toHaveLength(26);
    expect(busiestWindow(sends)).toBe(10);
    expect(sends.filter((at) => at === START_MS)).toHaveLength(6);
    expect(sends.filter((at) => at === START_MS + 1_000)).toHaveLength(7);
  });

  it.each([1, 2, 3, 4, 5])(
    "keeps every window at ten under a random interleaving of executions (seed %i)",
    (seed) => {
      const { clock, execution } = world();
      const random = lcg(seed);
      const executions = [execution(), execution(), execution(), execution()];
      const sends: number[] = [];
      for (let step = 0; step < 200; step++) {
        const throttle = executions[Math.floor(random() * executions.length)] as Throttle;
        const count = 1 + Math.floor(random() * 10);
        const at = throttle.reserve(count);
        expect(at).toBeGreaterThanOrEqual(clock.now());
        for (let i = 0; i < count; i++) sends.push(at);
        clock.advance(Math.floor(random() * 400));
      }
      expect(busiestWindow(sends)).toBeLessThanOrEqual(10);
    },
  );

  it("keeps only reservations still inside the window, compactly", () => {
    const { clock, cache, execution } = world();
    const throttle = execution();
    let lastCall = clock.now();
    for (let i = 0; i < 30; i++) {
      lastCall = clock.now();
      throttle.reserve(1);
      clock.advance(150);
    }
    const stored = cache.peek(DEFAULT_THROTTLE_KEY) as string;
    const times = decodeReservations(stored);
    expect(times).toHaveLength(7);
    expect(times.every((time) => time > lastCall - 1_000)).toBe(true);
    expect(stored.length).toBeLessThan(60);
  });

  it("treats a value the cache lost as no reservations", () => {
    const { clock, cache, execution } = world();
    const throttle = execution();
    throttle.reserve(10);
    cache.loseOnNextRead(DEFAULT_THROTTLE_KEY);
    expect(throttle.reserve(1)).toBe(clock.now());
  });

  it.each([
    ["garbage", "not a throttle value"],
    ["another format", "t2|abc|0"],
    ["a negative gap", "t1|lz0|0,-1"],
    ["a non-number", "t1|lz0|0,zz!"],
    ["too many parts", "t1|lz0|0|1"],
  ])("treats %s in the cache as no reservations", (_label, value) => {
    const { clock, cache, execution } = world();
    cache.put(DEFAULT_THROTTLE_KEY, value, 60);
    expect(decodeReservations(value)).toEqual([]);
    expect(execution().reserve(10)).toBe(clock.now());
  });

  it("round-trips reservations through the stored form", () => {
    const times = [START_MS, START_MS, START_MS + 37, START_MS + 1_000];
    expect(decodeReservations(encodeReservations(times))).toEqual(times);
    expect(decodeReservations(encodeReservations([]))).toEqual([]);
  });

  it("waits one full window and records nothing when the lock times out", () => {
    const { clock, cache, mutex, execution } = world();
    const fallbacks: ThrottleFallback[] = [];
    const throttle = execution({ onFallback: (reason) => fallbacks.push(reason), lockTimeoutMs: 500 });
    mutex.holdElsewhere();
    const sendAt = throttle.reserve(3);
    expect(sendAt).toBe(START_MS + 500 + 1_000);
    expect(clock.now()).toBe(START_MS + 500);
    expect(fallbacks).toEqual(["lock-timeout"]);
    expect(cache.peek(DEFAULT_THROTTLE_KEY)).toBeUndefined();
  });

  it("waits one full window when the cache itself fails", () => {
    const clock = new FakeClock();
    const seen: [ThrottleFallback, unknown][] = [];
    const throttle = new Throttle({
      store: new BrokenStore(),
      mutex: new FakeMutex(),
      clock,
      onFallback: (reason, error) => seen.push([reason, error]),
    });
    expect(throttle.reserve(1)).toBe(START_MS + 1_000);
    const [reason, error] = seen[0] ?? [];
    expect(seen).toHaveLength(1);
    expect(reason).toBe("store-error");
    expect(error).toEqual(new Error("Service error: Cache"));
  });

  it("refuses a slot at or after the deadline and leaves it free for others", () => {
    const { clock, execution } = world();
    const first = execution();
    const second = execution();
    first.reserve(10);
    expect(() => first.reserve(1, { deadline: START_MS + 1_000 })).toThrow(
      new DeadlineExceededError(
        "Out of time: the rate limit of 10 requests per 1000 ms leaves no slot before the deadline.",
      ),
    );
    expect(second.reserve(10)).toBe(START_MS + 1_000);
    expect(clock.now()).toBe(START_MS);
  });

  it("accepts a slot before the deadline", () => {
    const { execution } = world();
    const throttle = execution();
    throttle.reserve(10);
    expect(throttle.reserve(1, { deadline: START_MS + 1_001 })).toBe(START_MS + 1_000);
  });

  it("applies the deadline to the fallback wait too", () => {
    const { mutex, execution } = world();
    mutex.holdElsewhere();
    expect(() => execution({ lockTimeoutMs: 0 }).reserve(1, { deadline: START_MS + 999 })).toThrow(
      DeadlineExceededError,
    );
  });

  it("sleeps until the reserved slot and reports how long", () => {
    const { clock, execution } = world();
    const throttle = execution();
    expect(throttle.acquire(10)).toBe(0);
    clock.advance(250);
    expect(throttle.acquire(2)).toBe(750);
    expect(clock.sleeps).toEqual([750]);
    expect(clock.now()).toBe(START_MS + 1_000);
  });

  it("sends a large batch in waves of at most the limit, a window apart", () => {
    const { clock, execution } = world();
    const throttle = execution();
    const waves: { at: number; size: number }[] = [];
    const items = Array.from({ length: 25 }, (_, i) => i);
    const results = throttle.runInWaves(items, (wave) => {
      waves.push({ at: clock.now(), size: wave.length });
      return wave.map((item) => item * 2);
    });
    expect(results).toEqual(items.map((item) => item * 2));
    expect(waves).toEqual([
      { at: START_MS, size: 10 },
      { at: START_MS + 1_000, size: 10 },
      { at: START_MS + 2_000, size: 5 },
    ]);
  });

  it("throws before sending any wave when the whole batch cannot go before the deadline", () => {
    const { execution } = world();
    let sent = 0;
    const send = (wave: number[]) => {
      sent += wave.length;
      return wave;
    };
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(() => execution().runInWaves(items, send, { deadline: START_MS + 1_500 })).toThrow(
      DeadlineExceededError,
    );
    expect(sent).toBe(0);
  });

  it("sends nothing and touches no store for an empty batch", () => {
    const { cache, execution } = world();
    expect(execution().runInWaves([], () => ["unexpected"])).toEqual([]);
    expect(cache.reads + cache.writes).toBe(0);
  });

  it("honours a custom limit and window", () => {
    const { execution } = world();
    const throttle = execution({ limit: 3, windowMs: 500 });
    expect(throttle.reserve(3)).toBe(START_MS);
    expect(throttle.reserve(2)).toBe(START_MS + 500);
    expect(throttle.reserve(2)).toBe(START_MS + 1_000);
  });

  it("keeps separate keys apart", () => {
    const { clock, execution } = world();
    execution({ key: "throttle:alice" }).reserve(10);
    expect(execution({ key: "throttle:bob" }).reserve(10)).toBe(clock.now());
  });

  it.each([
    [0, "count must be a whole number of 1 or more; got 0."],
    [2.5, "count must be a whole number of 1 or more; got 2.5."],
    [
      11,
      "count must be at most the limit of 10 requests per window; got 11. Send larger batches with runInWaves.",
    ],
  ])("rejects reserving %s slots", (count, message) => {
    expect(() => world().execution().reserve(count)).toThrow(new RangeError(message));
  });

  it.each([
    [{ limit: 0 }, "limit must be a whole number of 1 or more; got 0."],
    [{ windowMs: -1 }, "windowMs must be a whole number of 1 or more; got -1."],
    [{ lockTimeoutMs: Number.NaN }, "lockTimeoutMs must be a number of 0 or more; got NaN."],
  ])("rejects the malformed option %o", (bad, message) => {
    expect(() => world().execution(bad)).toThrow(new RangeError(message));
  });
});
