// The formula part's lazy API part: which modules leave the formula part, how the formula part hides what it
// shares (scripts/lib/lazy-api.ts, scripts/build.ts); two-part-bundle.test.ts evaluates its comment.
import vm from "node:vm";
import type { Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { FORMULAS_NAME, wrapModule } from "../../../scripts/build.ts";
import { apiEntry, SHARED_MEMBER, sharedEntry, zodReaching } from "../../../scripts/lib/lazy-api.ts";

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
  it("give the API part its modules by path, and the formula part the modules it shares, hidden", () => {
    expect(apiEntry("/r", ["src/api/client.ts", "src/api/pricing.ts"])).toBe(
      'import * as m0 from "/r/src/api/client.ts";\nimport * as m1 from "/r/src/api/pricing.ts";\n' +
        'export const modules = { "src/api/client.ts": m0, "src/api/pricing.ts": m1 };\n',
    );
    expect(sharedEntry("/r", ["src/api/errors.ts"])).toBe(
      `import * as s0 from "/r/src/api/errors.ts";\nexport const ${SHARED_MEMBER} = { "src/api/errors.ts": s0 };\n`,
    );
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
