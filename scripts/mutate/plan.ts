// The impure half of `npm run mutate -- --changed`: git's view of a change, and Stryker's own instrumenter
// listing the mutants of its changed lines before any test runs (a second or so, against minutes per mutant).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Instrumenter } from "@stryker-mutator/instrumenter";
import { changedLines, type LineRange, mergeRanges } from "./changed-lines.ts";
import type { PlannedMutant } from "./sample.ts";

const git = (root: string, args: string[]) =>
  execFileSync("git", ["-c", "core.quotePath=false", ...args], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 1 << 28,
    stdio: ["ignore", "pipe", "pipe"],
  });

/**
 * Lines added or modified since `base`: committed (`base...HEAD`), staged, unstaged and untracked. One diff
 * of the working tree against the merge base numbers every line as the file is now, which is what Stryker
 * mutates; two diffs (commits, then uncommitted work) would number the committed lines as they were.
 */
export function changesSince(root: string, base: string): Map<string, LineRange[]> {
  let mergeBase: string;
  try {
    mergeBase = git(root, ["merge-base", base, "HEAD"]).trim();
  } catch {
    throw new Error(
      `--changed ${base}: git knows no such commit or branch, or it shares no history with HEAD`,
    );
  }
  const changes = changedLines(git(root, ["diff", "-U0", "--no-color", "--no-ext-diff", mergeBase, "--"]));
  for (const file of git(root, ["ls-files", "--others", "--exclude-standard"]).split("\n").filter(Boolean)) {
    // A last line ends in "\n" and starts no further line.
    const lines = readFileSync(join(root, file), "utf8").replace(/\n$/, "").split("\n").length;
    changes.set(file, mergeRanges([...(changes.get(file) ?? []), { start: 1, end: lines }]));
  }
  return changes;
}

const quiet = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => true,
  isErrorEnabled: () => true,
  isFatalEnabled: () => true,
  trace() {},
  debug() {},
  info() {},
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
  fatal: (message: string) => console.error(message),
};

/**
 * The mutants Stryker will make of these lines: its instrumenter with its default mutators and ranges read
 * as its `file:start-end` entries are (lines 1-based, whole lines), so the count is the run's count.
 */
export async function plannedMutants(
  root: string,
  changes: Map<string, LineRange[]>,
): Promise<PlannedMutant[]> {
  const files = [...changes]
    .filter(([file]) => existsSync(join(root, file)))
    .map(([file, ranges]) => ({
      name: file,
      content: readFileSync(join(root, file), "utf8"),
      // Stryker's project reader turns `file:10-20` into 0-based lines, column 0 to the end of the line.
      mutate: ranges.map(({ start, end }) => ({
        start: { line: start - 1, column: 0 },
        end: { line: end - 1, column: Number.MAX_SAFE_INTEGER },
      })),
    }));
  const { mutants } = await new Instrumenter(quiet).instrument(files, {
    plugins: null,
    excludedMutations: [],
    ignorers: [],
  });
  // The instrumenter's lines are 0-based, its columns 0-based like the mutate entries'.
  return mutants.map((m) => ({
    file: m.fileName,
    start: { line: m.location.start.line + 1, column: m.location.start.column },
    end: { line: m.location.end.line + 1, column: m.location.end.column },
    mutatorName: m.mutatorName,
    replacement: m.replacement ?? "",
  }));
}

/** How far back a file's history is read for the tests written with it. */
const HISTORY_COMMITS = 100;

/**
 * Test files changed in the last commits that changed one of `files` (followed across renames), newest commit
 * first: the tests written with that code. Commits here pair a change with the tests that prove it.
 */
export function coChangedTests(root: string, files: readonly string[]): string[] {
  const commits = new Map<string, number>();
  for (const file of files) {
    const log = git(root, ["log", "--follow", `-n${HISTORY_COMMITS}`, "--format=%H %ct", "--", file]);
    for (const [hash, time] of log
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split(" ")))
      commits.set(hash as string, Number(time));
  }
  const newestFirst = [...commits].sort(([, a], [, b]) => b - a).map(([hash]) => hash);
  if (newestFirst.length === 0) return [];
  const names = git(root, ["log", "--no-walk=unsorted", "--name-only", "--format=", ...newestFirst]).split(
    "\n",
  );
  return [...new Set(names.filter((name) => /^test\/.+\.test\.ts$/.test(name)))];
}
