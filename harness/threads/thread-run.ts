// One execution running on its own thread: starting it, serving its calls, and its templates' scriptlets.
import type { HarnessClock } from "../clock.ts";
import type { Execution } from "../execution.ts";
import { lockWait } from "../fakes/lock-service.ts";
import { mergeThreadTally, threadSwitch } from "../mutation-switch.ts";
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

export interface ThreadRunOptions {
  bundle: { path: string; source: string; codeCache(): Uint8Array };
  clock: HarnessClock;
  wallTimeoutMs: number;
}

/** What a served call gives back: its value, or the error it threw. */
export type Answer = { value?: unknown; error?: { name: string; message: string } };

export type CallMessage = Extract<ThreadMessage, { op: "call" }>;

// How long the harness sleeps between looks at threads that compute without calling a service.
export const POLL_MS = 50;

export class ThreadRun {
  readonly thread: ExecutionThread;
  readonly wire = new Wire();
  /** The service call the thread waits on, not yet served. */
  pending: CallMessage | null = null;
  /** Wall time when the thread last got control, for the guard against loops without service calls. */
  since = performance.now();

  constructor(
    readonly index: number,
    readonly launch: Launch,
    private readonly options: ThreadRunOptions,
  ) {
    this.thread = acquireThread();
    launch.exec.runTemplate = (program, data) => this.#evaluateTemplate(program, data);
    const { path, source } = options.bundle;
    const compiled = this.thread.compiled.get(path) === source;
    this.thread.compiled.set(path, source);
    this.thread.send({
      op: "start",
      path,
      source: compiled ? undefined : source,
      cachedData: compiled ? undefined : options.bundle.codeCache(),
      functionName: launch.functionName,
      globals: this.wire.out(launch.globals),
      args: this.wire.out(launch.args),
      now: launch.exec.cursor,
      seed: launch.seed,
      mutation: threadSwitch(),
    });
  }

  /** Frees the thread for the next execution, or stops it for good (a killed execution). */
  end(reuse: boolean): void {
    this.launch.exec.runTemplate = null;
    if (reuse) releaseThread(this.thread);
    else this.thread.kill();
  }

  /** The settled form of the thread's last message. */
  static done(run: ThreadRun, message: Extract<ThreadMessage, { op: "done" }>): Settled {
    mergeThreadTally(message.mutation);
    run.launch.exec.evaluated.push(...(message.evaluated ?? []));
    return {
      value: run.wire.in(message.value),
      missing: message.missing === true,
      error: message.error ?? null,
      killed: false,
    };
  }

  /** The lock the pending call waits for, when it is a tryLock or waitLock. */
  pendingLock(): { lock: string; timeoutMs: number } | null {
    const message = this.pending;
    if (!message) return null;
    return lockWait(this.wire.object(message.target), message.method, message.args);
  }

  /** Serves one call or property write in the harness, on the execution's clock, and answers the thread. */
  serve(message: Extract<ThreadMessage, { op: "call" | "set" }>): void {
    this.reply(this.answer(message));
  }

  /** Hands the thread the answer to its call. */
  reply(answer: Answer): void {
    this.thread.send({ op: "reply", now: this.launch.exec.cursor, ...answer });
    this.since = performance.now();
  }

  /** Serves one call or property write in the harness, on the execution's clock; the thread still waits. */
  answer(message: Extract<ThreadMessage, { op: "call" | "set" }>): Answer {
    const { exec } = this.launch;
    const target = this.wire.object(message.target) as Record<string, unknown>;
    let answer: Answer = {};
    this.options.clock.within(exec, () => {
      try {
        if (message.op === "set") {
          target[message.key] = this.wire.in(message.value);
        } else {
          const method = target[message.method];
          if (typeof method !== "function") throw exec.realm.error(`${message.method} is not a function`);
          answer = { value: this.wire.out(method.apply(target, this.wire.in(message.args) as unknown[])) };
        }
      } catch (error) {
        const e = error as { name?: unknown; message?: unknown };
        answer = { error: { name: String(e?.name ?? "Error"), message: String(e?.message ?? error) } };
      }
    });
    return answer;
  }

  // A template evaluated during a call: the thread runs it and may call services from its scriptlets.
  #evaluateTemplate(program: string, data: Record<string, unknown>): string {
    const { exec } = this.launch;
    this.thread.send({ op: "eval", program, data: this.wire.out(data), now: exec.cursor });
    const started = performance.now();
    for (;;) {
      const seen = bellCount();
      const message = this.thread.poll();
      if (!message) {
        // A template that loops without calling a service meets the same wall-time guard as the bundle.
        if (performance.now() - started > this.options.wallTimeoutMs) {
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
      if (message.op === "call" || message.op === "set") this.serve(message);
      else throw new Error("The execution ended inside a template evaluation.");
    }
  }
}
