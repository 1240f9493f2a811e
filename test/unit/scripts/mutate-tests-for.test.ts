// Which test files a mutation run of a change runs: folders' TESTS globs, import closures and co-changed tests.
import { describe, expect, it } from "vitest";
import {
  chooseTests,
  globRegExp,
  importingTests,
  isSlowTestFile,
  relativeImports,
  testGlobs,
  testsKey,
} from "../../../scripts/mutate/tests-for.ts";

describe("testsKey and testGlobs", () => {
  it("pick the longest TESTS key holding a file, each glob once", () => {
    expect(testsKey("src/core/spending/formula-intents.ts")).toBe("src/core");
    expect(testsKey("src/api/request.ts")).toBe("src/api/request.ts");
    expect(testsKey("src/server/jobs")).toBe("src/server/jobs");
    expect(testsKey("src/server/settings/view.ts")).toBeUndefined();
    expect(testsKey("src/corex/a.ts")).toBeUndefined();
    expect(testGlobs(["src/server/jobs/a.ts", "src/server/jobs/b.ts"])).toEqual([
      "test/unit/jobs/**/*.test.ts",
      "test/e2e/{bulk,credits,jobs}*.test.ts",
    ]);
  });
});

describe("globRegExp", () => {
  it("reads the *, **/ and {a,b} of the TESTS globs", () => {
    const unit = globRegExp("test/unit/{core,bulk}/**/*.test.ts");
    expect(unit.test("test/unit/core/formula-intents.test.ts")).toBe(true);
    expect(unit.test("test/unit/bulk/deep/er/run.test.ts")).toBe(true);
    expect(unit.test("test/unit/jobs/run.test.ts")).toBe(false);
    expect(unit.test("test/unit/core/formula-intents.ts")).toBe(false);
    const e2e = globRegExp("test/e2e/{bulk,credits}*.test.ts");
    expect(e2e.test("test/e2e/bulk-faults.test.ts")).toBe(true);
    expect(e2e.test("test/e2e/credits.test.ts")).toBe(true);
    expect(e2e.test("test/e2e/x/bulk.test.ts")).toBe(false);
    expect(e2e.test("test/e2e/jobs.test.ts")).toBe(false);
    expect(globRegExp("a.b*.ts").test("aXb.ts")).toBe(false);
  });
});

describe("relativeImports", () => {
  it("finds value imports, re-exports, side-effect and dynamic imports; skips type-only and packages", () => {
    const text = [
      'import { describe } from "vitest";',
      "import { a,",
      '  b } from "../../../src/core/a.ts";',
      'import type { T } from "../../../src/core/types.ts";',
      'export * from "./again.ts";',
      'export type { U } from "./types-only.ts";',
      'import "./side-effect.ts";',
      'const late = await import("../support/late.ts");',
    ].join("\n");
    expect(relativeImports("test/unit/core/x.test.ts", text)).toEqual([
      "src/core/a.ts",
      "test/unit/core/again.ts",
      "test/unit/core/side-effect.ts",
      "test/unit/support/late.ts",
    ]);
  });
});

describe("importingTests", () => {
  const files: Record<string, string> = {
    "test/unit/a.test.ts": 'import { x } from "../../src/core/x.ts";',
    "test/unit/b.test.ts": 'import { y } from "../../src/core/y";',
    "test/unit/c.test.ts": 'import { z } from "../../src/core/z.ts";',
    "test/unit/d.test.ts": 'import { w } from "../../src/core/w";',
    "src/core/x.ts": "export const x = 1;",
    "src/core/y.ts": 'import { x } from "./x.ts";\nexport const y = x;',
    // A cycle that never reaches x.
    "src/core/z.ts": 'import { v } from "./v.ts";\nexport const z = v;',
    "src/core/v.ts": 'import { z } from "./z.ts";\nexport const v = 1;',
    // A folder import through its index.
    "src/core/w/index.ts": 'export * from "../y.ts";',
  };
  it("keeps the tests whose imports reach a target, through extensionless and folder imports and cycles", () => {
    expect(
      importingTests(
        Object.keys(files).filter((f) => f.startsWith("test/")),
        ["src/core/x.ts"],
        (f) => files[f],
      ),
    ).toEqual(["test/unit/a.test.ts", "test/unit/b.test.ts", "test/unit/d.test.ts"]);
  });
});

describe("chooseTests", () => {
  const tests = [
    "test/unit/core/a.test.ts",
    "test/unit/core/b.test.ts",
    "test/unit/sidebar/c.test.ts",
    "test/contract/request.test.ts",
    "test/e2e/formulas.test.ts",
    "test/e2e/formulas-ask-again.test.ts",
    "test/e2e/formulas-new.test.ts",
    "test/e2e/sidebar-settings.test.ts",
    "test/e2e/jobs.test.ts",
  ];
  const choice = {
    tests,
    folder: new Set([
      "test/unit/core/a.test.ts",
      "test/unit/core/b.test.ts",
      "test/e2e/formulas.test.ts",
      "test/e2e/formulas-ask-again.test.ts",
      "test/e2e/jobs.test.ts",
    ]),
    importing: new Set([
      "test/unit/core/a.test.ts",
      "test/unit/sidebar/c.test.ts",
      "test/contract/request.test.ts",
      "test/e2e/formulas.test.ts",
    ]),
    changedNow: ["test/e2e/formulas-new.test.ts", "test/unit/core/b.test.ts"],
    coChanged: [
      "test/e2e/sidebar-settings.test.ts",
      "test/e2e/formulas-ask-again.test.ts",
      "test/e2e/gone.test.ts",
    ],
    wide: false,
  };

  it("runs importing unit tests in scope, then e2e tests edited now, written with the files, importing them", () => {
    expect(chooseTests(choice)).toEqual({
      tests: [
        "test/unit/core/a.test.ts",
        "test/e2e/formulas-new.test.ts",
        "test/e2e/sidebar-settings.test.ts",
        "test/e2e/formulas-ask-again.test.ts",
        "test/e2e/formulas.test.ts",
      ],
      leftOut: [],
    });
  });

  it("takes at most maxBundleTests e2e and contract files, the most related, and names the rest", () => {
    expect(chooseTests({ ...choice, maxBundleTests: 2 })).toEqual({
      tests: [
        "test/unit/core/a.test.ts",
        "test/e2e/formulas-new.test.ts",
        "test/e2e/sidebar-settings.test.ts",
      ],
      leftOut: ["test/e2e/formulas-ask-again.test.ts", "test/e2e/formulas.test.ts"],
    });
  });

  it("wide: every e2e test of the folders too, uncapped", () => {
    expect(chooseTests({ ...choice, wide: true, maxBundleTests: 1 })).toEqual({
      tests: [
        "test/unit/core/a.test.ts",
        "test/e2e/formulas-new.test.ts",
        "test/e2e/sidebar-settings.test.ts",
        "test/e2e/formulas-ask-again.test.ts",
        "test/e2e/formulas.test.ts",
        "test/e2e/jobs.test.ts",
      ],
      leftOut: [],
    });
  });
});

describe("slow e2e files", () => {
  it("are the ones giving a scenario more than two minutes of its own", () => {
    expect(isSlowTestFile('it("x", async () => {\n  run();\n}, 240_000);')).toBe(true);
    expect(isSlowTestFile('it("x", async () => {\n  run();\n}, 120_000);\nit("y", () => {}, 60000);')).toBe(
      false,
    );
    expect(isSlowTestFile('it("x", () => {});')).toBe(false);
  });

  it("go after the lighter related files, each group in its order of relation", () => {
    const tests = ["test/e2e/a.test.ts", "test/e2e/b.test.ts", "test/e2e/c.test.ts", "test/e2e/d.test.ts"];
    expect(
      chooseTests({
        tests,
        folder: new Set(tests),
        importing: new Set(["test/e2e/d.test.ts"]),
        changedNow: ["test/e2e/a.test.ts", "test/e2e/b.test.ts"],
        coChanged: ["test/e2e/c.test.ts"],
        slow: new Set(["test/e2e/a.test.ts", "test/e2e/c.test.ts"]),
        maxBundleTests: 3,
        wide: false,
      }),
    ).toEqual({
      tests: ["test/e2e/b.test.ts", "test/e2e/d.test.ts", "test/e2e/a.test.ts"],
      leftOut: ["test/e2e/c.test.ts"],
    });
  });
});
