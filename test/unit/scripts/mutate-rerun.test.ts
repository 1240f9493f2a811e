// Survivors that ran no test (their run cancelled by the previous mutant's failing test) run once more.
import { describe, expect, it } from "vitest";
import { exactEntry, mergeRerun, rerunPlan } from "../../../scripts/mutate/rerun.ts";
import { type Report, survivorLines } from "../../../scripts/mutate/summary.ts";

const FILE = "src/core/spending/dead-requests.ts";
const place = (line: number, column: number, endColumn: number) => ({
  start: { line, column },
  end: { line, column: endColumn },
});
// dead-requests.ts:43:9 as the run of 29 Nov reported it: `!intent` made `intent`, 8 covering tests, none run.
const cancelled = {
  mutatorName: "BooleanLiteral",
  replacement: "intent",
  status: "Survived",
  testsCompleted: 0,
  coveredBy: ["3", "7"],
  location: place(43, 9, 16),
};
const report: Report = {
  files: {
    [FILE]: {
      mutants: [
        { ...cancelled },
        {
          mutatorName: "LogicalOperator",
          replacement: "!intent && intent.logged",
          status: "Killed",
          testsCompleted: 4,
          coveredBy: ["3", "7"],
          location: place(43, 9, 33),
        },
        {
          mutatorName: "StringLiteral",
          replacement: '"Stryker was here!"',
          status: "NoCoverage",
          testsCompleted: 0,
          coveredBy: [],
          location: place(46, 48, 50),
        },
      ],
    },
    "src/core/text/when.ts": {
      mutants: [
        {
          mutatorName: "Regex",
          replacement: "/Etc\\/GMT([+-])(\\d{1,2})$/",
          status: "Survived",
          testsCompleted: 9,
          coveredBy: ["9"],
          location: place(28, 17, 45),
        },
      ],
    },
  },
  testFiles: {
    "test/unit/functions/dead-requests-log.test.ts": { tests: [{ id: "3", name: "logs a lookup" }] },
    "test/unit/core/dead-requests.test.ts": { tests: [{ id: "7", name: "dead from its endsBy on" }] },
    "test/unit/text/when.test.ts": { tests: [{ id: "9", name: "zonePlace" }] },
  },
};

describe("survivors that ran no test", () => {
  it("are run again as their exact node, with the test files that covered them", () => {
    expect(exactEntry(FILE, cancelled)).toBe(`${FILE}:43:8-43:15`);
    expect(rerunPlan(report)).toEqual({
      entries: [`${FILE}:43:8-43:15`],
      tests: ["test/unit/core/dead-requests.test.ts", "test/unit/functions/dead-requests-log.test.ts"],
    });
  });

  it("take the second run's result; every other mutant keeps its own", () => {
    const killed = { ...cancelled, status: "Killed", testsCompleted: 1, coveredBy: ["0"] };
    const merged = mergeRerun(report, { files: { [FILE]: { mutants: [killed] } } });
    expect(merged.files[FILE]?.mutants.map((m) => [m.replacement, m.status])).toEqual([
      ["intent", "Killed"],
      ["!intent && intent.logged", "Killed"],
      ['"Stryker was here!"', "NoCoverage"],
    ]);
    expect(merged.files["src/core/text/when.ts"]).toEqual(report.files["src/core/text/when.ts"]);
  });

  it("are listed as such when the second run did not run them either", () => {
    expect(survivorLines(mergeRerun(report, { files: {} }))).toEqual([
      `${FILE}:43:9 Survived (no test ran) BooleanLiteral -> intent`,
      `${FILE}:46:48 NoCoverage StringLiteral -> "Stryker was here!"`,
      "src/core/text/when.ts:28:17 Survived Regex -> /Etc\\/GMT([+-])(\\d{1,2})$/",
    ]);
  });

  it("leave nothing to run again when every survivor ran its tests", () => {
    expect(
      rerunPlan({ ...report, files: { "src/core/text/when.ts": report.files["src/core/text/when.ts"]! } }),
    ).toBeUndefined();
  });
});
