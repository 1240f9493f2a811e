// The lines a change added or modified, from `git diff -U0`, kept only in the paid paths Stryker mutates.

/** Inclusive, 1-based line numbers of the file as it is now. */
export interface LineRange {
  start: number;
  end: number;
}

const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/;

/**
 * Added or modified lines per file of a unified diff made with `-U0`, in the new file's numbering. A hunk
 * that only deletes (`+n,0`) adds no line: there is nothing left there to mutate. Deleted files are left out.
 */
export function changedLines(diff: string): Map<string, LineRange[]> {
  const files = new Map<string, LineRange[]>();
  let file: string | undefined;
  for (const line of diff.split("\n")) {
    if (line.startsWith("+++ ")) {
      const path = line.slice(4).trim();
      file = path.startsWith("b/") ? path.slice(2) : undefined;
      continue;
    }
    const hunk = file === undefined ? null : HUNK.exec(line);
    if (!hunk || file === undefined) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    if (count === 0) continue;
    files.set(file, [...(files.get(file) ?? []), { start, end: start + count - 1 }]);
  }
  for (const [path, ranges] of files) files.set(path, mergeRanges(ranges));
  return files;
}

/** Sorted, with overlapping and touching ranges joined (two diffs of one file may overlap). */
export function mergeRanges(ranges: LineRange[]): LineRange[] {
  const merged: LineRange[] = [];
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && range.start <= last.end + 1) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * Whether Stryker's config mutates this file: `folder/**\/*.ts` patterns and single files are all
 * stryker.config.mjs uses; any other shape throws, so this filter never silently disagrees with the config.
 */
export function isPaid(file: string, paidPaths: readonly string[]): boolean {
  return paidPaths.some((pattern) => {
    if (pattern.endsWith("/**/*.ts")) {
      const folder = pattern.slice(0, -"/**/*.ts".length);
      if (/[*?{[]/.test(folder)) throw new Error(`Paid path pattern not understood: ${pattern}`);
      return file.startsWith(`${folder}/`) && file.endsWith(".ts");
    }
    if (/[*?{[]/.test(pattern)) throw new Error(`Paid path pattern not understood: ${pattern}`);
    return file === pattern;
  });
}

/** The changed lines of paid files only, files in path order. */
export function paidChanges(
  changes: Map<string, LineRange[]>,
  paidPaths: readonly string[],
): Map<string, LineRange[]> {
  return new Map(
    [...changes].filter(([file]) => isPaid(file, paidPaths)).sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Stryker's mutate entries for whole changed lines: `file:start-end` (columns 0 to the line's end). */
export function lineRangeEntries(changes: Map<string, LineRange[]>): string[] {
  return [...changes].flatMap(([file, ranges]) => ranges.map(({ start, end }) => `${file}:${start}-${end}`));
}
