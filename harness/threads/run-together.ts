// Runs executions at the same time, each on its own thread, and decides by seed which call goes next.
import type { HarnessClock } from "../clock.ts";
import type { Execution } from "../execution.ts";
import { type LockTable, lockWait } from "../fakes/lock-service.ts";
import {
  acquireThread,
  bellCount,
  type ExecutionThread,
  releaseThread,
  type ThreadMessage,
  waitForBell,
} from "./thread-pool.ts";
import { Wire } from "./wire.ts";

/** One execution ready to start: its services, arguments and the seed of its Math.random. */
export interface Launch {
  exec: Execution;
  functionName: string;
  globals: Record<string, unknown>;
  args: unknown[];
  seed: number;
}

/** How a threaded execution ended. `killed`: over its budget, or stopped by the wall-time guard. */
export interface Settled {
  value: unknown;
  missing: boolean;
  error: { name: string; message: string } | null;
  killed: boolean;
}

export interface TogetherOptions {
  bundle: { path: string; source: string };
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

interface Running {
  index: number;
  launch: Launch;
  thread: ExecutionThread;
  wire: Wire;
  pending: Extract<ThreadMessage, { op: "call" }> | null;
  /** Wall time when the thread last got control, for the guard against loops without service calls. */
  since: number;
}

// How long the harness sleeps between looks at threads that compute without calling a service.
const POLL_MS = 50;

/**
 * Discrete-event scheduling: threads compute in parallel between service calls; once every running thread
 * waits at a call, the call due first on the harness clock is served (a tie goes to the seeded draw), so one
 * seed always gives one interleaving. A lock call waiting on another execution's lock is due only when its
 * timeout ends, and is served earlier only if the holder releases first.
 */
export function runTogether(count: number, options: TogetherOptions): void {
  const running: Running[] = [];
  let next = 0;
  let freedAt = options.clock.base;

  const start = (at: number) => {
    const index = next++;
    const launch = options.launch(index, at);
    const thread = acquireThread();
    const wire = new Wire();
    const entry: Running = { index, launch, thread, wire, pending: null, since: performance.now() };
    launch.exec.runTemplate = (program, data) => evaluateTemplate(entry, program, data);
    const source = thread.compiled.has(options.bundle.path) ? undefined : options.bundle.source;
    thread.compiled.add(options.bundle.path);
    thread.send({
      op: "start",
      path: options.bundle.path,
      source,
      functionName: launch.functionName,
      globals: wire.out(launch.globals),
      args: wire.out(launch.args),
      now: launch.exec.cursor,
      seed: launch.seed,
    });
    running.push(entry);
  };

  const finish = (entry: Running, settled: Settled, reuse: boolean) => {
    running.splice(running.indexOf(entry), 1);
    entry.launch.exec.runTemplate = null;
    if (reuse) releaseThread(entry.thread);
    else entry.thread.kill();
    freedAt = Math.max(freedAt, entry.launch.exec.cursor);
    options.settle(entry.index, entry.launch, settled);
  };

  const killed = (entry: Running) =>
    finish(entry, { value: undefined, missing: false, error: null, killed: true }, false);

  // Serves one call or property write in the harness, on the execution's clock, and answers the thread.
  const serve = (entry: Running, message: Extract<ThreadMessage, { op: "call" | "set" }>) => {
    const { exec } = entry.launch;
    const target = entry.wire.object(message.target) as Record<string, unknown>;
    let answer: { value?: unknown; error?: { name: string; message: string } };
    options.clock.within(exec, () => {
      try {
        if (message.op === "set") {
          target[message.key] = entry.wire.in(message.value);
          answer = {};
        } else {
          const method = target[message.method];
          if (typeof method !== "function") throw exec.realm.error(`${message.method} is not a function`);
          answer = { value: entry.wire.out(method.apply(target, entry.wire.in(message.args) as unknown[])) };
        }
      } catch (error) {
        const e = error as { name?: unknown; message?: unknown };
        answer = { error: { name: String(e?.name ?? "Error"), message: String(e?.message ?? error) } };
      }
    });
    entry.thread.send({ op: "reply", now: exec.cursor, ...answer! });
    entry.since = performance.now();
  };

  // A template evaluated during a call: the thread runs it and may call services from its scriptlets.
  const evaluateTemplate = (entry: Running, program: string, data: Record<string, unknown>): string => {
    const { exec } = entry.launch;
    entry.thread.send({ op: "eval", program, data: entry.wire.out(data), now: exec.cursor });
    const started = performance.now();
    for (;;) {
      const seen = bellCount();
      const message = entry.thread.poll();
      if (!message) {
        // A template that loops without calling a service meets the same wall-time guard as the bundle.
        if (performance.now() - started > options.wallTimeoutMs) {
          exec.overBudget = true;
          throw exec.realm.error(exec.timeLimitMessage);
        }
        waitForBell(seen, POLL_MS);
        continue;
      }
      if (message.op === "evalDone") {
        if (message.error) {
          const error = exec.realm.error(message.error.message);
          error.name = message.error.name;
          throw error;
        }
        return message.value ?? "";
      }
      if (message.op === "call" || message.op === "set") serve(entry, message);
      else throw new Error("The execution ended inside a template evaluation.");
    }
  };

  const dueAt = (entry: Running): number => {
    const message = entry.pending!;
    const { exec } = entry.launch;
    const wait = lockWait(entry.wire.object(message.target), message.method, message.args);
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
      if (message.op === "done") {
        const settled: Settled = {
          value: entry.wire.in(message.value),
          missing: message.missing === true,
          error: message.error ?? null,
          killed: false,
        };
        finish(entry, settled, true);
      } else if (message.op === "set") serve(entry, message);
      else if (message.op === "call") entry.pending = message;
    }
    if (running.length === 0 || running.some((entry) => !entry.pending)) {
      if (running.length > 0) waitForBell(seen, POLL_MS);
      continue;
    }
    let best: Running[] = [];
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
    serve(chosen, message);
    // Apps Script kills an execution past its budget, with whatever it had in flight.
    if (chosen.launch.exec.overBudget) killed(chosen);
  }
}
