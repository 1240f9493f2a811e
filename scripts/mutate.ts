// `npm run mutate [-- <folder or file>… [--tests=<glob>…]]`: StrykerJS over the paid paths (stryker.config.mjs), then the score
// per paid folder and every surviving mutant by file and line. Reports go to reports/mutation/ (gitignored);
// incremental: a second run re-tests only mutants whose code or tests changed.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PAID_PATHS } from "../stryker.config.mjs";

const root = join(import.meta.dirname, "..");
const REPORT = join(root, "reports/mutation/mutation.json");

interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number } };
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

/**
 * The tests that can kill a paid folder's mutants: its unit tests and the e2e scenarios of its features.
 * Fewer files make the initial (coverage) run shorter; coverage analysis then picks, per mutant, the tests
 * that ran its code. Emulator, harness, script and browser tests never run mutated code.
 */
const TESTS: Record<string, string[]> = {
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

/** The paid folder (or file) a source file belongs to, as stryker.config.mjs names them. */
function paidFolder(file: string): string {
  for (const pattern of PAID_PATHS) {
    const base = pattern.replace(/\/\*\*\/\*\.ts$/, "");
    if (file === base || file.startsWith(`${base}/`)) return base;
  }
  return file;
}

function scoreLine(name: string, mutants: Mutant[]): string {
  const count = (...statuses: string[]) => mutants.filter((m) => statuses.includes(m.status)).length;
  const detected = count("Killed", "Timeout");
  const undetected = count("Survived", "NoCoverage");
  const valid = detected + undetected;
  const score = valid === 0 ? "n/a" : `${((100 * detected) / valid).toFixed(1)}%`;
  const errors = count("CompileError", "RuntimeError");
  return `${name.padEnd(28)} ${score.padStart(7)}  killed ${String(detected).padStart(5)}  survived ${String(count("Survived")).padStart(4)}  no coverage ${String(count("NoCoverage")).padStart(4)}${errors ? `  errors ${errors}` : ""}`;
}

/** Prints the score per paid folder and writes (and prints) the survivors by file and line. */
export function summarize(report: Report): string {
  const byFolder = new Map<string, Mutant[]>();
  const survivors: string[] = [];
  for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const folder = paidFolder(file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), ...mutants]);
    for (const m of [...mutants].sort((a, b) => a.location.start.line - b.location.start.line)) {
      if (m.status !== "Survived" && m.status !== "NoCoverage") continue;
      const replacement = (m.replacement ?? "").replace(/\s+/g, " ").slice(0, 80);
      survivors.push(
        `${file}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName} -> ${replacement}`,
      );
    }
  }
  const lines = ["Mutation score per paid folder:"];
  for (const [folder, mutants] of byFolder) lines.push(scoreLine(folder, mutants));
  lines.push(scoreLine("all paid paths run", [...byFolder.values()].flat()));
  lines.push("", `Surviving mutants (${survivors.length}):`, ...survivors);
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `--tests=<glob>` (repeatable) names the tests to run instead of the folders' usual ones.
  const args = process.argv.slice(2);
  const only = args.filter((arg) => !arg.startsWith("--tests="));
  const chosen = args.filter((arg) => arg.startsWith("--tests=")).map((arg) => arg.slice("--tests=".length));
  const mutate = only.map((path) => (path.endsWith(".ts") ? path : `${path.replace(/\/$/, "")}/**/*.ts`));
  // Only with a chosen subset: a full run uses every test the config allows.
  const tests = chosen.length
    ? chosen
    : [...new Set(only.flatMap((path) => TESTS[paidFolder(path.replace(/\/$/, ""))] ?? []))];
  rmSync(REPORT, { force: true });
  // Nice: the machine's cores are shared; the run takes long and is never urgent.
  const result = spawnSync("nice", ["-n", "10", "npx", "stryker", "run", "stryker.config.mjs"], {
    cwd: root,
    stdio: "inherit",
    // Globs with braces hold commas, which Stryker's command line splits on: handed over as JSON.
    env: {
      ...process.env,
      ...(mutate.length ? { MUTATE_FILES: JSON.stringify(mutate) } : {}),
      ...(tests.length ? { MUTATE_TESTS: JSON.stringify(tests) } : {}),
    },
  });
  if (!existsSync(REPORT)) process.exit(result.status ?? 1);
  const summary = summarize(JSON.parse(readFileSync(REPORT, "utf8")) as Report);
  writeFileSync(join(root, "reports/mutation/summary.txt"), `${summary}\n`);
  console.log(`\n${summary}\n\nHTML report: reports/mutation/index.html`);
  process.exit(result.status ?? 1);
}
