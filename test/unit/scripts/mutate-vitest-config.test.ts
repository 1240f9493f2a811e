// The vitest projects of a mutation run: its chosen tests, each in its own tier, cheapest tier first, and the
// choice kept away from Stryker's `testFiles` (which left static mutants switched off).
import { describe, expect, it } from "vitest";
import { strykerEnv } from "../../../scripts/mutate.ts";
import { strykerOptions } from "../../../stryker.config.mjs";
import base from "../../../vitest.config.ts";
import { mutationProjects } from "../../../vitest.mutate.config.ts";

const TESTS = [
  "test/unit/text/brief-text.test.ts",
  "test/e2e/bulk-run.test.ts",
  "test/unit/core/dead-requests.test.ts",
];

const shape = (projects: ReturnType<typeof mutationProjects>) =>
  projects.map(({ test }) => ({
    name: test?.name,
    include: test?.include,
    groupOrder: (test as { sequence?: { groupOrder?: number } }).sequence?.groupOrder,
    testTimeout: test?.testTimeout,
  }));

describe("mutationProjects", () => {
  it("runs each chosen test in its own tier, unit first, and no tier's other files", () => {
    expect(shape(mutationProjects(base.test?.projects ?? [], TESTS))).toEqual([
      {
        name: "unit",
        include: ["test/unit/text/brief-text.test.ts", "test/unit/core/dead-requests.test.ts"],
        groupOrder: 0,
        testTimeout: 60_000,
      },
      { name: "contract", include: ["test/contract/none-chosen"], groupOrder: 1, testTimeout: 60_000 },
      { name: "e2e", include: ["test/e2e/bulk-run.test.ts"], groupOrder: 2, testTimeout: 60_000 },
      { name: "model", include: ["test/model/none-chosen"], groupOrder: 3, testTimeout: 240_000 },
    ]);
  });

  it("without a choice runs every tier's own files, never the browser's", () => {
    expect(
      shape(mutationProjects(base.test?.projects ?? [], undefined)).map((p) => [p.name, p.include]),
    ).toEqual([
      ["unit", ["test/unit/**/*.test.ts"]],
      ["contract", ["test/contract/**/*.test.ts"]],
      ["e2e", ["test/e2e/**/*.test.ts"]],
      ["model", ["test/model/**/*.test.ts"]],
    ]);
  });

  it("runs every unit file, the ones npm test isolates apart included, each file isolated", () => {
    const [unit] = mutationProjects(base.test?.projects ?? [], ["test/unit/server/start-enrichment.test.ts"]);
    expect(unit?.test).toMatchObject({
      name: "unit",
      include: ["test/unit/server/start-enrichment.test.ts"],
      isolate: true,
    });
    expect(unit?.test?.exclude).toBeUndefined();
  });

  it("never runs the bundle's size budget, which an instrumented bundle would fail for its instrumentation", () => {
    const projects = mutationProjects(base.test?.projects ?? [], [
      "test/e2e/bundle-budget.test.ts",
      "test/e2e/bundle.test.ts",
    ]);
    const e2e = projects.find((p) => p.test?.name === "e2e");
    expect(e2e?.test?.include).toEqual(["test/e2e/bundle.test.ts"]);
    expect(e2e?.test?.exclude).toContain("test/e2e/bundle-budget.test.ts");
  });

  it("refuses a test outside the tiers it runs, saying which it runs", () => {
    expect(() => mutationProjects(base.test?.projects ?? [], ["test/browser/sidebar.test.ts"])).toThrow(
      "A mutation run's tests lie in test/unit/, test/contract/, test/e2e/, test/model/: not test/browser/sidebar.test.ts",
    );
  });
});

describe("Stryker's options for chosen tests", () => {
  it("hand the tests to vitest, not to Stryker's testFiles, so static mutants are switched on before loading", () => {
    const env = strykerEnv({
      mutate: ["src/core/text/brief-text.ts:8:43-8:49"],
      tests: TESTS,
      header: [],
      incremental: false,
    });
    expect(env.MUTATE_TESTS).toBe(JSON.stringify(TESTS));
    const options = strykerOptions(env);
    expect(options).not.toHaveProperty("testFiles");
    expect(options).toMatchObject({ vitest: { configFile: "vitest.mutate.config.ts", related: false } });
  });
});
