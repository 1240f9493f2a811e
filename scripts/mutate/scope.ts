// Which of a report's mutants the run asked for: Stryker's incremental mode writes into each report the old
// results of every mutant an earlier run made outside this run's `mutate` entries, which no test of this run ran.
import { globRegExp } from "./tests-for.ts";

/** Stryker's own pattern (core's project-reader MUTATION_RANGE_REGEX): `file:5-6`, `file:5:4-6:4`. */
const RANGE = /(.*?):((\d+)(?::(\d+))?-(\d+)(?::(\d+))?)$/;

/** Line 0-based, column 0-based: how Stryker's project reader holds a range and its instrumenter a mutant. */
interface Point {
  line: number;
  column: number;
}
interface Entry {
  file: RegExp;
  range?: { start: Point; end: Point };
}

/** A mutate entry as Stryker reads it: a glob or file, and the range, lines 1-based, columns 0-based. */
export function parseMutateEntry(entry: string): Entry {
  const match = RANGE.exec(entry);
  if (!match) return { file: globRegExp(entry) };
  const [, file, , startLine, startColumn = "0", endLine, endColumn] = match;
  return {
    file: globRegExp(file as string),
    range: {
      start: { line: Number(startLine) - 1, column: Number(startColumn) },
      end: { line: Number(endLine) - 1, column: endColumn === undefined ? Infinity : Number(endColumn) },
    },
  };
}

/** A mutant's place as mutation.json (mutation-testing-report-schema) gives it: line and column from 1. */
export interface ReportLocation {
  start: Point;
  end: Point;
}

const notAfter = (a: Point, b: Point) => a.line < b.line || (a.line === b.line && a.column <= b.column);

/**
 * Whether the run's entries take this mutant: a file entry takes all of the file, a range the mutants whose
 * whole node lies inside it (the instrumenter's locationIncluded), the report's 1-based place made 0-based.
 */
export function inScope(file: string, location: ReportLocation, entries: readonly string[]): boolean {
  const start = { line: location.start.line - 1, column: location.start.column - 1 };
  const end = { line: location.end.line - 1, column: location.end.column - 1 };
  return entries
    .map(parseMutateEntry)
    .some(
      ({ file: pattern, range }) =>
        pattern.test(file) && (!range || (notAfter(range.start, start) && notAfter(end, range.end))),
    );
}
