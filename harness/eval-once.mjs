// An execution's `eval`: each source compiled once per bundle, run in the execution's own context.
import vm from "node:vm";

/**
 * The context's `eval`, compiling each source once per bundle. dist/Code.js evaluates its add-on part with
 * `(0, eval)(source)` on first use (scripts/build.ts): Apps Script's V8 allows code generation from strings,
 * and so does a vm context (`codeGeneration.strings` is true by default), so the real eval would work here.
 * But Apps Script compiles a project once per version, and the harness compiles the bundle once (load-bundle.ts);
 * re-parsing its ~400 KB add-on source in every execution's fresh context, and compiling each of its
 * functions again, would make every test that clicks or triggers pay what Apps Script does not. The result
 * is an indirect eval's: global code run in the execution's own context, its completion value returned; one
 * difference, a script's top-level `var` is global even in strict code (an eval keeps a strict one to itself),
 * does not touch the bundle, whose add-on source is one expression (test/e2e/bundle.test.ts pins it).
 * Plain JavaScript, so the execution threads (harness/threads/execution-worker.mjs) share it with the harness.
 */
export function evalOnce(context, scripts, evaluated = () => {}) {
  const indirectEval = vm.runInContext("eval", context);
  return (source) => {
    if (typeof source !== "string") return indirectEval(source);
    evaluated(sourceName(source));
    let script = scripts.get(source);
    if (!script) {
      try {
        script = new vm.Script(source);
      } catch {
        // The context's own eval throws the context's own SyntaxError, as Apps Script would.
        return indirectEval(source);
      }
      scripts.set(source, script);
    }
    return script.runInContext(context);
  };
}

/** A source's `//# sourceURL` name (the bundle names each part it evaluates), or "(unnamed)". */
export function sourceName(source) {
  return /\/\/# sourceURL=(\S+)\s*$/.exec(source)?.[1] ?? "(unnamed)";
}
