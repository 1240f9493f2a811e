// Compiles a bundle once and runs it in a fresh vm context per execution with only Apps Script globals.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import vm, { type Context } from "node:vm";
import { HarnessUsageError } from "./errors.ts";
import { evalOnce } from "./eval-once.mjs";
import { mutationGlobals } from "./mutation-switch.ts";
import { createRealm, type Intrinsics, type Realm } from "./realm.ts";

export interface Bundle {
  path: string;
  dir: string;
  /** The bundle's text, for execution threads that compile it themselves. */
  source: string;
  /** V8's code cache of the compiled bundle (with the functions compiled so far), so threads skip the parse. */
  codeCache(): Uint8Array;
  /** Top-level functions the bundle declares (custom functions, menu handlers, server functions). */
  functionNames: string[];
  newContext(globals: Record<string, unknown>, hooks: ContextHooks): BundleContext;
}

export interface ContextHooks {
  now: () => number;
  random: () => number;
  /** Told the name of each source the bundle evaluates (its lazy parts: Addon.js, FormulaApi.js). */
  evaluated?: (name: string) => void;
}

export interface BundleContext {
  context: Context;
  realm: Realm;
  /** Runs the bundle's top-level code (global statements run in every execution, in its AuthMode). */
  load(wallTimeoutMs: number): void;
  /** Finds a global function by name, or by a dotted path ("menu.refresh"), as menus and triggers may. */
  lookup(path: string): ((...args: unknown[]) => unknown) | null;
  call(fn: (...args: unknown[]) => unknown, args: unknown[], wallTimeoutMs: number): unknown;
}

// Runs first in every context. Date reads the execution's clock (new Date(), Date.now(), Date()), while
// instances stay real Dates of the context (instanceof Date holds); the returned intrinsics build values there.
export const PRELUDE_SOURCE = `(function (now, random) {
  "use strict";
  var RealDate = Date;
  function HarnessDate() {
    if (!new.target) return new RealDate(now()).toString();
    var args = Array.prototype.slice.call(arguments);
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  Object.defineProperty(HarnessDate, "name", { value: "Date" });
  Object.defineProperty(HarnessDate, "length", { value: 7 });
  HarnessDate.prototype = RealDate.prototype;
  HarnessDate.now = function () { return now(); };
  HarnessDate.parse = RealDate.parse;
  HarnessDate.UTC = RealDate.UTC;
  Object.defineProperty(RealDate.prototype, "constructor", { value: HarnessDate, writable: true, configurable: true });
  Object.defineProperty(globalThis, "Date", { value: HarnessDate, writable: true, configurable: true });
  Math.random = function () { return random(); };
  return { Array: Array, Object: Object, Error: Error, Date: RealDate };
})`;
const PRELUDE = new vm.Script(PRELUDE_SOURCE);

const CALL = new vm.Script(`globalThis["__harness_call__"]()`);
const TIMEOUT_CODE = "ERR_SCRIPT_EXECUTION_TIMEOUT";

export function isWallTimeout(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === TIMEOUT_CODE;
}

interface Compiled {
  source: string;
  script: vm.Script;
  functionNames: string[];
  cache: Uint8Array | null;
  /** Sources the bundle evaluated, compiled once each (see evalOnce). */
  evaluated: Map<string, vm.Script>;
}

export { evalOnce };

// Apps Script compiles a project once per version, not per execution or per spreadsheet: one compile per
// bundle text serves every harness in the process (each execution still gets a fresh context and top level).
const compiledByPath = new Map<string, Compiled>();

export function loadBundle(path: string): Bundle {
  const absolute = resolve(path);
  let source: string;
  try {
    source = readFileSync(absolute, "utf8");
  } catch {
    throw new HarnessUsageError(
      `Cannot read the bundle at ${absolute}: build it first (npx tsx scripts/build.ts).`,
    );
  }
  let compiled = compiledByPath.get(absolute);
  if (compiled?.source !== source) {
    let script: vm.Script;
    try {
      script = new vm.Script(source, { filename: absolute });
    } catch (error) {
      throw new HarnessUsageError(`The bundle at ${absolute} does not compile: ${String(error)}`);
    }
    compiled = {
      source,
      script,
      functionNames: declaredFunctions(script),
      cache: null,
      evaluated: new Map(),
    };
    compiledByPath.set(absolute, compiled);
  }
  const { script } = compiled;
  const entry = compiled;
  return {
    path: absolute,
    dir: dirname(absolute),
    source,
    // Made once, when the first thread needs it: by then the executions run here have compiled their code.
    codeCache: () => {
      entry.cache ??= script.createCachedData();
      return entry.cache;
    },
    functionNames: [...compiled.functionNames],
    newContext: (globals, hooks) => newContext(entry, globals, hooks),
  };
}

/** Function declarations are bound before any statement runs, so even a throwing top level reveals them. */
function declaredFunctions(script: vm.Script): string[] {
  const probe = vm.createContext({});
  try {
    script.runInContext(probe, { timeout: 5_000 });
  } catch {
    // Top-level code that needs services fails here; the declarations are already in place.
  }
  return Object.getOwnPropertyNames(probe).filter((name) => typeof probe[name] === "function");
}

function newContext(
  { script, evaluated }: Compiled,
  globals: Record<string, unknown>,
  hooks: ContextHooks,
): BundleContext {
  const context = vm.createContext({ ...globals, ...mutationGlobals() });
  context.eval = evalOnce(context, evaluated, hooks.evaluated);
  const install = PRELUDE.runInContext(context) as (now: () => number, random: () => number) => Intrinsics;
  const realm = createRealm(install(hooks.now, hooks.random));
  return {
    context,
    realm,
    load(wallTimeoutMs) {
      script.runInContext(context, { timeout: wallTimeoutMs });
    },
    lookup(path) {
      let target: unknown = context;
      for (const part of path.split(".")) {
        if (target === null || (typeof target !== "object" && typeof target !== "function")) return null;
        target = (target as Record<string, unknown>)[part];
      }
      return typeof target === "function" ? (target as (...args: unknown[]) => unknown) : null;
    },
    call(fn, args, wallTimeoutMs) {
      context.__harness_call__ = () => fn.apply(undefined, args);
      try {
        return CALL.runInContext(context, { timeout: wallTimeoutMs });
      } finally {
        delete context.__harness_call__;
      }
    },
  };
}
