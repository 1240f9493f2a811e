// The injected cross-execution lock (LockService in Apps Script), and telling its time-out from a failure.

export interface Mutex {
  /**
   * Runs `fn` while holding the lock and releases it afterwards, also when `fn` throws. Throws
   * (anything) without calling `fn` when the lock is not had within `timeoutMs`.
   */
  runExclusive<T>(fn: () => T, timeoutMs: number): T;
}

export type Exclusive<T> = { acquired: true; value: T } | { acquired: false };

/**
 * Like runExclusive, but a lock that cannot be had comes back as `{acquired: false}` so the caller can
 * fall back; an error thrown by `fn` itself still propagates.
 */
export function tryExclusive<T>(mutex: Mutex, fn: () => T, timeoutMs: number): Exclusive<T> {
  let ran = false;
  let value: T | undefined;
  try {
    mutex.runExclusive(() => {
      ran = true;
      value = fn();
    }, timeoutMs);
  } catch (error) {
    if (ran) throw error;
    return { acquired: false };
  }
  return { acquired: true, value: value as T };
}
