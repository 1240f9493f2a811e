// Adapter over LockService: a Mutex that always releases in `finally`.
import type { Mutex } from "../core/mutex";

function mutex(lock: GoogleAppsScript.Lock.Lock): Mutex {
  return {
    runExclusive(fn, timeoutMs) {
      lock.waitLock(timeoutMs);
      try {
        return fn();
      } finally {
        lock.releaseLock();
      }
    },
  };
}

/** Guards the document's shared state (result cache, job queue); the user lock outside a document. */
export function documentMutex(): Mutex {
  return mutex(LockService.getDocumentLock() ?? LockService.getUserLock());
}

/** Guards per-user state (the request throttle). */
export function userMutex(): Mutex {
  return mutex(LockService.getUserLock());
}
