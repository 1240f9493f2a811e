// Writes to the result cache while another execution holds its lock: the write waits for the lock as long
// as the execution's budget allows, and one made without it never leaves a paid answer out of the cache.
import { describe, expect, it } from "vitest";
import type {
  EntityResult,
  KeyValueCache,
  ResultCacheOptions,
} from "../../../src/core/caches/result-cache.ts";
import { ResultCache, UNLOCKED_WRITE_ROUNDS } from "../../../src/core/caches/result-cache.ts";
import type { Mutex } from "../../../src/core/spending/mutex.ts";
import { FakeCache, FakeClock, FakeMutex } from "./fakes.ts";

const SCOPE = "org";
const INTENTS = "lost";
const KEYS = ["rc:g", "rc:b0"];

const matched = (entityKey: string, name: string): EntityResult => ({
  entityKey,
  matched: true,
  values: { name },
});

/** The store as another writer's execution reaches it: `afterPut` runs after the nth putAll from now. */
class Interleaved implements KeyValueCache {
  reads = 0;
  writes = 0;
  private readonly hooks = new Map<number, () => void>();

  constructor(private readonly inner: FakeCache) {}

  afterPut(nth: number, hook: () => void): void {
    this.hooks.set(this.writes + nth, hook);
  }

  getAll(keys: string[]): Record<string, string> {
    this.reads++;
    return this.inner.getAll(keys);
  }

  putAll(values: Record<string, string>, ttlSeconds: number): unknown {
    this.writes++;
    const kept = this.inner.putAll(values, ttlSeconds);
    this.hooks.get(this.writes)?.();
    return kept;
  }
}

/** Another execution holding the lock until `until`: a wait reaching that far gets it then. */
class HeldUntil implements Mutex {
  timeouts = 0;
  constructor(
    private readonly clock: FakeClock,
    private readonly until: number,
  ) {}

  runExclusive<T>(fn: () => T, timeoutMs: number): T {
    const wait = Math.max(0, this.until - this.clock.now());
    if (wait > timeoutMs) {
      this.timeouts++;
      this.clock.advance(timeoutMs);
      throw new Error("Lock timeout: another process was holding the lock for too long.");
    }
    this.clock.advance(wait);
    return fn();
  }
}

function world() {
  const clock = new FakeClock();
  const store = new FakeCache(clock);
  const cache = new Interleaved(store);
  const options = { clock, buckets: 1, transientScopes: [INTENTS] };
  /** An execution that cannot have the lock: it writes without it. */
  const unlocked = (more: Partial<ResultCacheOptions> = {}) => {
    const mutex = new FakeMutex(clock);
    mutex.holdElsewhere();
    return new ResultCache({ cache, mutex, ...options, ...more });
  };
  /** An execution holding the lock. */
  const locked = (on: KeyValueCache = store) =>
    new ResultCache({ cache: on, mutex: new FakeMutex(), ...options });
  /**
   * What a writer that read the store now writes later: its put made on a copy of the store as it is now.
   * Returns the write, to land when the test says.
   */
  const staleWrite = (scope: string, results: EntityResult[]) => {
    const copy = new FakeCache(clock);
    const now = store.getAll(KEYS);
    if (Object.keys(now).length > 0) copy.putAll(now, 21_600);
    locked(copy).put(scope, results);
    const value = copy.getAll(KEYS);
    return () => store.putAll(value, 21_600);
  };
  const names = (scope = SCOPE) => {
    const read = locked().get(scope, ["id:0", "id:1", "id:2", "id:3"], ["name"]);
    return [...read.keys()].sort();
  };
  return { clock, store, cache, unlocked, locked, staleWrite, names };
}

describe("ResultCache: waiting for the lock", () => {
  it("waits until the write deadline for a lock held longer than lockTimeoutMs, and writes under it", () => {
    const { clock, cache } = world();
    const start = clock.now();
    const mutex = new HeldUntil(clock, start + 10_000);
    const results = new ResultCache({ cache, mutex, clock, writeDeadline: start + 25_000 });
    const report = results.put(SCOPE, [matched("id:1", "One")]);
    expect(report.locked).toBe(true);
    expect(mutex.timeouts).toBe(0);
    expect(clock.now() - start).toBe(10_000);
    // Under the lock: one read, one write.
    expect([cache.reads, cache.writes]).toEqual([1, 1]);
  });

  it("without a deadline waits lockTimeoutMs, and with one passed at least that", () => {
    for (const writeDeadline of [undefined, Date.UTC(2000, 0, 1)]) {
      const { clock, cache } = world();
      const start = clock.now();
      const mutex = new HeldUntil(clock, start + 10_000);
      const results = new ResultCache({
        cache,
        mutex,
        clock,
        ...(writeDeadline === undefined ? {} : { writeDeadline }),
      });
      expect(results.put(SCOPE, [matched("id:1", "One")]).locked).toBe(false);
      expect(clock.now() - start).toBe(3_000);
    }
  });

  it("forget waits until the write deadline too", () => {
    const { clock, cache, locked, names } = world();
    locked().put(SCOPE, [matched("id:1", "One")]);
    const start = clock.now();
    const mutex = new HeldUntil(clock, start + 10_000);
    new ResultCache({ cache, mutex, clock, buckets: 1, writeDeadline: start + 25_000 }).forget(SCOPE, [
      "id:1",
    ]);
    expect(mutex.timeouts).toBe(0);
    expect(names()).toEqual([]);
  });
});

describe("ResultCache: a write without the lock", () => {
  it("reads back once when nothing interleaves: one round", () => {
    const { cache, unlocked, names } = world();
    const report = unlocked().put(SCOPE, [matched("id:1", "One")]);
    expect(report).toEqual({ written: 1, dropped: 0, tooLarge: 0, locked: false, notKept: 0 });
    expect([cache.reads, cache.writes]).toEqual([2, 1]);
    expect(names()).toEqual(["id:1"]);
  });

  it("writes its answers again when a writer that read before it wrote after it", () => {
    const { cache, unlocked, locked, staleWrite, names } = world();
    locked().put(SCOPE, [matched("id:0", "Zero")]);
    // The lock holder read the bucket before our write and writes its own answer after it.
    cache.afterPut(1, staleWrite(SCOPE, [matched("id:2", "Two")]));
    const report = unlocked().put(SCOPE, [matched("id:1", "One")]);
    expect(names()).toEqual(["id:0", "id:1", "id:2"]);
    expect(report).toMatchObject({ locked: false, notKept: 0 });
    expect(cache.writes).toBe(2);
  });

  it("puts back another writer's answer it had read when a stale copy removed it", () => {
    const { cache, unlocked, locked, staleWrite, names } = world();
    // A writer that read the bucket while it was empty, and writes after id:0 and our write landed.
    const stale = staleWrite(SCOPE, [matched("id:2", "Two")]);
    locked().put(SCOPE, [matched("id:0", "Zero")]);
    cache.afterPut(1, stale);
    unlocked().put(SCOPE, [matched("id:1", "One")]);
    expect(names()).toEqual(["id:0", "id:1", "id:2"]);
  });

  it("stops after UNLOCKED_WRITE_ROUNDS rounds when every read back lacks its answers, and says so", () => {
    const { cache, unlocked, staleWrite } = world();
    const stale = staleWrite(SCOPE, [matched("id:2", "Two")]);
    for (let round = 1; round <= UNLOCKED_WRITE_ROUNDS; round++) cache.afterPut(round, stale);
    const report = unlocked().put(SCOPE, [matched("id:1", "One"), matched("id:3", "Three")]);
    expect(cache.writes).toBe(UNLOCKED_WRITE_ROUNDS);
    expect(report).toMatchObject({ locked: false, notKept: 2 });
  });

  it("forget removes its notes and keeps the answers a writer wrote meanwhile", () => {
    const { cache, unlocked, locked, staleWrite, names } = world();
    locked().put(INTENTS, [matched("id:1", "in flight")]);
    locked().put(SCOPE, [matched("id:0", "Zero")]);
    // The lock holder read the bucket (note included) before our forget and writes an answer after it.
    cache.afterPut(1, staleWrite(SCOPE, [matched("id:2", "Two")]));
    unlocked().forget(INTENTS, ["id:1"]);
    expect(names(INTENTS)).toEqual([]);
    expect(names()).toEqual(["id:0", "id:2"]);
  });
});
