// The formula part's lazy API part: which modules leave the formula part, how the formula part hides what it
// shares (scripts/lib/lazy-api.ts, scripts/build.ts); two-part-bundle.test.ts evaluates its comment.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import vm from "node:vm";
import type { Metafile } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { FORMULAS_NAME, wrapModule } from "../../../scripts/build.ts";
import {
  apiEntry,
  FORMULA_API_CACHE,
  FORMULA_API_NAME,
  forwards,
  NOT_HANDED_OVER,
  namesRead,
  SHARED_MEMBER,
  sharedEntry,
  standIn,
  zodReaching,
} from "../../../scripts/lib/lazy-api.ts";
import { PURCHASE_PATH, purchasePath } from "../../../scripts/lib/purchase-path.ts";

const MAP = JSON.stringify({ version: 3, sources: ["a.ts"], mappings: "AAAA" });

/** A metafile's inputs from `path: [imports]`. */
function metafile(graph: Record<string, string[]>): Metafile {
  const inputs = Object.fromEntries(
    Object.entries(graph).map(([path, imports]) => [
      path,
      { bytes: 1, imports: imports.map((to) => ({ path: to, kind: "import-statement" as const })) },
    ]),
  );
  return { inputs, outputs: {} } as Metafile;
}

describe("the modules the formula part leaves to its API part", () => {
  it("are those of src/api that import zod, directly or through another input, sorted", () => {
    const meta = metafile({
      "src/api/client.ts": ["src/api/request.ts", "src/api/errors.ts"],
      "src/api/request.ts": ["src/api/contract/index.ts"],
      "src/api/contract/index.ts": ["src/api/contract/common.ts", "src/api/contract/limits.ts"],
      "src/api/contract/common.ts": ["node_modules/zod/v4/mini/index.js"],
      "src/api/contract/limits.ts": [],
      "src/api/errors.ts": ["src/api/words/format.ts"],
      "src/api/words/format.ts": [],
      "src/core/caches/result-cache.ts": ["src/api/contract/index.ts"],
      "node_modules/zod/v4/mini/index.js": [],
    });
    expect(zodReaching(meta)).toEqual([
      "src/api/client.ts",
      "src/api/contract/common.ts",
      "src/api/contract/index.ts",
      "src/api/request.ts",
    ]);
  });

  it("include a module reached twice, once through a path already found", () => {
    const meta = metafile({
      "src/api/a.ts": ["src/api/b.ts", "src/api/c.ts"],
      "src/api/b.ts": ["src/api/c.ts"],
      "src/api/c.ts": ["node_modules/zod/index.js"],
      "src/api/d.ts": ["src/api/b.ts"],
    });
    expect(zodReaching(meta)).toEqual(["src/api/a.ts", "src/api/b.ts", "src/api/c.ts", "src/api/d.ts"]);
  });

  it("find zod through a linked node_modules, as a worktree or a CI cache names it", () => {
    const meta = metafile({
      "src/api/contract/common.ts": ["../../main/node_modules/zod/v4/mini/index.js"],
      "src/api/client.ts": ["src/api/contract/common.ts"],
      "src/api/words/format.ts": ["../../main/node_modules/not-zod/zod/index.js"],
    });
    expect(zodReaching(meta)).toEqual(["src/api/client.ts", "src/api/contract/common.ts"]);
  });

  it("are none when nothing reaches zod", () => {
    expect(zodReaching(metafile({ "src/api/a.ts": ["src/api/b.ts"], "src/api/b.ts": [] }))).toEqual([]);
  });
});

describe("the entries", () => {
  it("give the API part the members read of its modules by path, and the formula part those it shares, hidden", () => {
    expect(
      apiEntry(
        "/r",
        new Map([
          ["src/api/client.ts", ["EnrichmentClient"]],
          ["src/api/contract/index.ts", []],
          ["src/api/pricing.ts", ["lookupCost", "PRICES"]],
        ]),
      ),
    ).toBe(
      'import { EnrichmentClient as m0_EnrichmentClient } from "/r/src/api/client.ts";\n' +
        'import { lookupCost as m1_lookupCost, PRICES as m1_PRICES } from "/r/src/api/pricing.ts";\n' +
        'export const modules = { "src/api/client.ts": { get EnrichmentClient() { return m0_EnrichmentClient; } }, ' +
        '"src/api/pricing.ts": { get lookupCost() { return m1_lookupCost; }, get PRICES() { return m1_PRICES; } } };\n',
    );
    expect(sharedEntry("/r", new Map([["src/api/errors.ts", ["ApiError"]]]))).toBe(
      'import { ApiError as s0_ApiError } from "/r/src/api/errors.ts";\n' +
        `export const ${SHARED_MEMBER} = { "src/api/errors.ts": { get ApiError() { return s0_ApiError; } } };\n`,
    );
  });

  it("hand over a live binding: a member reads the module's export as it is now", () => {
    const { bundle } = wrapModule(
      `let n=1;function bump(){n++}var shared={"m.ts":{get n(){return n}}};export{bump as BUMP,shared as ${SHARED_MEMBER}};`,
      MAP,
      FORMULAS_NAME,
      SHARED_MEMBER,
    );
    const context = vm.createContext({});
    vm.runInContext(bundle, context);
    expect(
      vm.runInContext(`${FORMULAS_NAME}.BUMP(); ${FORMULAS_NAME}.${SHARED_MEMBER}["m.ts"].n`, context),
    ).toBe(2);
  });

  it("keep the shared member off the formula part's enumerable exports", () => {
    const { bundle } = wrapModule(
      `var e={a:1};function d(x){return 2*x}export{d as DOUBLE,e as ${SHARED_MEMBER}};`,
      MAP,
      FORMULAS_NAME,
      SHARED_MEMBER,
    );
    const context = vm.createContext({});
    vm.runInContext(bundle, context);
    expect(
      vm.runInContext(`[Object.keys(${FORMULAS_NAME}), ${FORMULAS_NAME}.${SHARED_MEMBER}.a]`, context),
    ).toEqual([["DOUBLE"], 1]);
    expect(vm.runInContext(`Object.isFrozen(${FORMULAS_NAME})`, context)).toBe(true);
  });
});

describe("the names a part reads", () => {
  it("are the exports its code reads as a member, whatever the stand-in is called", () => {
    const exports = new Map([
      ["src/a.ts", ["SpendGuard", "unused", "Throttle"]],
      ["src/b.ts", ["formatDay", "format"]],
    ]);
    const code = 'var g=x(a(),1);new g.SpendGuard(1);(0,q.Throttle)();h?.formatDay(d);"unused";s.formatDays;';
    expect(namesRead(code, exports)).toEqual(
      new Map([
        ["src/a.ts", ["SpendGuard", "Throttle"]],
        ["src/b.ts", ["formatDay"]],
      ]),
    );
  });

  it("are none for code that reads no member", () => {
    expect(namesRead("f(1)", new Map([["src/a.ts", ["f"]]]))).toEqual(new Map([["src/a.ts", []]]));
  });
});

describe("the purchase path", () => {
  it("is every listed module the formula build reaches", () => {
    expect(purchasePath(metafile(Object.fromEntries(PURCHASE_PATH.map((path) => [path, []]))))).toEqual([
      ...PURCHASE_PATH,
    ]);
  });

  it("names a listed module no custom function reaches any more, to be removed", () => {
    const reached = metafile(Object.fromEntries(PURCHASE_PATH.slice(1).map((path) => [path, []])));
    expect(() => purchasePath(reached)).toThrow(
      new Error(
        `scripts/lib/purchase-path.ts names ${PURCHASE_PATH[0]}, which no custom function reaches any more: remove it there.`,
      ),
    );
    expect(() => purchasePath(metafile({}))).toThrow(/: remove them there\.$/);
  });
});

describe("the stand-ins", () => {
  const root = mkdtempSync(join(tmpdir(), "lazy-api-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(
    join(root, "m.ts"),
    [
      "export function fetchAll<T>(x: T) { return x; }",
      "export async function later() {}",
      "export abstract class Base {}",
      "export class Guard extends Base {}",
      'export const PREFIX = "paid:lookups:";',
      "export const LIMIT: number = 1_000;",
      "export const TABLE = { a: 1 };",
      "export const arrow = () => 1;",
    ].join("\n"),
  );

  it("hand over a function, a class and a literal each as its kind", () => {
    expect(
      forwards(root, new Map([["m.ts", ["fetchAll", "later", "Base", "Guard", "PREFIX", "LIMIT"]]])),
    ).toEqual(
      new Map([
        [
          "m.ts",
          [
            { name: "fetchAll", kind: "function" },
            { name: "later", kind: "function" },
            { name: "Base", kind: "class" },
            { name: "Guard", kind: "class" },
            { name: "PREFIX", kind: "literal", value: '"paid:lookups:"' },
            { name: "LIMIT", kind: "literal", value: "1000" },
          ],
        ],
      ]),
    );
  });

  it("refuse a member that would have to be read at load", () => {
    for (const name of ["TABLE", "arrow"]) {
      expect(() => forwards(root, new Map([["m.ts", [name]]]))).toThrow(
        new Error(
          `The formula part reads ${name} of m.ts, which is neither a function, a class nor a literal: reading it would evaluate the API part at load. Read it through a function, or leave m.ts out of scripts/lib/purchase-path.ts.`,
        ),
      );
    }
  });

  it("evaluate the API part only when a member is called, and tell instances apart without it before", () => {
    const source = standIn(
      "m.ts",
      [
        { name: "twice", kind: "function" },
        { name: "Guard", kind: "class" },
        { name: "PREFIX", kind: "literal", value: '"p:"' },
      ],
      ["twice", "Guard", "PREFIX", "unread"],
    );
    const module = source.replace(/export /g, "");
    const context = vm.createContext({});
    vm.runInContext(
      `let loads = 0; let ${FORMULA_API_CACHE} = null;
       class RealGuard { constructor(n) { this.n = n; } }
       const ${FORMULA_API_NAME} = () => { if (!${FORMULA_API_CACHE}) { loads++; ${FORMULA_API_CACHE} = { modules: { "m.ts": { twice: (x) => 2 * x, Guard: RealGuard } } }; } return ${FORMULA_API_CACHE}; };
       ${module}`,
      context,
    );
    expect(vm.runInContext("[PREFIX, ({}) instanceof Guard, loads]", context)).toEqual(["p:", false, 0]);
    expect(vm.runInContext("[twice(21), loads]", context)).toEqual([42, 1]);
    expect(
      vm.runInContext(
        "const g = new Guard(3); [g instanceof RealGuard, g instanceof Guard, g.n, ({}) instanceof Guard, loads]",
        context,
      ),
    ).toEqual([true, true, 3, false, 1]);
    expect(() => vm.runInContext("unread()", context)).toThrow(`${NOT_HANDED_OVER} unread of m.ts`);
  });
});
