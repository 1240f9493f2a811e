// The built bundle: its stubs match the export list, and it loads in a bare V8 context
// without any Node or browser global and without calling an Apps Script service.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { isFormula, readEntryPoints } from "../../scripts/lib/entry-points.ts";
import { FORMULA_API_URL, SHARED_MEMBER } from "../../scripts/lib/lazy-api.ts";

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
  const context = vm.createContext(sandbox);
  // Counts what the bundle evaluates: the add-on part's source, once, on the first non-formula call.
  const evaluated: string[] = [];
  // Run as a script, as the harness's evalOnce runs it: a global it declared would stay visible below.
  context.eval = (source: string) => {
    evaluated.push(source);
    return vm.runInContext(source, context);
  };
  return { context, touched, evaluated };
}

describe("dist/Code.js", () => {
  it("has one top-level stub per export of src/main.ts, and no other", () => {
    const { context } = bareContext();
    vm.runInContext(code, context);
    const lib = vm.runInContext("Lib()", context) as Record<string, unknown>;
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

  it("holds the custom functions, and only them, in the formula part", () => {
    const { context } = bareContext();
    vm.runInContext(code, context);
    const formulas = Object.keys(vm.runInContext("Formulas", context) as object).sort();
    const tagged = readEntryPoints(mainSource).filter(isFormula);
    expect(formulas).toEqual(tagged.map((p) => p.name).sort());
    expect(formulas).toEqual([
      "JOB_FUNCTION",
      "JOB_LEVEL",
      "ORG_ATTR",
      "ORG_METRIC",
      "TECH_COUNT",
      "TECH_SLUG",
    ]);
  });

  it("answers a custom function up to its first service call without evaluating the add-on", () => {
    const { context, touched, evaluated } = bareContext();
    vm.runInContext(code, context);
    vm.runInContext('try { ORG_ATTR("acme.com", "industry") } catch (e) {}', context);
    expect(touched.length).toBeGreaterThan(0);
    expect(evaluated).toEqual([]);
  });

  it("answers a formula's mistake without evaluating the API part, whose error classes it checks against", () => {
    const { context, evaluated } = bareContext();
    vm.runInContext(code, context);
    const message = vm.runInContext(
      'let m; try { ORG_ATTR("acme.com", "industri") } catch (e) { m = e.message } m',
      context,
    ) as string;
    expect(message.startsWith('Unknown attribute "industri" in "attributes". Did you mean "industry"?')).toBe(
      true,
    );
    expect(evaluated).toEqual([]);
  });

  it("evaluates the formula part's API part once, when first used, whose error classes a formula's checks ask", () => {
    const { context, evaluated } = bareContext();
    vm.runInContext(code, context);
    // A client from the API part, answered 401: what a formula's buy meets when the key is refused.
    const outcome = vm.runInContext(
      `(() => {
        const api = FormulaApi();
        const refused = () => ({ status: 401, headers: {}, body: '{"error":{"code":"unauthorized","message":"no"}}' });
        const client = new api.modules["src/api/client.ts"].EnrichmentClient({
          baseUrl: "https://service.test", apiKey: "key", clock: { now: () => 0, sleep: () => {} },
          transport: { send: refused, sendAll: (requests) => requests.map(refused) },
        });
        let error;
        try { client.organizations({ organizations: [{ url: "acme.com" }], select: { attributes: ["name"] } }); }
        catch (e) { error = e; }
        const errors = api.modules["src/api/errors.ts"];
        return {
          again: FormulaApi() === api,
          kind: error.kind,
          own: error instanceof errors.ApiError,
          // The errors live in the API part alone: the formula part checks them through it.
          shared: Formulas.${SHARED_MEMBER}["src/api/errors.ts"] === undefined,
        };
      })()`,
      context,
    );
    expect(outcome).toEqual({ again: true, kind: "authentication", own: true, shared: true });
    expect(evaluated).toHaveLength(1);
    expect(evaluated[0]!.endsWith(`\n//# sourceURL=${FORMULA_API_URL}`)).toBe(true);
  });

  it("evaluates the add-on once in an execution that calls several other entries", () => {
    const { context, evaluated } = bareContext();
    vm.runInContext(code, context);
    const globals = Object.getOwnPropertyNames(context).sort();
    for (const call of ["onOpen({ authMode: 'NONE' })", "getSettings()", "dispatchJobs()"])
      vm.runInContext(`try { ${call} } catch (e) {}`, context);
    expect(evaluated).toHaveLength(1);
    // It declares no global: the harness's evalOnce, which runs it as a script, then differs from eval in nothing.
    // zod assigns its config to globalThis when it first loads (an assignment, which eval and a script share);
    // since issue 42's API part, the formula part no longer loads zod, so the add-on is the first to.
    // A mutation run's instrumented add-on also keeps its switchboard in __stryker__ (harness/mutation-switch.ts).
    const added = Object.getOwnPropertyNames(context).filter(
      (name) => !globals.includes(name) && name !== "__stryker__",
    );
    expect(added).toEqual(["__zod_globalConfig"]);
    expect(evaluated[0]!.endsWith("\n//# sourceURL=Addon.js")).toBe(true);
  });

  it("has each stub hand its arguments to the bundle's function of the same name and return its result", () => {
    const { context } = bareContext();
    vm.runInContext(code, context);
    const names = Object.keys(vm.runInContext("Lib()", context) as object);
    const formulas = new Set(Object.keys(vm.runInContext("Formulas", context) as object));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const calls: unknown[][] = [];
      // The bundle's exports are read-only: stand a recording part in for the one the stub calls.
      context.__recorder = {
        [name]: (...args: unknown[]) => {
          calls.push(args);
          return `result of ${name}`;
        },
      };
      vm.runInContext(formulas.has(name) ? "Formulas = __recorder" : "addon = __recorder", context);
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
