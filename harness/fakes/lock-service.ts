// LockService: mutual exclusion between executions that overlap on the harness clock.
import { GAS } from "../errors.ts";
import type { Execution } from "../execution.ts";

// Each lock keeps the intervals it was held: an execution whose cursor falls before the end of a recorded
// holding waits for it on its own cursor. Between live threads the scheduler adds the rest: a call on a lock
// another running execution holds is served only once it is released, or when its timeout is due.

export interface LockHolding {
  lock: string;
  executionId: number;
  acquiredAt: number;
  /** Null while the running execution still holds it. */
  releasedAt: number | null;
}

export class LockTable {
  readonly #holdings: LockHolding[] = [];
  acquisitions = 0;
  timeouts = 0;

  holds(lock: string, executionId: number): boolean {
    return this.#holdings.some(
      (h) => h.lock === lock && h.executionId === executionId && h.releasedAt === null,
    );
  }

  /**
   * Acquires `lock` for `exec`, waiting on its cursor. It waits past every holding already recorded that ends
   * after its cursor — not into gaps between them — so no two holdings can ever overlap.
   */
  acquire(lock: string, exec: Execution, timeoutMs: number): boolean {
    if (this.holds(lock, exec.id)) return true;
    let blockedUntil = Number.NEGATIVE_INFINITY;
    for (const h of this.#holdings) {
      if (h.lock !== lock || h.executionId === exec.id) continue;
      const end = h.releasedAt ?? Number.POSITIVE_INFINITY;
      if (end > exec.cursor) blockedUntil = Math.max(blockedUntil, end);
    }
    if (blockedUntil !== Number.NEGATIVE_INFINITY) {
      const wait = blockedUntil - exec.cursor;
      if (wait > timeoutMs) {
        exec.spend(timeoutMs);
        this.timeouts++;
        return false;
      }
      exec.spend(wait);
    }
    this.#holdings.push({ lock, executionId: exec.id, acquiredAt: exec.cursor, releasedAt: null });
    this.acquisitions++;
    return true;
  }

  /** True while another execution holds `lock` and has not released it yet. */
  heldByOther(lock: string, executionId: number): boolean {
    return this.#holdings.some(
      (h) => h.lock === lock && h.executionId !== executionId && h.releasedAt === null,
    );
  }

  release(lock: string, executionId: number, at: number): void {
    for (const h of this.#holdings) {
      if (h.lock === lock && h.executionId === executionId && h.releasedAt === null) h.releasedAt = at;
    }
  }

  /** Apps Script releases whatever an execution still holds when it ends. */
  releaseAll(executionId: number, at: number): void {
    for (const h of this.#holdings)
      if (h.executionId === executionId && h.releasedAt === null) h.releasedAt = at;
  }

  /** Forgets holdings that ended before `time` (no future execution can start earlier). */
  prune(time: number): void {
    for (let i = this.#holdings.length - 1; i >= 0; i--) {
      const end = this.#holdings[i]!.releasedAt;
      if (end !== null && end < time) this.#holdings.splice(i, 1);
    }
  }

  holdings(lock?: string): LockHolding[] {
    return this.#holdings.filter((h) => lock === undefined || h.lock === lock).map((h) => ({ ...h }));
  }
}

// The lock behind each Lock object, so a scheduler can tell which calls wait for which lock.
const lockNames = new WeakMap<object, string>();
const timeoutOf = (ms: unknown) => Math.max(0, Number(ms) || 0);

/** For a tryLock/waitLock call on a Lock object: the lock it waits for, and how long at most. */
export function lockWait(
  target: object,
  method: string,
  args: unknown[],
): { lock: string; timeoutMs: number } | null {
  const lock = lockNames.get(target);
  if (lock === undefined || (method !== "tryLock" && method !== "waitLock")) return null;
  return { lock, timeoutMs: timeoutOf(args[0]) };
}

export function createLockService(exec: Execution, table: LockTable) {
  const lockFor = (name: string) => {
    let mine = false;
    const lock = {
      tryLock(timeoutInMillis: unknown) {
        exec.call("Lock.tryLock");
        mine = table.acquire(name, exec, timeoutOf(timeoutInMillis));
        return mine;
      },
      waitLock(timeoutInMillis: unknown) {
        exec.call("Lock.waitLock");
        mine = table.acquire(name, exec, timeoutOf(timeoutInMillis));
        if (!mine) exec.fail(GAS.lockTimeout);
      },
      releaseLock() {
        exec.call("Lock.releaseLock");
        if (mine) table.release(name, exec.id, exec.cursor);
        mine = false;
      },
      hasLock() {
        exec.call("Lock.hasLock");
        return mine && table.holds(name, exec.id);
      },
    };
    lockNames.set(lock, name);
    return lock;
  };
  return {
    getScriptLock() {
      exec.call("LockService.getScriptLock");
      return lockFor("script");
    },
    getUserLock() {
      exec.call("LockService.getUserLock");
      return lockFor(`user:${exec.init.storeUser}`);
    },
    getDocumentLock() {
      exec.call("LockService.getDocumentLock");
      // Null without a containing document: https://developers.google.com/apps-script/reference/lock/lock-service
      const id = exec.init.documentId;
      return id === null ? null : lockFor(`document:${id}`);
    },
  };
}
