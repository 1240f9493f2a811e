// Types of harness/eval-once.mjs, which the execution threads load as plain JavaScript.
import type { Context, Script } from "node:vm";

/** The context's `eval`, compiling each source once into `scripts` (see eval-once.mjs). */
export function evalOnce(
  context: Context,
  scripts: Map<string, Script>,
  evaluated?: (name: string) => void,
): (source: unknown) => unknown;
export function sourceName(source: string): string;
