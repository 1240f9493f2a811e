// The build's two parts: custom functions run from the eagerly compiled formula part without evaluating the
// add-on; every other entry evaluates the add-on's source once per execution, named Addon.js in stack traces.
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import {
  ADDON_URL,
  encodeComment,
  FORMULAS_NAME,
  lazyAddon,
  lazyFormulaApi,
  wrapModule,
} from "../../../scripts/build.ts";
import { readEntryPoints, renderStubs } from "../../../scripts/lib/entry-points.ts";

const MAP = JSON.stringify({ version: 3, sources: ["a.ts"], mappings: "AAAA" });
const MAIN = `/**
 * Doubles.
 * @customfunction
 */
export function DOUBLE(x: number): number {}

/** Menu: opens. */
export function onOpen(e?: unknown): void {}

export function fail(): void {}
`;

/** A Code.js as the build lays it out, from two small modules standing in for esbuild's output. */
function codeJs(): string {
  const formulas = wrapModule("function d(x){return 2*x}export{d as DOUBLE};", MAP, FORMULAS_NAME).bundle;
  const addon = wrapModule(
    "var opened=0;function o(){return++opened}function f(){throw new Error('boom')}function d(x){return 2*x}export{d as DOUBLE,o as onOpen,f as fail};",
    MAP,
    null,
  ).bundle;
  return `${formulas}\n${lazyAddon(addon)}\n${renderStubs(readEntryPoints(MAIN), FORMULAS_NAME, "Lib")}`;
}

/** A fresh execution: the bundle run in a new context whose eval counts what it evaluates. */
function execution(code: string) {
  const context = vm.createContext({});
  const evaluated: string[] = [];
  const realEval = vm.runInContext("eval", context) as (source: string) => unknown;
  context.eval = (source: string) => {
    evaluated.push(source);
    return realEval(source);
  };
  vm.runInContext(code, context);
  return { run: (call: string) => vm.runInContext(call, context), evaluated };
}

describe("the two-part Code.js", () => {
  it("answers a custom function from the formula part, evaluating nothing", () => {
    const { run, evaluated } = execution(codeJs());
    expect(run("DOUBLE(21)")).toBe(42);
    expect(evaluated).toEqual([]);
  });

  it("evaluates the add-on once per execution however many calls it serves, and afresh in the next", () => {
    const code = codeJs();
    const first = execution(code);
    expect([first.run("onOpen()"), first.run("onOpen()"), first.run("onOpen()")]).toEqual([1, 2, 3]);
    expect(first.evaluated).toHaveLength(1);
    expect(first.evaluated[0]!.endsWith(`\n//# sourceURL=${ADDON_URL}`)).toBe(true);
    const second = execution(code);
    expect(second.run("onOpen()")).toBe(1);
    expect(second.evaluated).toHaveLength(1);
  });

  it("names the add-on's frames Addon.js, so a stack trace reads against dist-meta/Addon.js.map", () => {
    const { run } = execution(codeJs());
    const stack = run("(() => { try { fail(); } catch (e) { return e.stack; } })()") as string;
    expect(stack.split("\n")[1]).toMatch(/^ {4}at f \(Addon\.js:2:\d+\)$/);
  });

  it("keeps the add-on strict and its locals out of the global scope", () => {
    const { run } = execution(codeJs());
    run("onOpen()");
    expect(run("typeof opened")).toBe("undefined");
    expect(run("Object.isFrozen(Lib())")).toBe(true);
  });
});

describe("the add-on's comment", () => {
  it("holds any source, comment ends and at-signs included, and gives it back exactly", () => {
    const source = `"use strict";(()=>{\nvar r=/\\*\\//,s="*/ @ @@ *@/ /* a@b",t=1*/x/;return Object.freeze({s,r})})()`;
    expect(encodeComment(source)).toBe(
      `"use strict";(()=>{\nvar r=/\\*\\//,s="*@/ @@ @@@@ *@@/ /* a@@b",t=1*@/x/;return Object.freeze({s,r})})()`,
    );
    const code = lazyAddon(source);
    // The comment ends where the build ends it, not inside the source.
    expect(code.indexOf("*/")).toBe(code.indexOf("*/};\nlet addon=null;"));
    const { run, evaluated } = execution(code);
    expect(run("Lib().s")).toBe("*/ @ @@ *@/ /* a@b");
    expect(evaluated).toEqual([`${source}\n//# sourceURL=Addon.js`]);
  });
});

describe("the formula part's API part (scripts/lib/lazy-api.ts)", () => {
  it("is evaluated on the first FormulaApi() of an execution only, named FormulaApi.js in stack traces", () => {
    const api = wrapModule(
      "var n=0;function f(){throw new Error('boom')}export{n as count,f as fail};",
      MAP,
      null,
    );
    const { run, evaluated } = execution(lazyFormulaApi(api.bundle));
    expect(evaluated).toEqual([]);
    expect(run("FormulaApi() === FormulaApi() && FormulaApi().count")).toBe(0);
    expect(evaluated).toEqual([`${api.bundle}\n//# sourceURL=FormulaApi.js`]);
    const stack = run("(() => { try { FormulaApi().fail(); } catch (e) { return e.stack; } })()") as string;
    expect(stack.split("\n")[1]).toMatch(/^ {4}at Object\.f \[as fail\] \(FormulaApi\.js:2:\d+\)$/);
  });
});
