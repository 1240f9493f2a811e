// The built bundle: its stubs match the export list, and it loads in a bare V8 context
// without any Node or browser global and without calling an Apps Script service.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { readEntryPoints } from "../../scripts/lib/entry-points.ts";

const root = join(import.meta.dirname, "../..");
const code = readFileSync(join(root, "dist/Code.js"), "utf8");
const mainSource = readFileSync(join(root, "src/main.ts"), "utf8");

/** A context whose every Apps Script service records any access, so loading can prove it touched none. */
function bareContext() {
  const touched: string[] = [];
  const services = [
    "SpreadsheetApp",
    "PropertiesService",
    "CacheService",
    "LockService",
    "UrlFetchApp",
    "ScriptApp",
    "HtmlService",
    "Utilities",
    "Session",
    "Logger",
    "DriveApp",
  ];
  const sandbox: Record<string, unknown> = {};
  for (const name of services) {
    sandbox[name] = new Proxy(
      {},
      {
        get: (_t, prop) => {
          touched.push(`${name}.${String(prop)}`);
          return () => undefined;
        },
      },
    );
  }
  return { context: vm.createContext(sandbox), touched };
}

describe("dist/Code.js", () => {
  it("has one top-level stub per export of src/main.ts, and no other", () => {
    const { context } = bareContext();
    vm.runInContext(code, context);
    const lib = vm.runInContext("Lib", context) as Record<string, unknown>;
    const exported = Object.keys(lib).sort();
    const stubs = [...code.matchAll(/^function ([A-Za-z_$][\w$]*)\(/gm)].map((m) => m[1]).sort();
    expect(stubs).toEqual(exported);
    expect(
      readEntryPoints(mainSource)
        .map((p) => p.name)
        .sort(),
    ).toEqual(exported);
    for (const name of exported) expect(vm.runInContext(`typeof ${name}`, context), name).toBe("function");
  });

  it("has each stub hand its arguments to the bundle's function of the same name and return its result", () => {
    const { context } = bareContext();
    vm.runInContext(code, context);
    const names = Object.keys(vm.runInContext("Lib", context) as object);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const calls: unknown[][] = [];
      // The bundle's exports are read-only: stand a recording Lib in for the whole global.
      context.Lib = {
        [name]: (...args: unknown[]) => {
          calls.push(args);
          return `result of ${name}`;
        },
      };
      expect(vm.runInContext(`${name}(1, "two")`, context), name).toBe(`result of ${name}`);
      expect(calls, name).toEqual([[1, "two"]]);
    }
  });

  it("gives each stub the real parameter names and the source JSDoc", () => {
    for (const point of readEntryPoints(mainSource)) {
      const stub = new RegExp(`^function ${point.name}\\(([^)]*)\\)`, "m").exec(code);
      expect(stub?.[1]).toBe(point.params.join(", "));
      if (point.jsdoc) expect(code).toContain(`${point.jsdoc}\nfunction ${point.name}(`);
    }
  });

  it("loads in a bare V8 context without Node or browser globals and calls no service", () => {
    const { context, touched } = bareContext();
    for (const missing of [
      "URL",
      "URLSearchParams",
      "setTimeout",
      "fetch",
      "TextEncoder",
      "atob",
      "btoa",
      "crypto",
      "require",
      "process",
      "Buffer",
    ]) {
      expect(vm.runInContext(`typeof ${missing}`, context)).toBe("undefined");
    }
    vm.runInContext(code, context);
    expect(touched).toEqual([]);
  });

  it("declares V8 and only the least-privilege scopes in dist/appsscript.json", () => {
    const manifest = JSON.parse(readFileSync(join(root, "dist/appsscript.json"), "utf8"));
    expect(manifest.runtimeVersion).toBe("V8");
    expect(manifest.oauthScopes.sort()).toEqual([
      "https://www.googleapis.com/auth/script.container.ui",
      "https://www.googleapis.com/auth/script.external_request",
      "https://www.googleapis.com/auth/script.scriptapp",
      // A published add-on's clock trigger has no document: it opens the spreadsheets with work by id.
      "https://www.googleapis.com/auth/spreadsheets",
    ]);
  });
});
