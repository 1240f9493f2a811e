// Helpers for the harness tests: a bare execution for one fake, and a harness around the fixture bundle.
import { fileURLToPath } from "node:url";
import { Execution, type ExecutionInit } from "../../../harness/execution.ts";
import { createClock, createHarness, type Harness, type HarnessOptions } from "../../../harness/index.ts";

// The fixture's `probe` and `PROBE` functions run a test's code inside a real execution.

export const FIXTURE = fileURLToPath(new URL("../../fixtures/harness/formulas.js", import.meta.url));
export const START = Date.UTC(2026, 0, 5, 9, 0, 0);

export function bareExecution(init: Partial<ExecutionInit> = {}): Execution {
  return new Execution({
    kind: "run",
    functionName: "test",
    authMode: "FULL",
    user: "user@example.com",
    activeUserEmail: "user@example.com",
    storeUser: "user@example.com",
    documentId: "doc-1",
    start: START,
    ...init,
  });
}

export function fixtureHarness(options: HarnessOptions = {}): Promise<Harness> {
  return createHarness({ bundlePath: FIXTURE, clock: createClock(START), ...options });
}

/** Runs `code` in a FULL execution of the fixture bundle and returns its value. */
export function probe(gas: Harness, code: string): unknown {
  return gas.run("probe", code);
}

/** What calling `fn` throws (its message), or a failure if it does not throw. */
export function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the call to throw");
}
