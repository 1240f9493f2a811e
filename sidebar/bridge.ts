// The typed bridge: server.<name>(...args) calls the top-level function of src/main.ts over google.script.run.
// Its types are the server's own exports, so a renamed or removed server function is a compile error here.
import type * as Server from "../src/main.ts";
import { googleScript, type ScriptRun } from "./lib/google-script";

type Exports = typeof Server;

/** Names google.script.run can call: top-level functions whose names do not end in "_" (private). */
type Callable = {
  [K in keyof Exports]: Exports[K] extends (...args: never[]) => unknown ? K : never;
}[keyof Exports] &
  string;
type Public = Exclude<Callable, `${string}_`>;

export type ServerApi = {
  [K in Public]: Exports[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};

export const NOT_CONNECTED_MESSAGE =
  "The sidebar is not connected to a spreadsheet. Open it from Extensions ▸ Enrichment for Sheets ▸ Open sidebar.";

/** The sentence a failure carries: the server's Error message, whatever shape it arrived in. */
export function failureMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
    return (error as { message: string }).message;
  }
  return String(error);
}

const settledListeners = new Set<(name: string) => void>();

/** Told the name of every server call once it has answered (or failed): the credits follow paid ones. */
export function onServerCallSettled(listener: (name: string) => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

/** The bridge over any google.script.run (the real one, the playground's, or a test's). */
export function createBridge(getRun: () => ScriptRun | undefined): ServerApi {
  const settled = (name: string) => {
    for (const listener of settledListeners) listener(name);
  };
  const call =
    (name: string) =>
    (...args: unknown[]): Promise<unknown> =>
      new Promise<unknown>((resolve, reject) => {
        const run = getRun();
        if (!run) {
          reject(new Error(NOT_CONNECTED_MESSAGE));
          return;
        }
        const runner = run
          .withSuccessHandler(resolve)
          .withFailureHandler((error) => reject(new Error(failureMessage(error)))) as unknown as Record<
          string,
          (...a: unknown[]) => void
        >;
        runner[name]!(...args);
      }).finally(() => settled(name));
  return new Proxy({} as ServerApi, {
    // "then" must stay undefined, or awaiting the bridge itself would call the server.
    get: (_target, name) => (typeof name === "string" && name !== "then" ? call(name) : undefined),
  });
}

export const server: ServerApi = createBridge(() => googleScript()?.run);
