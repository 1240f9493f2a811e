// Adapter over LockService: a Mutex that always releases in `finally`, and never takes a lock twice.
import type { Mutex } from "../core/spending/mutex";
import { documentLock, userLock } from "./service-objects";

type LockKind = "document" | "user";

// Locks this execution holds now. Taking one again inside (a queue write inside a log append, say) runs at
// once: LockService would hand the lock over and the inner release would free it under the outer holder.
const held = new Set<LockKind>();

function mutex(lock: GoogleAppsScript.Lock.Lock, kind: LockKind): Mutex {
  return {
    runExclusive(fn, timeoutMs) {
      if (held.has(kind)) return fn();
      lock.waitLock(timeoutMs);
      held.add(kind);
      try {
        return fn();
      } finally {
        held.delete(kind);
        lock.releaseLock();
      }
    },
  };
}

/** Guards the document's shared state (result cache); the user lock outside a document. */
export function documentMutex(): Mutex {
  const document = documentLock();
  return document ? mutex(document, "document") : userMutex();
}

/** Guards per-user state (the request throttle). */
export function userMutex(): Mutex {
  return mutex(userLock(), "user");
}

/**
 * Guards a spreadsheet's background jobs. Their owner's executions step and spend for them, in the
 * sidebar (with a document) and in the clock trigger (a published add-on's has none, so no document lock):
 * the user lock is the one every one of those executions can take, so it is always taken. Where there is
 * a document, its lock is taken first as well, so other people's executions in the file (Stop, their own
 * jobs) wait too. Never the script lock: every user of a published add-on shares it.
 */
export function jobsMutex(): Mutex {
  const document = documentLock();
  const user = userMutex();
  if (!document) return user;
  const outer = mutex(document, "document");
  return {
    runExclusive: (fn, timeoutMs) => outer.runExclusive(() => user.runExclusive(fn, timeoutMs), timeoutMs),
  };
}
