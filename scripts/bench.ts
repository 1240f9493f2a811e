// `npm run bench`: prints the figures each issue names. Benchmarks print; tests never assert timings.
import { join } from "node:path";
import { runEmulatorBench } from "../emulator/bench.ts";
import { printBulkRepeats } from "./bench/bulk-repeats.ts";
import { measureBundle } from "./bench/bundle.ts";
import { ENTRY_KINDS, measureColdStart, measureLazyPart, topContributors } from "./bench/cold-start.ts";
import { printDay, runDayInTheLife } from "./bench/day-in-the-life.ts";
import { benchFaults } from "./bench/faults.ts";
import { printFormulaIntentsBench } from "./bench/formula-intents.ts";
import { type PassFigures, runFormulaBench } from "./bench/formulas.ts";
import { printMaxAgeColumnBench } from "./bench/formulas-max-age.ts";
import { printFormulasWeek } from "./bench/formulas-week.ts";
import { runWrittenFormulaBench } from "./bench/formulas-written.ts";
import { printLookupIntentsBench } from "./bench/lookup-intents.ts";
import { printMoneyRecordBench } from "./bench/money-record.ts";
import { printPlatformFloor } from "./bench/platform-floor.ts";
import { printRecordSize } from "./bench/record-size.ts";
import { printRefreshChanges } from "./bench/refresh-changes.ts";
import { printRefreshEditsMoves } from "./bench/refresh-edits-moves.ts";
import { printResumeRecordLost } from "./bench/resume-record-lost.ts";
import { benchBulk } from "./bench-bulk.ts";

const root = join(import.meta.dirname, "..");

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const int = (n: number) => Math.round(n).toLocaleString("en-US");
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function section(title: string): void {
  console.log(`\n## ${title}`);
}

function row(label: string, p: PassFigures): void {
  console.log(
    `${label.padEnd(26)} ${int(p.requests).padStart(7)} requests ${int(p.credits).padStart(8)} credits   wall ${sec(p.wallMs).padStart(7)}   Apps Script time ${sec(p.clockMs)}`,
  );
}

section("Bundle (dist/Code.js)");
const bundle = measureBundle(join(root, "dist"));
console.log(`size raw:              ${kb(bundle.rawBytes)} (${bundle.rawBytes} bytes)`);
console.log(`size gzip:             ${kb(bundle.gzipBytes)} (${bundle.gzipBytes} bytes)`);
console.log(
  `a formula compiles:    ${kb(bundle.formulaCompiledBytes)}; its API part, ${kb(bundle.formulaApiCommentBytes)}, is a comment evaluated when a formula buys; the add-on part, ${kb(bundle.addonCommentBytes)}, one evaluated by clicks and triggers only`,
);
console.log(
  `cold load, bare V8:    ${bundle.coldLoadMedianMs.toFixed(2)} ms median of ${bundle.samples} fresh processes`,
);

console.log("top 10 contributors (minified bytes in dist/Code.js, from dist-meta/metafile.json):");
for (const part of topContributors(join(root, "dist-meta/metafile.json"))) {
  console.log(`  ${kb(part.bytes).padStart(9)}  ${part.path}`);
}
console.log("top 10 contributors to the formula part (from dist-meta/formulas-metafile.json):");
for (const part of topContributors(join(root, "dist-meta/formulas-metafile.json"))) {
  console.log(`  ${kb(part.bytes).padStart(9)}  ${part.path}`);
}

section("Cold start per entry kind: bare V8 context, to the first service call");
const cold = measureColdStart(join(root, "dist/Code.js"));
const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(9);
console.log(
  `medians of ${cold.samples} fresh processes each   compile  top-level  to 1st call    total   × floor`,
);
for (const kind of [...(Object.keys(ENTRY_KINDS) as (keyof typeof ENTRY_KINDS)[]), "floor"] as const) {
  const f = kind === "floor" ? cold.floor : cold.kinds[kind];
  const label = kind === "floor" ? "floor (a bundle of one function)" : `${kind} (${ENTRY_KINDS[kind]})`;
  console.log(
    `${label.padEnd(44).slice(0, 44)} ${ms(f.compile)} ${ms(f.topLevel)} ${ms(f.firstCall)} ${ms(f.total)} ${(f.total / cold.floor.total).toFixed(1).padStart(7)}×`,
  );
}

console.log(
  `evaluating a lazy part, once per execution that needs it: FormulaApi() (a formula that buys) ${ms(measureLazyPart(join(root, "dist/Code.js"), "FormulaApi()")).trim()}, Lib() (any other entry) ${ms(measureLazyPart(join(root, "dist/Code.js"), "Lib()")).trim()}`,
);

section("Emulator");
const emulator = await runEmulatorBench();
console.log(
  `dataset generation:    ${int(emulator.generationMs)} ms for ${int(emulator.organizations)} organizations`,
);
console.log(`loopback HTTP:         ${int(emulator.requestsPerSecond)} requests per second`);
console.log(
  `filter query latency:  ${emulator.filterQueryMedianMs.toFixed(2)} ms median, ${emulator.filterQueryP95Ms.toFixed(2)} ms p95 over ${int(emulator.organizations)} organizations (${emulator.filterQueries} queries)`,
);

section("Formulas: 5,000 rows, 2,000 unique organizations, 3 attributes + 2 technologies");
const formulas = await runFormulaBench();
row("ours, first evaluation", formulas.first);
row("ours, recalculation", formulas.recalculation);
row("naive, first evaluation", formulas.naiveFirst);
row("naive, recalculation", formulas.naiveRecalculation);
row("ours, first, latency model", formulas.firstWithLatency);
row("ours, recalc, latency model", formulas.recalculationWithLatency);
console.log(
  `requests ratio (naive / ours, first): ${(formulas.naiveFirst.requests / Math.max(1, formulas.first.requests)).toFixed(0)}×; credits ratio: ${(formulas.naiveFirst.credits / Math.max(1, formulas.first.credits)).toFixed(2)}×`,
);

section("Formulas as people write them: 5,000 rows, 2,000 organizations, ORG_ATTR industry, latency model");
const written = await runWrittenFormulaBench();
for (const [label, figures] of [
  ["(a) range form", written.range],
  ["(b) filled down", written.filled],
  ["(c) naive per cell", written.naive],
] as const) {
  row(`${label}, first`, figures.first);
  row(`${label}, 7 days on`, figures.reopened);
}
console.log(
  `filled ÷ range: requests ${(written.filled.first.requests / Math.max(1, written.range.first.requests)).toFixed(2)}×, credits ${(written.filled.first.credits / Math.max(1, written.range.first.credits)).toFixed(2)}× (Apps Script time: the first cell's start to the last one's end)`,
);

section("Credits under a fault storm: 10,000 rows, two executions at a time, seed 1");
const storm = await benchFaults();
console.log(
  `429 ×3, 500 ×2, a truncated answer, two answers past UrlFetch's deadline (70 s, 400 s): ${int(storm.lostRows)} rows lost and bought again only on the user's re-run`,
);
console.log(
  `before the re-run: ${int(storm.rowsFilledBeforeRerun)} rows filled, credits charged ÷ price-list minimum ${storm.chargedOverMinimumBeforeRerun.toFixed(2)}`,
);
console.log(
  `after the user's re-run: credits charged ÷ price-list minimum ${storm.chargedOverMinimum.toFixed(2)}; requests re-sent for unknown outcomes: ${storm.resentForUnknownOutcome}; Enrichment log ÷ ledger: ${storm.loggedOverCharged.toFixed(2)}`,
);

section("Bulk enrichment: through the bundle in the harness, against the emulator");
for (const options of [
  { rows: 10_000, latencyMs: 1_000 },
  { rows: 10_000, latencyMs: 1_000, latency: "apps-script" as const },
  { rows: 50_000, latencyMs: 100 },
]) {
  const bulk = await benchBulk(options);
  console.log(
    `${int(bulk.rows).padStart(6)} rows, ${int(bulk.latencyMs)} ms per request${bulk.latency === "none" ? "" : ", Apps Script latency model"}: ${int(bulk.requests)} requests in ${bulk.executions} execution(s), ${bulk.seconds.toFixed(1)} s Apps Script time, ${int(bulk.rowsPerSecond)} rows/s = ${bulk.ratioToRateLimitCeiling.toFixed(2)} × the rate-limit ceiling (10 requests × 1,000 rows a second)`,
  );
}
await printBulkRepeats();
await printMaxAgeColumnBench();

section(
  "A day in the life: a consumer account's working day, published add-on (BENCH_DAY_SCALE=1 for full formula columns)",
);
printDay(await runDayInTheLife({ formulaScale: Number(process.env.BENCH_DAY_SCALE ?? "0.2") }));
await printPlatformFloor();
await printRefreshChanges();
await printRefreshEditsMoves();
await printMoneyRecordBench();
await printFormulaIntentsBench();
await printLookupIntentsBench();
await printResumeRecordLost();
await printRecordSize();
await printFormulasWeek();
