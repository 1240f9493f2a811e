// What `npm run mutate` prints and keeps in reports/mutation/summary.txt, and how it reads its arguments.
import { describe, expect, it } from "vitest";
import { summarize } from "../../../scripts/mutate/summary.ts";
import { parseArgs } from "../../../scripts/mutate.ts";
import { PAID_PATHS } from "../../../stryker.config.mjs";

const at = (line: number, column: number) => ({ start: { line, column } });

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
    expect(summarize(report, PAID_PATHS, { header: ["Changed since HEAD~5"], elapsed: "3 min 2 s" })).toBe(
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
