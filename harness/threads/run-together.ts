// Runs executions at the same time, each on its own thread, and decides by seed which call goes next.
import type { HarnessClock } from "../clock.ts";
import type { LockTable } from "../fakes/lock-service.ts";
import { bellCount, waitForBell } from "./thread-pool.ts";
import { type Launch, POLL_MS, type Settled, ThreadRun } from "./thread-run.ts";

export type { Launch, Settled } from "./thread-run.ts";

export interface TogetherOptions {
  bundle: { path: string; source: string; codeCache(): Uint8Array };
  clock: HarnessClock;
  locks: LockTable;
  /** The scheduler's seeded source: it breaks ties between calls due at the same harness time. */
  random: () => number;
  wallTimeoutMs: number;
  /** How many run at once; the next starts when one ends, at that one's end time. */
  window: number;
  /** Builds launch `index`, starting at harness time `at`. */
  launch(index: number, at: number): Launch;
  /** Called as soon as launch `index` ends, before any other call is served. */
  settle(index: number, launch: Launch, settled: Settled): void;
}

/**
 * Discrete-event scheduling: threads compute in parallel between service calls; once every running thread
 * waits at a call, the call due first on the harness clock is served (a tie goes to the seeded draw), so one
 * seed always gives one interleaving. A lock call waiting on another execution's lock is due only when its
 * timeout ends, and is served earlier only if the holder releases first.
 */
export function runTogether(count: number, options: TogetherOptions): void {
  const running: ThreadRun[] = [];
  let next = 0;
  let freedAt = options.clock.base;

  const start = (at: number) => {
    const index = next++;
    running.push(new ThreadRun(index, options.launch(index, at), options));
  };

  const finish = (entry: ThreadRun, settled: Settled, reuse: boolean) => {
    running.splice(running.indexOf(entry), 1);
    entry.end(reuse);
    freedAt = Math.max(freedAt, entry.launch.exec.cursor);
    options.settle(entry.index, entry.launch, settled);
  };

  const killed = (entry: ThreadRun) =>
    finish(entry, { value: undefined, missing: false, error: null, killed: true }, false);

  const dueAt = (entry: ThreadRun): number => {
    const { exec } = entry.launch;
    const wait = entry.pendingLock();
    if (wait && options.locks.heldByOther(wait.lock, exec.id)) return exec.cursor + wait.timeoutMs;
    return exec.cursor;
  };

  while (next < count || running.length > 0) {
    while (next < count && running.length < options.window) start(Math.max(options.clock.base, freedAt));
    const seen = bellCount();
    for (const entry of [...running]) {
      if (entry.pending) continue;
      const message = entry.thread.poll();
      if (!message) {
        if (performance.now() - entry.since > options.wallTimeoutMs) {
          entry.launch.exec.overBudget = true;
          killed(entry);
        }
        continue;
      }
      if (message.op === "done") finish(entry, ThreadRun.done(entry, message), true);
      else if (message.op === "set") entry.serve(message);
      else if (message.op === "call") entry.pending = message;
    }
    if (running.length === 0 || running.some((entry) => !entry.pending)) {
      if (running.length > 0) waitForBell(seen, POLL_MS);
      continue;
    }
    let best: ThreadRun[] = [];
    let bestAt = Number.POSITIVE_INFINITY;
    for (const entry of running) {
      const at = dueAt(entry);
      if (at < bestAt) {
        best = [entry];
        bestAt = at;
      } else if (at === bestAt) best.push(entry);
    }
    const chosen = best.length === 1 ? best[0]! : best[Math.floor(options.random() * best.length)]!;
    const message = chosen.pending!;
    chosen.pending = null;
    chosen.serve(message);
    // Apps Script kills an execution past its budget, with whatever it had in flight.
    if (chosen.launch.exec.overBudget) killed(chosen);
  }
}
