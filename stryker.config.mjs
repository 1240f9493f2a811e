// StrykerJS on the paid paths (scripts/mutate.ts runs it; `npm run mutate`). The bundle the e2e tests run is
// built once in the sandbox from the instrumented sources, so it holds every mutant behind Stryker's switch,
// and the harness hands the switch into each execution (harness/mutation-switch.ts).
export const PAID_PATHS = [
  "src/core/**/*.ts",
  "src/functions/**/*.ts",
  "src/server/bulk/**/*.ts",
  "src/server/jobs/**/*.ts",
  "src/server/sidebar/**/*.ts",
  "src/server/log/**/*.ts",
  "src/server/enrich/**/*.ts",
  "src/server/lists/**/*.ts",
  "src/server/signals/**/*.ts",
  "src/server/more/**/*.ts",
  "src/api/request.ts",
];

/**
 * The options for a run, from what scripts/mutate.ts hands over in the environment.
 * @param {Record<string, string | undefined>} env
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function strykerOptions(env) {
  return {
    packageManager: "npm",
    testRunner: "vitest",
    plugins: ["@stryker-mutator/vitest-runner"],
    vitest: { configFile: "vitest.mutate.config.ts", related: false },
    buildCommand: "npm run build",
    // scripts/mutate.ts narrows a run to some paid folders, or to a change's lines and nodes (Stryker's
    // `file:10-20` and `file:10:4-10:30` ranges), and to the tests that can reach them.
    mutate: env.MUTATE_FILES ? JSON.parse(env.MUTATE_FILES) : PAID_PATHS,
    // The tests (MUTATE_TESTS) are chosen in vitest.mutate.config.ts, never with Stryker's `testFiles`, with
    // which Stryker switches a static mutant on only after its module has loaded (that file says more).
    // Only the tests that ran a mutant's code run for it.
    coverageAnalysis: "perTest",
    // Incremental results serve runs of whole files (a long folder run resumes). A `--changed` run turns them
    // off (MUTATE_INCREMENTAL=false): each draws new exact ranges, and Stryker keeps every earlier run's
    // mutants outside them in the report with the status and covering tests of their own run, so a sample of
    // 30 was scored as 139, survivors "covered" only by e2e tests of an older run (scripts/mutate/scope.ts).
    incremental: env.MUTATE_INCREMENTAL !== "false",
    // A new name when results made before a fix must not be reused: static mutants were never switched on
    // before vitest.mutate.config.ts chose the tests, so the old file's survivors of them are false.
    incrementalFile: "reports/mutation/incremental-static-on.json",
    reporters: ["clear-text", "html", "json", "progress"],
    htmlReporter: { fileName: "reports/mutation/index.html" },
    jsonReporter: { fileName: "reports/mutation/mutation.json" },
    clearTextReporter: { reportScoreTable: true, reportMutants: false, allowEmojis: false },
    // Two cores shared by everyone: one test runner.
    concurrency: 1,
    // Esbuild builds the bundle and vitest compiles TypeScript itself; Stryker's checker would double the time.
    checkers: [],
    // TypeScript 7 has no JavaScript API for Stryker to rewrite a tsconfig with, and ours need no rewriting
    // (nothing they extend or include lies outside the sandbox): no tsconfig for Stryker.
    tsconfigFile: "",
    tempDirName: ".stryker-tmp",
    ignorePatterns: ["dist", "dist-meta", "reports", "coverage", "test-results", ".tmp", "test/browser"],
    timeoutMS: 20_000,
    // The initial run is the whole unit, contract and e2e suite, instrumented, on a shared machine.
    dryRunTimeoutMinutes: 90,
    thresholds: { high: 95, low: 90, break: null },
  };
}

export default strykerOptions(process.env);
