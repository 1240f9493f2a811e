// `npm run mutate [-- <folder or file>… | --changed <base> [options]] [--tests=<glob>…] [--force]`: StrykerJS over the paid
// paths (stryker.config.mjs) or only the lines a change added or modified, then the score with its interval,
// the time taken and every surviving mutant by file and line (also in reports/mutation/summary.txt).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PAID_PATHS } from "../stryker.config.mjs";
import { estimatedMinutes, MEASURED, mutantBudget } from "./mutate/budget.ts";
import { lineRangeEntries, paidChanges } from "./mutate/changed-lines.ts";
import { changesSince, coChangedTests, plannedMutants } from "./mutate/plan.ts";
import { mergeRerun, rerunPlan } from "./mutate/rerun.ts";
import { type PlannedMutant, sampleMutants } from "./mutate/sample.ts";
import { durationText } from "./mutate/score.ts";
import { type Report, runMutants, summarize } from "./mutate/summary.ts";
import { chooseTests, globRegExp, importingTests, isSlowTestFile, testGlobs } from "./mutate/tests-for.ts";

const root = join(import.meta.dirname, "..");
const REPORT = join(root, "reports/mutation/mutation.json");

/** A `--changed` run's default length: a stop in the work, not a night. */
const BUDGET_MINUTES = 20;
/** E2e and contract files a `--changed` run takes by default, the most related first (each costs minutes). */
const BUNDLE_TESTS = 3;

interface Args {
  paths: string[];
  tests: string[];
  changed?: string;
  seed: number;
  maxMutants?: number;
  minutes: number;
  bundleTests: number;
  force: boolean;
  /** Print what would run (mutants, sample, tests) and stop. */
  planOnly: boolean;
  /** Every e2e and contract test of the changed files' folders, not only those related to the change. */
  wide: boolean;
}

export function parseArgs(argv: readonly string[], randomSeed: () => number): Args {
  const args: Args = {
    paths: [],
    tests: [],
    seed: randomSeed(),
    minutes: BUDGET_MINUTES,
    bundleTests: BUNDLE_TESTS,
    force: false,
    planOnly: false,
    wide: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value`);
      return v;
    };
    const count = (name: string) => {
      const v = value();
      if (!/^\d+$/.test(v)) throw new Error(`${name} is a whole number, not ${v}`);
      return Number(v);
    };
    if (flag === "--changed") args.changed = value();
    else if (flag === "--tests") args.tests.push(value());
    else if (flag === "--seed") args.seed = count("--seed");
    else if (flag === "--max-mutants") args.maxMutants = count("--max-mutants");
    else if (flag === "--minutes") args.minutes = count("--minutes");
    else if (flag === "--bundle-tests") args.bundleTests = count("--bundle-tests");
    else if (flag === "--force") args.force = true;
    else if (flag === "--plan") args.planOnly = true;
    else if (flag === "--wide") args.wide = true;
    else if (flag.startsWith("--")) throw new Error(`Unknown option ${flag}`);
    else args.paths.push(arg);
  }
  if (args.maxMutants === 0) throw new Error("--max-mutants is at least 1");
  if (args.changed !== undefined && args.paths.length)
    throw new Error("--changed mutates the change's lines: give no folder or file with it");
  return args;
}

/** Repository test files (tracked or new), without the browser tier, which mutation runs never use. */
function testFiles(): string[] {
  const out = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "test"], {
    cwd: root,
    encoding: "utf8",
  });
  return out.stdout
    .split("\n")
    .filter(
      (file) =>
        file.endsWith(".test.ts") && !file.startsWith("test/browser/") && existsSync(join(root, file)),
    );
}

const readSource = (file: string) =>
  existsSync(join(root, file)) && statSync(join(root, file)).isFile()
    ? readFileSync(join(root, file), "utf8")
    : undefined;

/** The test files for mutating a change's paid files (chooseTests says which and why). */
function testsForChange(files: string[], changedFiles: string[], args: Args) {
  const tests = testFiles();
  const globs = testGlobs(files).map(globRegExp);
  return chooseTests({
    tests,
    folder: new Set(tests.filter((file) => globs.some((glob) => glob.test(file)))),
    importing: new Set(importingTests(tests, files, readSource)),
    changedNow: changedFiles.filter((file) => tests.includes(file)),
    coChanged: coChangedTests(root, files),
    slow: new Set(
      tests.filter((file) => !file.startsWith("test/unit/") && isSlowTestFile(readSource(file) ?? "")),
    ),
    maxBundleTests: args.bundleTests,
    wide: args.wide,
  });
}

export interface Plan {
  mutate?: string[];
  tests: string[];
  header: string[];
  /** Stryker's incremental file: off for a change's sampled ranges (stryker.config.mjs says why). */
  incremental: boolean;
}

/** What the Stryker process is handed (stryker.config.mjs reads it); globs with braces hold commas, which
 * Stryker's command line splits on, so the lists go as JSON. */
export function strykerEnv(plan: Plan): Record<string, string> {
  return {
    ...(plan.mutate ? { MUTATE_FILES: JSON.stringify(plan.mutate) } : {}),
    ...(plan.tests.length ? { MUTATE_TESTS: JSON.stringify(plan.tests) } : {}),
    ...(plan.incremental ? {} : { MUTATE_INCREMENTAL: "false" }),
  };
}

async function changedPlan(args: Args & { changed: string }): Promise<Plan | undefined> {
  const all = changesSince(root, args.changed);
  const changes = paidChanges(all, PAID_PATHS);
  const files = [...changes.keys()];
  const header = [`Changed since ${args.changed} (with uncommitted work): ${files.length} paid file(s)`];
  for (const [file, ranges] of changes)
    header.push(
      `  ${file}: lines ${ranges.map((r) => (r.start === r.end ? r.start : `${r.start}-${r.end}`)).join(", ")}`,
    );
  const mutants = await plannedMutants(root, changes);
  if (mutants.length === 0) {
    console.log([...header, "No mutant in the changed paid lines: nothing to run."].join("\n"));
    return undefined;
  }
  const choice = args.tests.length
    ? { tests: args.tests, leftOut: [] }
    : testsForChange(files, [...all.keys()], args);
  const tests = choice.tests;
  const unitFiles = tests.filter((t) => t.startsWith("test/unit/")).length;
  const bundleFiles = tests.length - unitFiles;
  const max = args.maxMutants ?? mutantBudget(args.minutes, unitFiles, bundleFiles, MEASURED);
  let mutate = lineRangeEntries(changes);
  let chosen: PlannedMutant[] = mutants;
  if (mutants.length > max) {
    const sample = sampleMutants(mutants, max, args.seed);
    mutate = sample.entries;
    chosen = sample.mutants;
    header.push(
      `${mutants.length} mutants, more than the ${max} that fit: a random sample of ${chosen.length} (seed ${args.seed}; --seed=${args.seed} repeats it)`,
    );
  } else header.push(`${mutants.length} mutants, all run`);
  header.push(`${tests.length} test file(s): ${tests.join(" ")}`);
  if (choice.leftOut.length)
    header.push(
      `Left out, less related (--bundle-tests=${args.bundleTests + choice.leftOut.length} or --wide takes them): ${choice.leftOut.join(" ")}`,
    );
  header.push(
    `Estimated ${estimatedMinutes(unitFiles, bundleFiles, chosen.length, MEASURED)} min on a busy 2-core machine`,
  );
  return { mutate, tests, header, incremental: false };
}

function folderPlan(args: Args): Plan {
  // A file may carry one of Stryker's ranges (`src/x.ts:60-60`, `src/x.ts:60:34-60:54`).
  const file = (path: string) => path.replace(/:[\d:-]+$/, "");
  const mutate = args.paths.map((path) =>
    file(path).endsWith(".ts") ? path : `${path.replace(/\/$/, "")}/**/*.ts`,
  );
  // Only with a chosen subset: a full run uses every test the config allows.
  const tests = args.tests.length ? args.tests : testGlobs(args.paths.map((p) => file(p).replace(/\/$/, "")));
  const header = [
    `Mutating ${mutate.length ? mutate.join(" ") : "every paid path"}`,
    `Tests: ${tests.length ? tests.join(" ") : "every unit, contract and e2e test"}`,
  ];
  return { ...(mutate.length ? { mutate } : {}), tests, header, incremental: true };
}

/** One Stryker run of a plan, its report at REPORT (none when it stopped before any mutant). */
function runStryker(plan: Plan, force: boolean) {
  rmSync(REPORT, { force: true });
  // Nice: the machine's cores are shared; the run takes long and is never urgent.
  return spawnSync(
    "nice",
    ["-n", "10", "npx", "stryker", "run", "stryker.config.mjs", ...(force ? ["--force"] : [])],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...strykerEnv(plan) },
    },
  );
}

async function main() {
  const started = Date.now();
  const args = parseArgs(process.argv.slice(2), () => Math.floor(Math.random() * 2 ** 31));
  const plan =
    args.changed !== undefined ? await changedPlan({ ...args, changed: args.changed }) : folderPlan(args);
  if (!plan) return 0;
  console.log(plan.header.join("\n"));
  if (args.planOnly) return 0;
  const result = runStryker(plan, args.force);
  if (!existsSync(REPORT)) {
    // Stryker stops before any mutant when a test fails unmutated (often a long test's timeout on a busy
    // machine); its own message above names the test.
    if (args.changed !== undefined)
      console.error(
        "\nNo mutant ran. If a test failed or timed out in the initial run, choose others with --tests=<glob> or --bundle-tests=<n>.",
      );
    return result.status ?? 1;
  }
  const entries = plan.mutate ?? PAID_PATHS;
  let report = JSON.parse(readFileSync(REPORT, "utf8")) as Report;
  const again = rerunPlan(runMutants(report, entries).report);
  if (again) {
    console.log(
      `\n${again.entries.length} survivor(s) ran no test though tests cover them (vitest cancelled their run): once more, with their ${again.tests.length} test file(s).`,
    );
    runStryker({ mutate: again.entries, tests: again.tests, header: [], incremental: false }, false);
    if (existsSync(REPORT)) report = mergeRerun(report, JSON.parse(readFileSync(REPORT, "utf8")) as Report);
    // mutation.json holds the whole run again; the HTML report is the second run's.
    writeFileSync(REPORT, JSON.stringify(report));
  }
  const summary = summarize(report, PAID_PATHS, {
    header: plan.header,
    elapsed: durationText(Date.now() - started),
    entries,
  });
  mkdirSync(join(root, "reports/mutation"), { recursive: true });
  writeFileSync(join(root, "reports/mutation/summary.txt"), `${summary}\n`);
  console.log(`\n${summary}\n\nHTML report: reports/mutation/index.html`);
  return result.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exit(await main());
  } catch (error) {
    // A wrong option or base is the user's to fix: the sentence, not a stack.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}
