// Bundle functions inside HyperFormula formulas (=SUM(ORG_ATTR(…))), each call run through the harness.
import {
  CellError,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  HyperFormula,
  type ImplementedFunctions,
} from "hyperformula";
import { type CellValue, GAS } from "../../../harness/index.ts";
import { argumentFromEngine, type EngineValue } from "./engine-values.ts";

/** Runs one bundle function for the evaluation in progress; returns an engine value. */
export type BundleCall = (name: string, args: Array<CellValue | CellValue[][]>) => EngineValue;

export const ENGINE_LANGUAGE = "enGB";
// HyperFormula's grammar for function names; a bundle function named otherwise cannot appear in a formula.
const ENGINE_NAME = /^[A-Z][A-Z0-9_.]*$/;

let active: BundleCall | null = null;
const registered = new Set<string>();

/** Runs `fn` with bundle calls going to `call` (evaluations are synchronous, so nesting restores the outer one). */
export function withBundleCalls<T>(call: BundleCall, fn: () => T): T {
  const outer = active;
  active = call;
  try {
    return fn();
  } finally {
    active = outer;
  }
}

/** The upper-case names the engine calls the bundle for: built-ins win, as they do in Sheets. */
export function engineNames(functionNames: readonly string[]): string[] {
  const builtIns = new Set(HyperFormula.getRegisteredFunctionNames(ENGINE_LANGUAGE));
  return [
    ...new Set(
      functionNames
        .filter((name) => !name.endsWith("_"))
        .map((name) => name.toUpperCase())
        .filter((name) => ENGINE_NAME.test(name) && (registered.has(name) || !builtIns.has(name))),
    ),
  ];
}

/**
 * Registers the names not registered yet. HyperFormula's registry is global and engines copy it when they
 * are built, so this runs before the engine is built; every registration dispatches through withBundleCalls.
 */
export function registerBundleFunctions(names: readonly string[]): void {
  const fresh = names.filter((name) => !registered.has(name));
  if (fresh.length === 0) return;
  const implemented: ImplementedFunctions = {};
  for (const name of fresh) {
    implemented[name] = {
      method: "callBundle",
      // Any number of arguments of any kind; ranges stay ranges and are never vectorised, as in Sheets.
      parameters: [{ argumentType: FunctionArgumentType.ANY, optionalArg: true }],
      repeatLastArgs: 1,
      vectorizationForbidden: true,
    };
  }
  class BundleFunctions extends FunctionPlugin {
    static override implementedFunctions = implemented;

    // HyperFormula exports no AST types; the plugin's own protected signatures name them.
    callBundle(
      ast: { procedureName: string; args: Parameters<BundleFunctions["evaluateAst"]>[0][] },
      state: Parameters<BundleFunctions["evaluateAst"]>[1],
    ) {
      const name = ast.procedureName;
      return this.runFunction(ast.args, state, this.metadata(name), (...args: unknown[]): EngineValue => {
        const values: Array<CellValue | CellValue[][]> = [];
        for (const arg of args) {
          const read = argumentFromEngine(arg);
          if ("error" in read) return read.error;
          values.push(read.value);
        }
        if (!active) return new CellError(ErrorType.NAME, GAS.unknownFunction(name));
        return active(name, values);
      });
    }
  }
  HyperFormula.registerFunctionPlugin(BundleFunctions, {
    [ENGINE_LANGUAGE]: Object.fromEntries(fresh.map((name) => [name, name])),
  });
  for (const name of fresh) registered.add(name);
}
