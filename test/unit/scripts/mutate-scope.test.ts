// Which of a Stryker report's mutants a run asked for, read from its mutate entries as Stryker reads them.
import { describe, expect, it } from "vitest";
import { mutateEntry } from "../../../scripts/mutate/sample.ts";
import { inScope, parseMutateEntry } from "../../../scripts/mutate/scope.ts";

const FILE = "src/core/spending/fetch-allowance.ts";
// `now - current.start` on line 60 as mutation.json places it (line and column from 1, end after its last
// character) and as the planner's instrumenter places it (columns from 0).
const REPORTED = { start: { line: 60, column: 35 }, end: { line: 60, column: 54 } };
const PLANNED = {
  file: FILE,
  start: { line: 60, column: 34 },
  end: { line: 60, column: 53 },
  mutatorName: "ArithmeticOperator",
  replacement: "now + current.start",
};

describe("parseMutateEntry", () => {
  it("reads Stryker's ranges as its project reader does: lines from 1 made 0-based, columns as given", () => {
    expect(parseMutateEntry(`${FILE}:60:34-60:53`).range).toEqual({
      start: { line: 59, column: 34 },
      end: { line: 59, column: 53 },
    });
    expect(parseMutateEntry(`${FILE}:5-6`).range).toEqual({
      start: { line: 4, column: 0 },
      end: { line: 5, column: Infinity },
    });
    expect(parseMutateEntry("src/core/**/*.ts").range).toBeUndefined();
  });
});

describe("inScope", () => {
  it("takes the mutant a sampled entry names, and not its neighbours", () => {
    const entry = mutateEntry(PLANNED);
    expect(entry).toBe(`${FILE}:60:34-60:53`);
    expect(inScope(FILE, REPORTED, [entry])).toBe(true);
    // One column wider on either side is another node.
    const wider = { start: { line: 60, column: 34 }, end: { line: 60, column: 54 } };
    expect(inScope(FILE, wider, [entry])).toBe(false);
    const later = { start: { line: 60, column: 35 }, end: { line: 60, column: 55 } };
    expect(inScope(FILE, later, [entry])).toBe(false);
    expect(inScope("src/core/spending/mutex.ts", REPORTED, [entry])).toBe(false);
  });

  it("takes whole lines, whole files and folder globs", () => {
    expect(inScope(FILE, REPORTED, [`${FILE}:60-60`])).toBe(true);
    expect(inScope(FILE, REPORTED, [`${FILE}:59-59`, `${FILE}:61-70`])).toBe(false);
    expect(inScope(FILE, REPORTED, [FILE])).toBe(true);
    expect(inScope(FILE, REPORTED, ["src/core/**/*.ts"])).toBe(true);
    expect(inScope(FILE, REPORTED, ["src/functions/**/*.ts", "src/api/request.ts"])).toBe(false);
  });
});
