// Loading dist/Code.js builds no schema: Apps Script loads the bundle for every formula cell, click and
// trigger, so what top-level code constructs is paid thousands of times. Counted, not timed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

const code = readFileSync(join(import.meta.dirname, "../../dist/Code.js"), "utf8");

/**
 * Every zod schema gets its internals through `Object.defineProperty(schema, "_zod", …)` when it is
 * constructed (zod/v4/core `$constructor`). The context's own `Object.defineProperty` is wrapped before
 * the bundle runs, so each construction is recorded with its type ("object", "string", "lazy", …).
 */
function countingContext() {
  const context = vm.createContext({});
  const built: string[] = [];
  context.__recordSchema = (type: string) => built.push(type);
  vm.runInContext(
    `(() => {
      const define = Object.defineProperty;
      Object.defineProperty = function (target, key, descriptor) {
        if (key === "_zod" && descriptor && descriptor.value && descriptor.value.def) {
          __recordSchema(String(descriptor.value.def.type));
        }
        return define.call(this, target, key, descriptor);
      };
    })();`,
    context,
  );
  return { context, built };
}

describe("cold start of dist/Code.js", () => {
  it("constructs no schema while loading: each is built on its first use", () => {
    const { context, built } = countingContext();
    vm.runInContext(code, context);
    // Not even a `z.lazy` wrapper: a hundred of them were a third of the top-level time.
    expect(built).toEqual([]);
  });

  it("constructs no schema either when a click or trigger evaluates the add-on part", () => {
    const { context, built } = countingContext();
    vm.runInContext(code, context);
    expect(Object.keys(vm.runInContext("Lib()", context) as object)).toContain("onOpen");
    expect(built).toEqual([]);
  });
});
