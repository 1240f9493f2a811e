// An execution's eval: global code in that execution's context, each source compiled once per bundle.
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { evalOnce } from "../../../harness/load-bundle.ts";

describe("evalOnce", () => {
  it("runs a source as global code in each context, from one compile", () => {
    const scripts = new Map<string, vm.Script>();
    const source =
      '"use strict";var local=1;globalThis.seen=(globalThis.seen||0)+1;({ seen: globalThis.seen })';
    const contexts = [vm.createContext({}), vm.createContext({})];
    for (const context of contexts) context.eval = evalOnce(context, scripts);
    expect(vm.runInContext(`(0, eval)(${JSON.stringify(source)}).seen`, contexts[0]!)).toBe(1);
    expect(vm.runInContext(`(0, eval)(${JSON.stringify(source)}).seen`, contexts[0]!)).toBe(2);
    expect(vm.runInContext(`(0, eval)(${JSON.stringify(source)}).seen`, contexts[1]!)).toBe(1);
    expect([...scripts.keys()]).toEqual([source]);
    // Run as a script, a top-level var becomes a global even in strict code, where a real indirect eval keeps
    // it: the one difference, harmless for dist/Code.js, whose add-on source declares nothing at its top level
    // (test/e2e/bundle.test.ts pins that).
    expect(vm.runInContext("typeof local", contexts[0]!)).toBe("number");
  });

  it("throws the context's own SyntaxError for a source that does not compile, and keeps nothing", () => {
    const scripts = new Map<string, vm.Script>();
    const context = vm.createContext({});
    context.eval = evalOnce(context, scripts);
    expect(
      vm.runInContext('try { (0, eval)("var = ;"); } catch (e) { e instanceof SyntaxError }', context),
    ).toBe(true);
    expect(scripts.size).toBe(0);
    expect(vm.runInContext("(0, eval)(42)", context)).toBe(42);
  });
});
