// Holds all concurrent executions of one user under N requests per sliding window, via cache and lock.

import { requireNonNegative, requirePositiveInteger } from "../../api/retry/checks";
import type { Clock } from "../../api/retry/clock";
import { sleepFor } from "../../api/retry/clock";
import { DeadlineExceededError } from "../../api/retry/deadline";
import { chunk } from "../organizations/batching";
import type { Mutex } from "./mutex";
import { tryExclusive } from "./mutex";

/** CacheService-shaped: any read may come back null (evicted or expired). */
export interface SharedStore {
  get(key: string): string | null;
  put(key: string, value: string, ttlSeconds: number): void;
}

export const DEFAULT_REQUESTS_PER_WINDOW = 10;
export const DEFAULT_WINDOW_MS = 1_000;
export const DEFAULT_THROTTLE_KEY = "throttle";
export const DEFAULT_LOCK_TIMEOUT_MS = 2_000;

const FORMAT = "t1";
const MAX_CACHE_TTL_SECONDS = 21_600;

export type ThrottleFallback = "lock-timeout" | "store-error";

export interface ThrottleOptions {
  store: SharedStore;
  mutex: Mutex;
  clock: Clock;
  /** Requests allowed in any window. Default: 10 (DEFAULT_REQUESTS_PER_WINDOW). */
  limit?: number;
  /** Length of the sliding window. Default: 1,000 ms (DEFAULT_WINDOW_MS). */
  windowMs?: number;
  /**
   * Cache key of the shared reservations; give each API key its own when several keys share one
   * cache. Default: "throttle" (DEFAULT_THROTTLE_KEY).
   */
  key?: string;
  /** How long to wait for the lock. Default: 2,000 ms (DEFAULT_LOCK_TIMEOUT_MS). */
  lockTimeoutMs?: number;
  /** Told when coordination failed and the conservative full-window wait was used. Default: none. */
  onFallback?: (reason: ThrottleFallback, error?: unknown) => void;
}

export interface WaitOptions {
  /** Absolute ms on the clock: a slot at or after it is not reserved; DeadlineExceededError instead. */
  deadline?: number;
}

/**
 * Reservations are send times, kept sorted and appended in order (first come, first served): the
 * invariant is that reservation k+limit is at least one window after reservation k, so no window of
 * `windowMs` holds more than `limit`. Times older than one window cannot share a window with a new
 * one and are pruned. Stored as "t1|<first, base 36>|<gaps to the previous, base 36>,…".
 */
export function encodeReservations(times: readonly number[]): string {
  if (times.length === 0) return `${FORMAT}||`;
  const first = times[0] as number;
  const gaps = times.map((time, i) => (i === 0 ? 0 : time - (times[i - 1] as number)).toString(36));
  return `${FORMAT}|${first.toString(36)}|${gaps.join(",")}`;
}

function readBase36(text: string): number | null {
  if (!/^[0-9a-z]{1,11}$/.test(text)) return null;
  const value = Number.parseInt(text, 36);
  return Number.isSafeInteger(value) ? value : null;
}

/** Unreadable or foreign values read as no reservations, like a value the cache lost. */
export function decodeReservations(value: string | null): number[] {
  if (value === null) return [];
  const [format, firstText, gapsText, ...rest] = value.split("|");
  if (format !== FORMAT || firstText === undefined || gapsText === undefined || rest.length > 0) return [];
  const first = readBase36(firstText);
  if (first === null) return [];
  const times: number[] = [];
  let time = first;
  for (const gapText of gapsText.split(",")) {
    const gap = readBase36(gapText);
    if (gap === null) return [];
    time += gap;
    times.push(time);
  }
  return Number.isSafeInteger(time) ? times : [];
}

export class Throttle {
  readonly limit: number;
  readonly windowMs: number;
  private readonly store: SharedStore;
  private readonly mutex: Mutex;
  private readonly clock: Clock;
  private readonly key: string;
  private readonly lockTimeoutMs: number;
  private readonly onFallback: ((reason: ThrottleFallback, error?: unknown) => void) | undefined;

  constructor(options: ThrottleOptions) {
    this.store = options.store;
    this.mutex = options.mutex;
    this.clock = options.clock;
    this.limit = requirePositiveInteger("limit", options.limit ?? DEFAULT_REQUESTS_PER_WINDOW);
    this.windowMs = requirePositiveInteger("windowMs", options.windowMs ?? DEFAULT_WINDOW_MS);
    this.key = options.key ?? DEFAULT_THROTTLE_KEY;
    this.lockTimeoutMs = requireNonNegative(
      "lockTimeoutMs",
      options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
    );
    this.onFallback = options.onFallback;
  }

  /**
   * Reserves `count` (1..limit) slots at one send time and returns that time (absolute ms) without
   * waiting. When the lock or the store fails, nothing is recorded and the answer is one full window
   * from now: that cannot exceed the limit on this execution's own account, and errs towards slow.
   */
  reserve(count: number, options: WaitOptions = {}): number {
    requirePositiveInteger("count", count);
    if (count > this.limit) {
      throw new RangeError(
        `count must be at most the limit of ${this.limit} requests per window; got ${count}. ` +
          `Send larger batches with runInWaves.`,
      );
    }
    const { deadline } = options;
    const outcome = tryExclusive(this.mutex, () => this.reserveLocked(count, deadline), this.lockTimeoutMs);
    let sendAt: number;
    if (!outcome.acquired) {
      this.onFallback?.("lock-timeout");
      sendAt = this.clock.now() + this.windowMs;
    } else if (outcome.value.kind === "store-error") {
      this.onFallback?.("store-error", outcome.value.error);
      sendAt = this.clock.now() + this.windowMs;
    } else {
      sendAt = outcome.value.sendAt;
    }
    if (deadline !== undefined && sendAt >= deadline) {
      throw new DeadlineExceededError(
        `Out of time: the rate limit of ${this.limit} requests per ${this.windowMs} ms leaves no slot before the deadline.`,
      );
    }
    return sendAt;
  }

  /** Reserves like `reserve`, then sleeps until the slot; returns the milliseconds slept. */
  acquire(count: number, options: WaitOptions = {}): number {
    const sendAt = this.reserve(count, options);
    const waitMs = Math.max(0, sendAt - this.clock.now());
    sleepFor(this.clock, waitMs);
    return waitMs;
  }

  /**
   * Sends `items` in waves of at most `limit` (one fetchAll each) and returns the waves' results
   * concatenated in order. Every wave's slot is reserved before the first is sent, so a deadline that
   * the batch cannot meet throws before anything is sent, and no paid-for response is thrown away.
   */
  runInWaves<T, R>(items: readonly T[], sendWave: (wave: T[]) => R[], options: WaitOptions = {}): R[] {
    const waves = chunk(items, this.limit);
    const sendTimes = waves.map((wave) => this.reserve(wave.length, options));
    const results: R[] = [];
    waves.forEach((wave, i) => {
      sleepFor(this.clock, (sendTimes[i] as number) - this.clock.now());
      results.push(...sendWave(wave));
    });
    return results;
  }

  private reserveLocked(
    count: number,
    deadline: number | undefined,
  ): { kind: "reserved"; sendAt: number } | { kind: "store-error"; error: unknown } {
    const now = this.clock.now();
    let stored: string | null;
    try {
      stored = this.store.get(this.key);
    } catch (error) {
      return { kind: "store-error", error };
    }
    const times = decodeReservations(stored).filter((time) => time > now - this.windowMs);
    let sendAt = Math.max(now, times[times.length - 1] ?? now);
    const bound = times[times.length + count - this.limit - 1];
    if (bound !== undefined) sendAt = Math.max(sendAt, bound + this.windowMs);
    // A slot the caller cannot use is not recorded, so it does not hold back anyone else.
    if (deadline !== undefined && sendAt >= deadline) return { kind: "reserved", sendAt };
    for (let i = 0; i < count; i++) times.push(sendAt);
    const ttlSeconds = Math.min(
      MAX_CACHE_TTL_SECONDS,
      Math.max(1, Math.ceil((sendAt + this.windowMs - now) / 1000)),
    );
    try {
      this.store.put(this.key, encodeReservations(times), ttlSeconds);
    } catch (error) {
      return { kind: "store-error", error };
    }
    return { kind: "reserved", sendAt };
  }
}
