// Survivors that ran no test, and running them once more. With bail on, vitest's cancel of a run whose test
// just failed can land on the next run, which then ends before any test: Stryker reports that mutant as
// survived with 0 tests completed, though tests cover it (dead-requests.ts:43:9 once, killed on its own).
import { type Report, type ReportMutant, ranNoTest } from "./summary.ts";

/** The mutate entry of a reported mutant's exact node (mutation.json columns from 1, entries' from 0). */
export function exactEntry(file: string, { location: { start, end } }: ReportMutant): string {
  return `${file}:${start.line}:${start.column - 1}-${end.line}:${end.column - 1}`;
}

const key = (file: string, m: ReportMutant) =>
  `${file}:${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}:${m.mutatorName}:${m.replacement ?? ""}`;

/** What to run again: the exact nodes of the survivors that ran no test, and the test files covering them. */
export function rerunPlan(report: Report): { entries: string[]; tests: string[] } | undefined {
  const fileOfTest = new Map<string, string>();
  for (const [file, { tests }] of Object.entries(report.testFiles ?? {}))
    for (const test of tests) fileOfTest.set(test.id, file);
  const entries = new Set<string>();
  const tests = new Set<string>();
  for (const [file, { mutants }] of Object.entries(report.files))
    for (const m of mutants.filter(ranNoTest)) {
      entries.add(exactEntry(file, m));
      for (const id of m.coveredBy ?? []) {
        const testFile = fileOfTest.get(id);
        if (testFile) tests.add(testFile);
      }
    }
  return entries.size && tests.size ? { entries: [...entries], tests: [...tests].sort() } : undefined;
}

/** The first report with the mutants that ran no test replaced by their result in the second run. */
export function mergeRerun(first: Report, second: Report): Report {
  const again = new Map<string, ReportMutant>();
  for (const [file, { mutants }] of Object.entries(second.files))
    for (const m of mutants) again.set(key(file, m), m);
  const files: Report["files"] = {};
  for (const [file, { mutants }] of Object.entries(first.files))
    files[file] = { mutants: mutants.map((m) => (ranNoTest(m) ? (again.get(key(file, m)) ?? m) : m)) };
  return { ...first, files };
}
