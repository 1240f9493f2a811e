// What `npm run mutate` prints and keeps in reports/mutation/summary.txt, and how it reads its arguments.
import { describe, expect, it } from "vitest";
import { summarize } from "../../../scripts/mutate/summary.ts";
import { parseArgs, strykerEnv } from "../../../scripts/mutate.ts";
import { PAID_PATHS, strykerOptions } from "../../../stryker.config.mjs";

const at = (line: number, column: number) => ({
  start: { line, column },
  end: { line, column: column + 1 },
});

describe("summarize", () => {
  it("gives the score per folder, the score with its interval, the time and every survivor by file and line", () => {
    const report = {
      files: {
        "src/core/spending/formula-intents.ts": {
          mutants: [
            {
              mutatorName: "LogicalOperator",
              replacement: "a && b",
              status: "Survived",
              location: at(198, 28),
            },
            {
              mutatorName: "MethodExpression",
              replacement: "Object.keys(\n  x)",
              status: "Killed",
              location: at(198, 16),
            },
            { mutatorName: "BooleanLiteral", replacement: "true", status: "NoCoverage", location: at(12, 4) },
            {
              mutatorName: "ConditionalExpression",
              replacement: "false",
              status: "Timeout",
              location: at(40, 2),
            },
          ],
        },
        "src/api/request.ts": {
          mutants: [
            { mutatorName: "StringLiteral", replacement: '""', status: "Killed", location: at(3, 1) },
            { mutatorName: "BlockStatement", replacement: "{}", status: "CompileError", location: at(5, 1) },
          ],
        },
      },
    };
    expect(
      summarize(report, PAID_PATHS, {
        header: ["Changed since HEAD~5"],
        elapsed: "3 min 2 s",
        entries: PAID_PATHS,
      }),
    ).toBe(
      [
        "Changed since HEAD~5",
        "",
        "Mutation score per paid folder:",
        "src/api/request.ts            100.0%  killed     1  survived    0  no coverage    0  errors 1",
        "src/core                       50.0%  killed     2  survived    1  no coverage    1",
        "all paid paths run             60.0%  killed     3  survived    1  no coverage    1  errors 1",
        "",
        "Score: 60.0% (95% interval 23.1%–88.2%), 3 killed of 5",
        "Time: 3 min 2 s",
        "",
        "Surviving mutants (2):",
        "src/core/spending/formula-intents.ts:12:4 NoCoverage BooleanLiteral -> true",
        "src/core/spending/formula-intents.ts:198:28 Survived LogicalOperator -> a && b",
      ].join("\n"),
    );
  });
});

describe("a run's own mutants", () => {
  // What a one-line run left in reports/mutation/mutation.json with an earlier run's incremental file: the
  // line it mutated, and a survivor of an older sample that no test of this run executed.
  const report = {
    files: {
      "src/core/spending/fetch-allowance.ts": {
        mutants: [
          {
            mutatorName: "ArithmeticOperator",
            replacement: "now + current.start",
            status: "Survived",
            location: { start: { line: 60, column: 35 }, end: { line: 60, column: 54 } },
          },
          {
            mutatorName: "LogicalOperator",
            replacement: "options.limit && DEFAULT_DAILY_FETCHES",
            status: "Killed",
            location: { start: { line: 37, column: 18 }, end: { line: 37, column: 56 } },
          },
        ],
      },
      "src/core/text/brief-text.ts": {
        mutants: [
          { mutatorName: "StringLiteral", replacement: '""', status: "Survived", location: at(9, 31) },
        ],
      },
    },
  };

  it("scores only the mutants of the run's mutate entries, and says how many others the report carried", () => {
    expect(summarize(report, PAID_PATHS, { entries: ["src/core/spending/fetch-allowance.ts:37-37"] })).toBe(
      [
        "Not counted: 2 mutant(s) outside this run's mutate entries, an earlier run's results that Stryker's incremental file carried into the report.",
        "",
        "Mutation score per paid folder:",
        "src/core                      100.0%  killed     1  survived    0  no coverage    0",
        "all paid paths run            100.0%  killed     1  survived    0  no coverage    0",
        "",
        "Score: 100.0% (95% interval 20.7%–100.0%), 1 killed of 1",
        "",
        "Surviving mutants (0):",
      ].join("\n"),
    );
  });

  it("turns Stryker's incremental file off for a change's sampled ranges, and keeps it for whole files", () => {
    const changed = { mutate: ["src/core/spending/fetch-allowance.ts:60:34-60:53"], tests: [], header: [] };
    const env = strykerEnv({ ...changed, incremental: false });
    expect(env).toEqual({
      MUTATE_FILES: '["src/core/spending/fetch-allowance.ts:60:34-60:53"]',
      MUTATE_INCREMENTAL: "false",
    });
    expect(strykerOptions(env)).toMatchObject({
      mutate: ["src/core/spending/fetch-allowance.ts:60:34-60:53"],
      incremental: false,
    });
    const folder = strykerEnv({
      mutate: ["src/core/**/*.ts"],
      tests: ["test/unit/core/*.test.ts"],
      header: [],
      incremental: true,
    });
    expect(strykerOptions(folder)).toMatchObject({ mutate: ["src/core/**/*.ts"], incremental: true });
    expect(strykerOptions({})).toMatchObject({ mutate: PAID_PATHS, incremental: true });
  });
});

describe("parseArgs", () => {
  const seed = () => 5;

  it("reads folders, tests and flags; a change's base, seed and budget with = or apart", () => {
    expect(parseArgs(["src/core/", "--tests=test/e2e/jobs-*.test.ts", "--force"], seed)).toEqual({
      paths: ["src/core/"],
      tests: ["test/e2e/jobs-*.test.ts"],
      seed: 5,
      minutes: 20,
      bundleTests: 3,
      force: true,
      planOnly: false,
      wide: false,
    });
    expect(
      parseArgs(
        [
          "--changed",
          "main",
          "--seed=17",
          "--max-mutants",
          "40",
          "--minutes=30",
          "--bundle-tests",
          "5",
          "--wide",
          "--plan",
        ],
        seed,
      ),
    ).toEqual({
      paths: [],
      tests: [],
      changed: "main",
      seed: 17,
      maxMutants: 40,
      minutes: 30,
      bundleTests: 5,
      force: false,
      planOnly: true,
      wide: true,
    });
  });

  it("refuses what it cannot do, saying why", () => {
    expect(() => parseArgs(["--changed"], seed)).toThrow("--changed needs a value");
    expect(() => parseArgs(["--seed=x"], seed)).toThrow("--seed is a whole number, not x");
    expect(() => parseArgs(["--changed=main", "src/core"], seed)).toThrow(
      "--changed mutates the change's lines: give no folder or file with it",
    );
    expect(() => parseArgs(["--chnaged=main"], seed)).toThrow("Unknown option --chnaged");
    expect(() => parseArgs(["--changed=main", "--max-mutants=0"], seed)).toThrow(
      "--max-mutants is at least 1",
    );
  });
});
