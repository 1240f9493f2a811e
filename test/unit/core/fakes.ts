// Stateful fakes of the core's injected platform that enforce Apps Script's limits and count calls.
import type { Clock } from "../../../src/api/retry/clock.ts";
import type { KeyValueCache } from "../../../src/core/caches/result-cache.ts";
import type { Mutex } from "../../../src/core/spending/mutex.ts";
import type { StringStore } from "../../../src/core/spending/spend-guard.ts";
import type { SharedStore } from "../../../src/core/spending/throttle.ts";
import { utf8ByteLength } from "../../../src/core/text/utf8.ts";

export const START_MS = Date.UTC(2025, 0, 15, 12, 0, 0);

/** Time moves only when slept through or advanced; every sleep is recorded. */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  /** The time each sleep ended. */
  readonly wakeTimes: number[] = [];

  constructor(private current: number = START_MS) {}

  now(): number {
    return this.current;
  }

  sleep(ms: number): void {
    if (!(ms >= 0)) throw new Error(`sleep(${ms}): Utilities.sleep takes 0 or more milliseconds.`);
    this.sleeps.push(ms);
    this.current += ms;
    this.wakeTimes.push(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  get slept(): number {
    return this.sleeps.reduce((total, ms) => total + ms, 0);
  }
}

/** Plays back the given values in a loop. */
export class ScriptedRandom {
  private index = 0;

  constructor(private readonly values: readonly number[]) {}

  readonly next = (): number => {
    const value = this.values[this.index % this.values.length] as number;
    this.index++;
    return value;
  };
}

interface CacheItem {
  value: string;
  expiresAt: number;
}

export const CACHE_MAX_ITEMS = 1_000;
export const CACHE_MAX_VALUE_BYTES = 100 * 1024;
export const CACHE_MAX_KEY_LENGTH = 250;
export const CACHE_MAX_TTL_SECONDS = 21_600;

/**
 * CacheService as measured: keys ≤ 250 characters and values ≤ 100 KB or the call throws, TTL 1–21,600 s,
 * at most 1,000 items with FIFO eviction of about 10% at a time, expiry on the shared clock.
 * `loseOnNextRead` makes keys come back missing once, as a real read may.
 */
export class FakeCache implements SharedStore, KeyValueCache {
  private readonly items = new Map<string, CacheItem>();
  private readonly lostOnce = new Set<string>();
  reads = 0;
  writes = 0;
  /** The keys asked for by each read, in order. */
  readonly readKeys: string[][] = [];
  evictions = 0;
  largestValueBytes = 0;

  constructor(private readonly clock: Clock) {}

  get(key: string): string | null {
    return this.getAll([key])[key] ?? null;
  }

  put(key: string, value: string, ttlSeconds: number): void {
    this.putAll({ [key]: value }, ttlSeconds);
  }

  getAll(keys: string[]): Record<string, string> {
    this.reads++;
    this.readKeys.push([...keys]);
    const found: Record<string, string> = {};
    for (const key of keys) {
      this.checkKey(key);
      if (this.lostOnce.delete(key)) continue;
      const item = this.live(key);
      if (item) found[key] = item.value;
    }
    return found;
  }

  putAll(values: Record<string, string>, ttlSeconds: number): void {
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > CACHE_MAX_TTL_SECONDS) {
      throw new Error(`Invalid expiration: ${ttlSeconds} (1 to ${CACHE_MAX_TTL_SECONDS} seconds).`);
    }
    for (const [key, value] of Object.entries(values)) {
      this.checkKey(key);
      const bytes = utf8ByteLength(value);
      if (bytes > CACHE_MAX_VALUE_BYTES)
        throw new Error(`Argument too large: value of ${key} (${bytes} bytes).`);
    }
    this.writes++;
    const expiresAt = this.clock.now() + ttlSeconds * 1000;
    for (const [key, value] of Object.entries(values)) {
      this.items.delete(key);
      this.items.set(key, { value, expiresAt });
      this.largestValueBytes = Math.max(this.largestValueBytes, utf8ByteLength(value));
    }
    this.evictIfFull();
  }

  remove(key: string): void {
    this.items.delete(key);
  }

  loseOnNextRead(...keys: string[]): void {
    for (const key of keys) this.lostOnce.add(key);
  }

  /** Live items, as the service would count them. */
  get size(): number {
    return [...this.items.keys()].filter((key) => this.live(key) !== undefined).length;
  }

  keys(): string[] {
    return [...this.items.keys()].filter((key) => this.live(key) !== undefined);
  }

  peek(key: string): string | undefined {
    return this.live(key)?.value;
  }

  private live(key: string): CacheItem | undefined {
    const item = this.items.get(key);
    if (item && item.expiresAt <= this.clock.now()) {
      this.items.delete(key);
      return undefined;
    }
    return item;
  }

  private checkKey(key: string): void {
    if (key.length > CACHE_MAX_KEY_LENGTH)
      throw new Error(`Argument too large: key (${key.length} characters).`);
  }

  private evictIfFull(): void {
    if (this.size <= CACHE_MAX_ITEMS) return;
    const oldest = [...this.items.keys()].slice(0, CACHE_MAX_ITEMS / 10);
    for (const key of oldest) this.items.delete(key);
    this.evictions += oldest.length;
  }
}

/**
 * LockService in one process: `holdElsewhere()` plays another execution keeping the lock, so the next
 * acquisitions time out (after sleeping the timeout on the clock, as waitLock would).
 */
export class FakeMutex implements Mutex {
  acquisitions = 0;
  timeouts = 0;
  held = false;
  private heldElsewhere = false;

  constructor(private readonly clock?: FakeClock) {}

  holdElsewhere(held = true): void {
    this.heldElsewhere = held;
  }

  runExclusive<T>(fn: () => T, timeoutMs: number): T {
    if (this.heldElsewhere || this.held) {
      this.timeouts++;
      this.clock?.advance(timeoutMs);
      throw new Error("Lock timeout: another process was holding the lock for too long.");
    }
    this.held = true;
    this.acquisitions++;
    try {
      return fn();
    } finally {
      this.held = false;
    }
  }
}

/** PropertiesService-shaped store: 9 KB per value, as the real one. */
export class MemoryStringStore implements StringStore {
  readonly values = new Map<string, string>();
  writes = 0;

  get(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  put(key: string, value: string): void {
    if (utf8ByteLength(value) > 9 * 1024) throw new Error(`Argument too large: value of ${key}.`);
    this.writes++;
    this.values.set(key, value);
  }
}

/** A store whose every call fails, as CacheService does when the service itself is down. */
export class BrokenStore implements SharedStore {
  get(): string | null {
    throw new Error("Service error: Cache");
  }

  put(): void {
    throw new Error("Service error: Cache");
  }
}
