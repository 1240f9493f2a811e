// Executions that start whenever a caller asks and run alongside each other in real time, each on its own
// thread: for a server whose requests overlap (the playground's Stop pressed while a run is going).
import type { LockTable } from "../fakes/lock-service.ts";
import { bellCount, waitForBellAsync } from "./thread-pool.ts";
import {
  type Answer,
  type Launch,
  POLL_MS,
  type Settled,
  ThreadRun,
  type ThreadRunOptions,
} from "./thread-run.ts";

interface LiveEntry {
  run: ThreadRun;
  /** Wall time the pending lock call started waiting for another execution's lock. */
  lockWaitSince: number | null;
  /** An answer held until the call has taken as long in real time as on the harness clock. */
  held: { answer: Answer; at: number } | null;
  resolve(settled: Settled): void;
}

/**
 * Serves each call as soon as it comes, in the order they come, and answers it once it has taken its harness
 * time in real time; a lock call waits (in real time) until the holder releases or its timeout passes.
 * Between looks the event loop runs, so new requests can start more.
 */
export class LiveRunner {
  readonly #running: LiveEntry[] = [];
  #pumping = false;

  constructor(private readonly options: ThreadRunOptions & { locks: LockTable }) {}

  /** Starts the execution on a thread now; resolves when it ends. */
  start(launch: Launch): Promise<Settled> {
    return new Promise((resolve) => {
      this.#running.push({
        run: new ThreadRun(0, launch, this.options),
        lockWaitSince: null,
        held: null,
        resolve,
      });
      if (!this.#pumping) void this.#pump();
    });
  }

  async #pump(): Promise<void> {
    this.#pumping = true;
    try {
      while (this.#running.length > 0) {
        const seen = bellCount();
        let served = false;
        for (const entry of [...this.#running]) served = this.#look(entry) || served;
        // Timers and requests get their turn between looks, even while threads are busy.
        await new Promise((resolve) => setImmediate(resolve));
        if (!served) await waitForBellAsync(seen, POLL_MS);
      }
    } finally {
      this.#pumping = false;
    }
  }

  /** Moves one execution on as far as it can now; true when something happened. */
  #look(entry: LiveEntry): boolean {
    const { run } = entry;
    const { exec } = run.launch;
    if (entry.held) {
      if (performance.now() < entry.held.at) return false;
      run.reply(entry.held.answer);
      entry.held = null;
      return true;
    }
    if (!run.pending) {
      const message = run.thread.poll();
      if (!message) {
        if (performance.now() - run.since > this.options.wallTimeoutMs) {
          exec.overBudget = true;
          this.#finish(entry, { value: undefined, missing: false, error: null, killed: true }, false);
          return true;
        }
        return false;
      }
      if (message.op === "done") {
        this.#finish(entry, ThreadRun.done(run, message), true);
        return true;
      }
      if (message.op === "set") {
        run.serve(message);
        return true;
      }
      if (message.op !== "call") return false;
      run.pending = message;
    }
    const wait = run.pendingLock();
    if (wait && this.options.locks.heldByOther(wait.lock, exec.id)) {
      entry.lockWaitSince ??= performance.now();
      if (performance.now() - entry.lockWaitSince < wait.timeoutMs) return false;
    }
    entry.lockWaitSince = null;
    const message = run.pending!;
    run.pending = null;
    const before = exec.cursor;
    const answer = run.answer(message);
    if (exec.overBudget) {
      this.#finish(entry, { value: undefined, missing: false, error: null, killed: true }, false);
      return true;
    }
    // A call takes as long in real time as it took on the harness clock (a fetch's latency, a sleep), so a
    // person sees a run take time and can press Stop while it goes.
    const took = exec.cursor - before;
    if (took > 0) entry.held = { answer, at: performance.now() + took };
    else run.reply(answer);
    return true;
  }

  #finish(entry: LiveEntry, settled: Settled, reuse: boolean): void {
    this.#running.splice(this.#running.indexOf(entry), 1);
    entry.run.end(reuse);
    entry.resolve(settled);
  }
}
