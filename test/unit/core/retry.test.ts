// Tests for the retry policy: backoff sequence, per-kind retry budgets and the deadline.
import { describe, expect, it } from "vitest";
import { DeadlineExceededError } from "../../../src/api/retry/deadline.ts";
import type { FailureKind, RetryEvent, RetryOptions } from "../../../src/api/retry/retry.ts";
import { backoffCeilingMs, runWithRetry } from "../../../src/api/retry/retry.ts";
import { FakeClock, ScriptedRandom } from "./fakes.ts";

class HttpFailure extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

class NoResponse extends Error {}

function classify(error: unknown): FailureKind {
  if (error instanceof NoResponse) return "connection";
  if (!(error instanceof HttpFailure)) return "fatal";
  if (error.status === 429) return "rate-limited";
  return error.status >= 500 ? "server" : "fatal";
}

/** Fails with the scripted statuses in order (0 = no response), then returns "ok"; counts attempts. */
class ScriptedAttempt {
  attempts = 0;
  readonly startedAt: number[] = [];

  constructor(
    private readonly clock: FakeClock,
    private readonly failures: readonly number[],
    private readonly durationMs = 0,
  ) {}

  readonly run = (): string => {
    this.startedAt.push(this.clock.now());
    const failure = this.failures[this.attempts++];
    this.clock.advance(this.durationMs);
    if (failure === undefined) return "ok";
    throw failure === 0 ? new NoResponse("connection refused") : new HttpFailure(failure);
  };
}

function options(clock: FakeClock, extra: Partial<RetryOptions> = {}): RetryOptions {
  return { clock, classify, deadline: clock.now() + 60_000, random: () => 0.5, ...extra };
}

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("runWithRetry", () => {
  it("returns the first successful attempt's value without waiting", () => {
    const clock = new FakeClock();
    const attempt = new ScriptedAttempt(clock, []);
    expect(runWithRetry(attempt.run, options(clock))).toBe("ok");
    expect(attempt.attempts).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("backs off exponentially from 500 ms, doubling, capped at 8 s, with full jitter", () => {
    const clock = new FakeClock();
    const attempt = new ScriptedAttempt(clock, [429, 429, 429, 429, 429, 429, 429]);
    expect(runWithRetry(attempt.run, options(clock, { random: () => 0.5 }))).toBe("ok");
    expect(clock.sleeps).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
    expect(attempt.attempts).toBe(8);
  });

  it("draws each wait uniformly below the ceiling", () => {
    const clock = new FakeClock();
    const attempt = new ScriptedAttempt(clock, [429, 429, 429, 429]);
    const delays: number[] = [];
    const random = new ScriptedRandom([0, 0.999, 0.25, 0.1]).next;
    runWithRetry(attempt.run, options(clock, { random, onRetry: (event) => delays.push(event.delayMs) }));
    expect(delays).toEqual([0, 999, 500, 400]);
    expect(clock.sleeps).toEqual([999, 500, 400]);
  });

  it("follows custom base, factor and cap", () => {
    const clock = new FakeClock();
    const attempt = new ScriptedAttempt(clock, [429, 429, 429, 429]);
    runWithRetry(
      attempt.run,
      options(clock, { random: () => 0.5, baseDelayMs: 100, factor: 3, maxDelayMs: 1000 }),
    );
    expect(clock.sleeps).toEqual([50, 150, 450, 500]);
  });

  it.each([
    [0, 500],
    [1, 1000],
    [3, 4000],
    [4, 8000],
    [10, 8000],
  ])("has a ceiling of %i retries → %i ms by default", (retry, ceiling) => {
    expect(backoffCeilingMs(retry, 500, 2, 8000)).toBe(ceiling);
  });

  it("retries a 5xx at most twice and then throws the server's error", () => {
    const clock = new FakeClock();
    const attempt = new ScriptedAttempt(clock, [503, 500, 502, 503]);
    const error = caught(() => runWithRetry(attempt.run, options(clock)));
    expect(error).toBeInstanceOf(HttpFailure);
    expect((error as HttpFailure).status).toBe(502);
    expect(attempt.attempts).toBe(3);
    expect(clock.sleeps).toEqual([250, 500]);
  });

  it("succeeds when a 5xx clears within two retries", () => {
    const clock = new FakeClock();
    const attempt = new ScriptedAttempt(clock, [500, 503]);
    expect(runWithRetry(attempt.run, options(clock))).toBe("ok");
    expect(attempt.attempts).toBe(3);
  });

  it("retries a lost connection at most twice", () => {
    const clock = new FakeClock();
    const attempt = new ScriptedAttempt(clock, [0, 0, 0]);
    const error = caught(() => runWithRetry(attempt.run, options(clock)));
    expect(error).toBeInstanceOf(NoResponse);
    expect(attempt.attempts).toBe(3);
  });

  it("counts server and connection retries separately from rate limiting", () => {
    const clock = new FakeClock();
    const attempt = new ScriptedAttempt(clock, [500, 429, 429, 0, 429, 503, 0, 429]);
    expect(runWithRetry(attempt.run, options(clock))).toBe("ok");
    expect(attempt.attempts).toBe(9);
  });

  it("rethrows a fatal error at once without waiting", () => {
    const clock = new FakeClock();
    const attempt = new ScriptedAttempt(clock, [401]);
    const error = caught(() => runWithRetry(attempt.run, options(clock)));
    expect((error as HttpFailure).status).toBe(401);
    expect(attempt.attempts).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("honours zero retry budgets", () => {
    const clock = new FakeClock();
    const attempt = new ScriptedAttempt(clock, [500]);
    const error = caught(() => runWithRetry(attempt.run, options(clock, { maxServerRetries: 0 })));
    expect((error as HttpFailure).status).toBe(500);
    expect(attempt.attempts).toBe(1);
  });

  it("throws DeadlineExceededError with the last error as cause instead of waiting past the deadline", () => {
    const clock = new FakeClock();
    const deadline = clock.now() + 3_000;
    const attempt = new ScriptedAttempt(clock, Array(50).fill(429));
    const error = caught(() => runWithRetry(attempt.run, options(clock, { deadline, random: () => 0.999 })));
    expect(error).toBeInstanceOf(DeadlineExceededError);
    const exceeded = error as DeadlineExceededError;
    expect(exceeded.cause).toBeInstanceOf(HttpFailure);
    expect(exceeded.message).toBe("Out of time after 3 attempts; the last one failed: HTTP 429");
    expect(exceeded.name).toBe("DeadlineExceededError");
    expect(clock.now()).toBeLessThanOrEqual(deadline);
  });

  it.each([
    [0.999, 1_000, 0],
    [0.999, 5_000, 2_000],
    [0.5, 29_000, 1_500],
    [0.3, 30_000, 700],
    [0.9, 15_500, 4_000],
    [0.05, 2_500, 100],
  ])(
    "never sleeps past or starts an attempt after the deadline (random %f, deadline +%i ms, attempts take %i ms)",
    (random, budget, duration) => {
      const clock = new FakeClock();
      const deadline = clock.now() + budget;
      const attempt = new ScriptedAttempt(clock, Array(200).fill(429), duration);
      expect(() => runWithRetry(attempt.run, options(clock, { deadline, random: () => random }))).toThrow(
        DeadlineExceededError,
      );
      expect(attempt.attempts).toBeGreaterThan(0);
      for (const start of attempt.startedAt) expect(start).toBeLessThan(deadline);
      for (const wake of clock.wakeTimes) expect(wake).toBeLessThan(deadline);
    },
  );

  it("does not start when the deadline has already passed", () => {
    const clock = new FakeClock();
    const attempt = new ScriptedAttempt(clock, []);
    const error = caught(() => runWithRetry(attempt.run, options(clock, { deadline: clock.now() })));
    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect((error as DeadlineExceededError).message).toBe("Out of time before the request could be sent.");
    expect((error as DeadlineExceededError).cause).toBeUndefined();
    expect(attempt.attempts).toBe(0);
  });

  it("passes a DeadlineExceededError from the attempt straight through, unclassified", () => {
    const clock = new FakeClock();
    const inner = new DeadlineExceededError("throttle says no");
    let classified = 0;
    const error = caught(() =>
      runWithRetry(
        () => {
          throw inner;
        },
        options(clock, {
          classify: () => {
            classified++;
            return "rate-limited";
          },
        }),
      ),
    );
    expect(error).toBe(inner);
    expect(classified).toBe(0);
  });

  it("reports each retry before its wait", () => {
    const clock = new FakeClock();
    const events: Omit<RetryEvent, "error">[] = [];
    const attempt = new ScriptedAttempt(clock, [429, 503]);
    runWithRetry(
      attempt.run,
      options(clock, { onRetry: ({ error: _error, ...event }) => events.push(event) }),
    );
    expect(events).toEqual([
      { attempt: 1, kind: "rate-limited", delayMs: 250 },
      { attempt: 2, kind: "server", delayMs: 500 },
    ]);
  });

  it.each([
    [{ deadline: Number.NaN }, "deadline must be a finite number; got NaN."],
    [{ baseDelayMs: -1 }, "baseDelayMs must be a number of 0 or more; got -1."],
    [{ factor: Number.POSITIVE_INFINITY }, "factor must be a number of 0 or more; got Infinity."],
    [{ maxDelayMs: -5 }, "maxDelayMs must be a number of 0 or more; got -5."],
    [{ maxServerRetries: 1.5 }, "maxServerRetries must be a whole number of 0 or more; got 1.5."],
    [{ maxConnectionRetries: -1 }, "maxConnectionRetries must be a whole number of 0 or more; got -1."],
  ])("rejects the malformed option %o", (bad, message) => {
    const clock = new FakeClock();
    expect(() => runWithRetry(() => "ok", options(clock, bad))).toThrow(new RangeError(message));
  });
});
