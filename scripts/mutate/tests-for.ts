// Which test files a mutation run of some paid files runs: the files' folders' tests (TESTS), and of their unit
// tests only those that import a mutated file, directly or through other modules.
import { dirname, join, normalize } from "node:path";

/**
 * The tests that can kill a paid folder's mutants: its unit tests and the e2e scenarios of its features.
 * Fewer files make the initial (coverage) run shorter; coverage analysis then picks, per mutant, the tests
 * that ran its code. Emulator, harness, script and browser tests never run mutated code.
 */
export const TESTS: Record<string, string[]> = {
  "src/core": [
    "test/unit/{core,bulk,jobs,functions,api}/**/*.test.ts",
    "test/e2e/{formulas,formula,bulk,credits,jobs,sidebar-lost-answer,bad-input,cold-start,fetch-allowance}*.test.ts",
  ],
  "src/functions": [
    "test/unit/functions/**/*.test.ts",
    "test/e2e/{formulas,formula,bad-input,cold-start,fetch-allowance,doc-examples}*.test.ts",
  ],
  "src/server/bulk": ["test/unit/bulk/**/*.test.ts", "test/e2e/{bulk,credits,jobs,sidebar-enrich}*.test.ts"],
  "src/server/jobs": ["test/unit/jobs/**/*.test.ts", "test/e2e/{bulk,credits,jobs}*.test.ts"],
  "src/server/sidebar": [
    "test/unit/sidebar/**/*.test.ts",
    "test/e2e/sidebar*.test.ts",
    "test/e2e/jobs-lost*.test.ts",
  ],
  "src/server/enrich": ["test/unit/sidebar/**/*.test.ts", "test/e2e/sidebar-{enrich,titles}*.test.ts"],
  "src/server/lists": ["test/unit/sidebar/**/*.test.ts", "test/e2e/sidebar-lists*.test.ts"],
  "src/server/signals": ["test/unit/sidebar/**/*.test.ts", "test/e2e/sidebar-signals*.test.ts"],
  "src/server/more": ["test/unit/sidebar/**/*.test.ts", "test/e2e/sidebar-more*.test.ts"],
  "src/api/request.ts": [
    "test/unit/api/**/*.test.ts",
    "test/contract/**/*.test.ts",
    "test/e2e/{sidebar-lost-answer,bulk-unknown-outcome,bulk-faults,credits,harness-killed-requests,jobs-lost}*.test.ts",
  ],
};

/** The TESTS key a source file (or folder) falls under: the longest key that is it or a folder holding it. */
export function testsKey(path: string): string | undefined {
  return Object.keys(TESTS)
    .filter((key) => path === key || path.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The test globs of some source files or folders, each once. */
export function testGlobs(paths: readonly string[]): string[] {
  return [...new Set(paths.flatMap((path) => TESTS[testsKey(path) ?? ""] ?? []))];
}

/** A glob of the shapes TESTS uses (`*`, `**\/`, `{a,b}`) as a regular expression over repository paths. */
export function globRegExp(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (glob.startsWith("**/", i)) {
      source += "(?:[^/]+/)*";
      i += 2;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "{") source += "(?:";
    else if (c === "}") source += ")";
    else if (c === ",") source += "|";
    else source += c.replace(/[.+^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

// `import … from "./x"`, `export … from "./x"`, `import "./x"` and `import("./x")`.
const IMPORT =
  /(?:(?:^|\n)\s*(?:(?:import|export)\s[^;]*?from\s*|import\s*)|\bimport\(\s*)["'](\.{1,2}\/[^"']+)["']/g;

/** The relative modules a TypeScript file imports or re-exports (type-only imports run nothing: skipped). */
export function relativeImports(file: string, text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    if (/^\s*(?:import|export)\s+type\s/.test(match[0])) continue;
    out.push(normalize(join(dirname(file), match[1] as string)));
  }
  return out;
}

/**
 * The test files whose import closure holds one of `targets`; unit tests run sources directly, so one that
 * never imports a mutated file cannot run a mutant. `read` gives a file's text, or undefined if it is absent.
 */
export function importingTests(
  tests: readonly string[],
  targets: readonly string[],
  read: (file: string) => string | undefined,
): string[] {
  // Every module the tests reach, read once, then back from the targets along reversed imports: exact even
  // with import cycles.
  const texts = new Map<string, string | undefined>();
  const text = (file: string) => {
    if (!texts.has(file)) texts.set(file, read(file));
    return texts.get(file);
  };
  // As TypeScript resolves an import written without its extension, or of a folder.
  const resolve = (dep: string) =>
    [dep, `${dep}.ts`, `${dep}.tsx`, join(dep, "index.ts")].find((f) => text(f) !== undefined) ?? dep;
  const importers = new Map<string, string[]>();
  const queue = [...tests];
  const seen = new Set(queue);
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const source = text(file);
    if (source === undefined) continue;
    for (const dep of relativeImports(file, source).map(resolve)) {
      importers.set(dep, [...(importers.get(dep) ?? []), file]);
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  const reaching = new Set(targets);
  const back = [...targets];
  for (let file = back.pop(); file !== undefined; file = back.pop()) {
    for (const importer of importers.get(file) ?? []) {
      if (reaching.has(importer)) continue;
      reaching.add(importer);
      back.push(importer);
    }
  }
  return tests.filter((test) => reaching.has(test));
}

export interface TestChoice {
  /** Every test file of the repository but the browser tier. */
  tests: readonly string[];
  /** In the changed files' folders' TESTS globs. */
  folder: ReadonlySet<string>;
  /** Import a changed file, directly or through other modules. */
  importing: ReadonlySet<string>;
  /** Test files changed in this change. */
  changedNow: readonly string[];
  /** Test files changed in the past commits that changed one of the files, newest commit first. */
  coChanged: readonly string[];
  /** Files with a scenario whose own timeout says it runs for minutes: taken after the others. */
  slow?: ReadonlySet<string>;
  /** At most this many e2e and contract files (each costs minutes in the initial run); undefined: no cap. */
  maxBundleTests?: number;
  /** Every e2e and contract test of the folders, not only the related ones. */
  wide: boolean;
}

/**
 * A unit test runs when it imports a changed file (it runs sources; one that never imports a file cannot run
 * its mutants). An e2e or contract test runs the bundle, which holds everything, so imports say little; the
 * most related come first and at most `maxBundleTests` run: those this change edits, then those written with
 * the changed files (newest commit first), then the folders' TESTS that import a changed file; files with a
 * scenario of minutes go last. `wide` takes
 * every e2e and contract test of the folders instead, for a slower, stronger run.
 */
export function chooseTests(choice: TestChoice): { tests: string[]; leftOut: string[] } {
  const { tests, folder, importing, changedNow, coChanged, maxBundleTests, wide } = choice;
  const present = new Set(tests);
  const unit = tests.filter(
    (t) =>
      t.startsWith("test/unit/") &&
      importing.has(t) &&
      (folder.has(t) || changedNow.includes(t) || coChanged.includes(t)),
  );
  const bundle = (t: string) => present.has(t) && !t.startsWith("test/unit/");
  const ranked = wide
    ? [...changedNow, ...coChanged, ...tests.filter((t) => folder.has(t))]
    : [...changedNow, ...coChanged, ...tests.filter((t) => folder.has(t) && importing.has(t))];
  const related = [...new Set(ranked.filter(bundle))];
  // One scenario over its timeout stops the whole run before any mutant, and a busy machine makes the
  // long ones overrun: light files first, each group in its order of relation.
  const ordered = [
    ...related.filter((t) => !choice.slow?.has(t)),
    ...related.filter((t) => choice.slow?.has(t)),
  ];
  const cap = wide || maxBundleTests === undefined ? ordered.length : maxBundleTests;
  return { tests: [...unit, ...ordered.slice(0, cap)], leftOut: ordered.slice(cap) };
}

/** A scenario's own timeout above this (`}, 240_000);`) marks its file slow. */
const SLOW_TIMEOUT_MS = 120_000;

/** Whether a test file gives a scenario more than two minutes: its authors say it runs long. */
export function isSlowTestFile(text: string): boolean {
  return [...text.matchAll(/\},\s*([\d_]+)\s*\)/g)].some(
    (m) => Number((m[1] as string).replaceAll("_", "")) > SLOW_TIMEOUT_MS,
  );
}
