// The injected notion of time (Date.now and Utilities.sleep in Apps Script, a fake in tests).

/** Synchronous because Apps Script has no timers: waiting blocks the execution (Utilities.sleep). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): void;
}

/** Milliseconds left until `deadline` (absolute, on the clock); negative once it has passed. */
export function msUntil(clock: Clock, deadline: number): number {
  return deadline - clock.now();
}

/** Sleeps only for a positive duration: Utilities.sleep rejects negative values. */
export function sleepFor(clock: Clock, ms: number): void {
  if (ms > 0) clock.sleep(ms);
}
