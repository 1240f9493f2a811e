// The retry policy around one request: 429 backoff with jitter, bounded 5xx/connection retries, a deadline.

import { requireFinite, requireNonNegative, requireNonNegativeInteger } from "./checks";
import type { Clock } from "./clock";
import { DeadlineExceededError } from "./deadline";

export type FailureKind = "rate-limited" | "server" | "connection" | "fatal";

export const DEFAULT_BASE_DELAY_MS = 500;
export const DEFAULT_BACKOFF_FACTOR = 2;
export const DEFAULT_MAX_DELAY_MS = 8_000;
export const DEFAULT_MAX_SERVER_RETRIES = 2;
export const DEFAULT_MAX_CONNECTION_RETRIES = 2;

export interface RetryEvent {
  /** 1 for the first attempt that failed. */
  attempt: number;
  kind: FailureKind;
  delayMs: number;
  error: unknown;
}

export interface RetryOptions {
  clock: Clock;
  /**
   * Absolute time in ms on `clock`. Required, because 429 is retried until it: no wait crosses it and
   * no attempt starts after it. Leave room for one request inside it (a custom function has 30 s).
   */
  deadline: number;
  /** Sorts a thrown error; "fatal" is rethrown at once. */
  classify(error: unknown): FailureKind;
  /** Uniform in [0, 1), for the jitter. Default: Math.random. */
  random?: () => number;
  /** Ceiling of the first wait. Default: 500 ms (DEFAULT_BASE_DELAY_MS). */
  baseDelayMs?: number;
  /** Growth of the ceiling per retry. Default: 2 (DEFAULT_BACKOFF_FACTOR). */
  factor?: number;
  /** Cap on the ceiling. Default: 8,000 ms (DEFAULT_MAX_DELAY_MS). */
  maxDelayMs?: number;
  /** Retries after 5xx responses. Default: 2 (DEFAULT_MAX_SERVER_RETRIES). */
  maxServerRetries?: number;
  /** Retries after a request that got no response. Default: 2 (DEFAULT_MAX_CONNECTION_RETRIES). */
  maxConnectionRetries?: number;
  /** Told about each retry before its wait, e.g. for logging. Default: none. */
  onRetry?: (event: RetryEvent) => void;
}

/**
 * Ceiling of the wait before retry number `retry` (0-based): base × factor^retry, capped. The wait
 * itself is uniform below it ("full jitter"), which spreads concurrent executions apart.
 */
export function backoffCeilingMs(
  retry: number,
  baseDelayMs: number,
  factor: number,
  maxDelayMs: number,
): number {
  return Math.min(maxDelayMs, baseDelayMs * factor ** retry);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs `attempt` until it returns, retrying per the policy above. Throws the attempt's own error when
 * it is fatal or its kind has used up its retries, and DeadlineExceededError (last error as `cause`)
 * when the next wait would cross the deadline. A DeadlineExceededError thrown by the attempt itself
 * (e.g. from the throttle) passes straight through.
 */
export function runWithRetry<T>(attempt: () => T, options: RetryOptions): T {
  const { clock, classify } = options;
  const deadline = requireFinite("deadline", options.deadline);
  const random = options.random ?? Math.random;
  const base = requireNonNegative("baseDelayMs", options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS);
  const factor = requireNonNegative("factor", options.factor ?? DEFAULT_BACKOFF_FACTOR);
  const cap = requireNonNegative("maxDelayMs", options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS);
  const maxServer = requireNonNegativeInteger(
    "maxServerRetries",
    options.maxServerRetries ?? DEFAULT_MAX_SERVER_RETRIES,
  );
  const maxConnection = requireNonNegativeInteger(
    "maxConnectionRetries",
    options.maxConnectionRetries ?? DEFAULT_MAX_CONNECTION_RETRIES,
  );

  if (clock.now() >= deadline) {
    throw new DeadlineExceededError("Out of time before the request could be sent.");
  }
  let retries = 0;
  let serverRetries = 0;
  let connectionRetries = 0;
  for (;;) {
    try {
      return attempt();
    } catch (error) {
      if (error instanceof DeadlineExceededError) throw error;
      const kind = classify(error);
      if (kind === "fatal") throw error;
      if (kind === "server" && serverRetries++ >= maxServer) throw error;
      if (kind === "connection" && connectionRetries++ >= maxConnection) throw error;
      const delayMs = Math.floor(random() * backoffCeilingMs(retries, base, factor, cap));
      const attempts = retries + 1;
      if (clock.now() + delayMs >= deadline) {
        throw new DeadlineExceededError(
          `Out of time after ${attempts} attempt${attempts === 1 ? "" : "s"}; the last one failed: ${describe(error)}`,
          error,
        );
      }
      options.onRetry?.({ attempt: attempts, kind, delayMs, error });
      if (delayMs > 0) clock.sleep(delayMs);
      retries++;
    }
  }
}
