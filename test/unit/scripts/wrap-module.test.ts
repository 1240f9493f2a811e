// The build's wrap of esbuild's ESM output into the one global: plain read-only exports, strict mode,
// and a source map moved down by the wrapper's own line.
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { FORMULAS_NAME, wrapModule } from "../../../scripts/build.ts";

const MAP = JSON.stringify({ version: 3, sources: ["a.ts"], mappings: "AAAA,CAAC" });

describe("wrapModule", () => {
  it("returns each export under its exported name, frozen, with the module's code strict", () => {
    const esm = "var a=1;function b(){return this}function c(){return a}export{b as isStrict,c};\n";
    const { bundle } = wrapModule(esm, MAP, FORMULAS_NAME);
    const context = vm.createContext({});
    vm.runInContext(bundle, context);
    const lib = vm.runInContext("Formulas", context) as Record<string, () => unknown>;
    expect(Object.keys(lib)).toEqual(["isStrict", "c"]);
    expect(lib.isStrict!.call(undefined)).toBe(undefined);
    expect(lib.c!()).toBe(1);
    expect(Object.isFrozen(lib)).toBe(true);
  });

  it("moves the map's mappings down one line, for the wrapper's opening line", () => {
    const { bundle, map } = wrapModule("var a=1;export{a};", MAP, FORMULAS_NAME);
    expect(bundle.split("\n")[1]).toBe("var a=1;return Object.freeze({a:a})})();");
    expect(JSON.parse(map).mappings).toBe(";AAAA,CAAC");
  });

  it("without a global name, makes the module an expression whose value an eval returns", () => {
    const { bundle } = wrapModule("var a=1;function b(){return this}export{a,b};", MAP, null);
    expect(bundle).toBe(
      '"use strict";(()=>{\nvar a=1;function b(){return this}return Object.freeze({a:a,b:b})})()',
    );
    const lib = vm.runInContext(bundle, vm.createContext({})) as { a: number; b: () => unknown };
    expect(lib.a).toBe(1);
    expect(lib.b.call(undefined)).toBe(undefined);
  });

  it("refuses output that does not end with an export clause", () => {
    expect(() => wrapModule("var a=1;", MAP, null)).toThrow(
      "The bundle does not end with one export clause; cannot wrap it.",
    );
  });
});
