// Worker threads for concurrent executions: kept idle between runs, each with a port and a wake flag.
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import { PRELUDE_SOURCE } from "../load-bundle.ts";
import type { ThreadTally } from "../mutation-switch.ts";
import { seededRandom } from "../random.ts";

const WORKER = fileURLToPath(new URL("./execution-worker.mjs", import.meta.url));

/** What a thread sends: a service call, a property set on a handle, a template's result, or its end. */
export type ThreadMessage =
  | { op: "call"; target: number; method: string; args: unknown[] }
  | { op: "set"; target: number; key: string; value: unknown }
  | { op: "evalDone"; value?: string; error?: { name: string; message: string } }
  | {
      op: "done";
      missing?: boolean;
      value?: unknown;
      error?: { name: string; message: string };
      /** What a mutation run's instrumented bundle counted in the thread. */
      mutation?: ThreadTally;
      /** The bundle's lazy parts the execution evaluated, by name. */
      evaluated?: string[];
    };

// Every thread rings one shared counter when it posts, so the harness sleeps until any of them speaks.
const bell = new Int32Array(new SharedArrayBuffer(4));
const idle: ExecutionThread[] = [];

export class ExecutionThread {
  readonly #worker: Worker;
  readonly #port: MessagePort;
  readonly #wake = new Int32Array(new SharedArrayBuffer(4));
  /** The bundle text this thread has compiled, by path (a path rebuilt with other text is compiled again). */
  readonly compiled = new Map<string, string>();

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    this.#worker = new Worker(WORKER, {
      workerData: {
        port: port2,
        wake: this.#wake.buffer,
        bell: bell.buffer,
        prelude: PRELUDE_SOURCE,
        seededRandom: seededRandom.toString(),
      },
      transferList: [port2],
      // The worker is plain JavaScript importing only Node's own modules: without the parent's flags it
      // does not load tsx's hooks (the runner's, inherited by default), which each new thread paid for.
      execArgv: [],
    });
    this.#worker.unref();
  }

  send(message: unknown): void {
    this.#port.postMessage(message);
    Atomics.store(this.#wake, 0, 1);
    Atomics.notify(this.#wake, 0);
  }

  poll(): ThreadMessage | null {
    return (receiveMessageOnPort(this.#port)?.message as ThreadMessage | undefined) ?? null;
  }

  /** Stops the thread wherever it is (an execution Apps Script kills); it is never reused. */
  kill(): void {
    void this.#worker.terminate();
    this.#port.close();
  }
}

export function acquireThread(): ExecutionThread {
  return idle.pop() ?? new ExecutionThread();
}

/** Hands a thread whose execution ended back for the next one. */
export function releaseThread(thread: ExecutionThread): void {
  idle.push(thread);
}

/** The bell's count now: pass it to waitForBell to sleep until any thread posts after this read. */
export function bellCount(): number {
  return Atomics.load(bell, 0);
}

export function waitForBell(seen: number, timeoutMs: number): void {
  Atomics.wait(bell, 0, seen, timeoutMs);
}

/** waitForBell without holding up the event loop: other requests are served meanwhile. */
export async function waitForBellAsync(seen: number, timeoutMs: number): Promise<void> {
  // Node 20 has Atomics.waitAsync; the ES2022 library types we compile against do not name it yet.
  const { waitAsync } = Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
      timeout: number,
    ): { async: boolean; value: unknown };
  };
  const wait = waitAsync(bell, 0, seen, timeoutMs);
  if (wait.async) await wait.value;
}
