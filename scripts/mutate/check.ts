// `npx tsx scripts/mutate/check.ts`: the mutation tool's own check (two minutes or so). Stryker runs two mutants
// whose unit tests kill them by hand; each must come back killed by that test and covered by it. It fails
// when per-test coverage, a static mutant's switch or the report's scope goes wrong again.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { strykerEnv } from "../mutate.ts";
import { plannedMutants } from "./plan.ts";
import { mutateEntry, type PlannedMutant } from "./sample.ts";
import type { Report } from "./summary.ts";

const root = join(import.meta.dirname, "../..");
const REPORT = join(root, "reports/mutation/mutation.json");

interface Case {
  /** What the case guards. */
  why: string;
  file: string;
  /** Picks the mutant among the file's, by its mutator, its node's text and the node's line. */
  pick: (m: PlannedMutant, node: string, line: string) => boolean;
  /** The unit test file that kills it. */
  killer: string;
  /** Run when its module loads: Stryker counts that coverage for no test, so the killer is not among it. */
  loadTime?: true;
  tests: string[];
}

const CASES: Case[] = [
  {
    why: "a runtime mutant a unit test and an e2e test both execute (its unit test once went unrecorded)",
    file: "src/core/spending/fetch-allowance.ts",
    pick: (m, node) => m.mutatorName === "ArithmeticOperator" && node === "now - current.start",
    killer: "test/unit/core/fetch-allowance.test.ts",
    tests: ["test/unit/core/fetch-allowance.test.ts", "test/e2e/fetch-allowance.test.ts"],
  },
  {
    why: "a static mutant, in a table built when its module loads (once never switched on)",
    file: "src/core/text/brief-text.ts",
    // The underscore emphasis's replacement; its test: "an _early_ sign" reads "an early sign".
    pick: (m, node, line) =>
      m.mutatorName === "StringLiteral" && node === '"$1$2"' && line.includes("_(?=\\S)([^_]*?\\S)_"),
    killer: "test/unit/text/brief-text.test.ts",
    loadTime: true,
    tests: ["test/unit/text/brief-text.test.ts"],
  },
];

async function main(): Promise<number> {
  const chosen: Array<Case & { mutant: PlannedMutant }> = [];
  for (const c of CASES) {
    const all = await plannedMutants(root, new Map([[c.file, [{ start: 1, end: 100_000 }]]]));
    const lines = readFileSync(join(root, c.file), "utf8").split("\n");
    const found = all.filter((m) => {
      const line = lines[m.start.line - 1] ?? "";
      return m.start.line === m.end.line && c.pick(m, line.slice(m.start.column, m.end.column), line);
    });
    if (found.length !== 1) throw new Error(`${c.file}: ${found.length} mutants fit the check's case, not 1`);
    chosen.push({ ...c, mutant: found[0] as PlannedMutant });
  }
  const plan = {
    mutate: chosen.map((c) => mutateEntry(c.mutant)),
    tests: [...new Set(chosen.flatMap((c) => c.tests))],
    header: [],
    incremental: false,
  };
  console.log(`Checking the mutation tool on ${plan.mutate.join(" ")}`);
  spawnSync("nice", ["-n", "10", "npx", "stryker", "run", "stryker.config.mjs", "--reporters", "json"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...strykerEnv(plan) },
  });
  if (!existsSync(REPORT)) throw new Error("Stryker wrote no report: its initial run failed (see above)");
  const report = JSON.parse(readFileSync(REPORT, "utf8")) as Report;
  const fileOfTest = new Map(
    Object.entries(report.testFiles ?? {}).flatMap(([file, { tests }]) => tests.map((t) => [t.id, file])),
  );
  const problems: string[] = [];
  const reported = Object.values(report.files).flatMap((f) => f.mutants).length;
  if (reported !== chosen.length) problems.push(`the report holds ${reported} mutants, not ${chosen.length}`);
  for (const c of chosen) {
    const m = report.files[c.file]?.mutants.find(
      (r) =>
        r.location.start.line === c.mutant.start.line &&
        r.location.start.column === c.mutant.start.column + 1,
    );
    const files = (ids: string[] | undefined) => new Set((ids ?? []).map((id) => fileOfTest.get(id)));
    const where = `${c.file}:${c.mutant.start.line}:${c.mutant.start.column + 1} (${c.why})`;
    if (!m) problems.push(`${where}: not in the report`);
    else if (m.status !== "Killed") problems.push(`${where}: ${m.status}, not Killed`);
    else if (!files(m.killedBy).has(c.killer)) problems.push(`${where}: not killed by ${c.killer}`);
    else if (!c.loadTime && !files(m.coveredBy).has(c.killer))
      problems.push(`${where}: ${c.killer} not among its coverage`);
  }
  console.log(
    problems.length
      ? `\nMutation tool check FAILED:\n${problems.join("\n")}`
      : "\nMutation tool check passed.",
  );
  return problems.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main());
