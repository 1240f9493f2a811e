// `npm run model -- --runs N --seed S [--path P --replay-path R] [--bugs rerun,…] [--max-commands M] [--weights Kind=N,…]`: the
// model-based test of a spreadsheet's life (test/model/) over longer runs. Prints how many sequences and
// commands ran and, on failure, fast-check's shrunk sequence with the seed and path that replay it.
import { parseArgs } from "node:util";
import { checkLife } from "../test/model/life.ts";
import { KNOWN_BUGS, type KnownBug } from "../test/model/steps.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "50" },
    seed: { type: "string", default: String(Date.now() % 1_000_000) },
    path: { type: "string" },
    "replay-path": { type: "string" },
    bugs: { type: "string", default: "" },
    "max-commands": { type: "string", default: "25" },
    weights: { type: "string", default: "" },
  },
});
const bugs = values.bugs.split(",").filter(Boolean);
for (const bug of bugs) {
  if (!(KNOWN_BUGS as readonly string[]).includes(bug)) {
    console.error(`Unknown --bugs entry "${bug}". Use some of: ${KNOWN_BUGS.join(", ")}.`);
    process.exit(2);
  }
}
// --weights SaveRule=4,RefreshNow=6: those kinds drawn 4 and 6 times as often as the others.
const weights: Record<string, number> = {};
for (const entry of values.weights.split(",").filter(Boolean)) {
  const [kind, times] = entry.split("=");
  if (!kind || !/^[1-9]\d*$/.test(times ?? "")) {
    console.error(`--weights takes Kind=N entries (N a whole number from 1), not "${entry}".`);
    process.exit(2);
  }
  weights[kind] = Number(times);
}
const tally = { sequences: 0, commands: 0, byCommand: {} as Record<string, number> };
const started = Date.now();
let failed = false;
try {
  await checkLife({
    seed: Number(values.seed),
    numRuns: Number(values.runs),
    maxCommands: Number(values["max-commands"]),
    bugs: new Set(bugs as KnownBug[]),
    weights,
    ...(values.path ? { path: values.path } : {}),
    ...(values["replay-path"] ? { replayPath: values["replay-path"] } : {}),
    tally,
  });
} catch (error) {
  failed = true;
  console.log((error as Error).message);
  const cause = (error as { cause?: unknown }).cause;
  console.log(`\nWhat failed: ${cause instanceof Error ? cause.message : String(cause)}`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  `\nseed ${values.seed}, ${values.runs} runs asked${bugs.length ? `, known bugs on: ${bugs.join(", ")}` : ""}: ` +
    `${tally.sequences} sequences and ${tally.commands} commands ran (shrinking included) in ${seconds} s — ${failed ? "FAILED" : "passed"}.`,
);
console.log(
  `by command: ${Object.entries(tally.byCommand)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ")}`,
);
process.exit(failed ? 1 : 0);
