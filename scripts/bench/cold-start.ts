// Cold start per entry kind: compile + top-level + time to the first Apps Script service call of
// dist/Code.js in a bare V8 context, each sample in a fresh Node process (Apps Script keeps no
// compilation cache between executions), beside the same figures for a bundle of one function (the floor).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What one entry kind runs after the bundle has loaded, up to its first service call. */
export const ENTRY_KINDS = {
  "custom function": 'ORG_ATTR("acme.com", "industry")',
  onOpen: "onOpen({ authMode: 'NONE' })",
  "sidebar call": "getSettings()",
  trigger: "dispatchJobs()",
} as const;
export type EntryKind = keyof typeof ENTRY_KINDS;

/**
 * Runs in a fresh process: times compiling and running the bundle, then calls the entry point until it
 * first touches a service. Every service is a proxy that records the time and throws a sentinel.
 */
const PROBE = `
const vm = require("node:vm");
const [path, call] = process.argv.slice(1);
const code = require("node:fs").readFileSync(path, "utf8");
const now = () => Number(process.hrtime.bigint()) / 1e6;
let touched = null;
const SENTINEL = { sentinel: true };
const sandbox = {};
for (const name of ["SpreadsheetApp", "PropertiesService", "CacheService", "LockService", "UrlFetchApp",
  "ScriptApp", "HtmlService", "Utilities", "Session", "Logger"]) {
  sandbox[name] = new Proxy({}, { get() { if (touched === null) touched = now(); throw SENTINEL; } });
}
const t0 = now();
const context = vm.createContext(sandbox);
const script = new vm.Script(code, { filename: "Code.js" });
const t1 = now();
script.runInContext(context);
const t2 = now();
let error;
try { vm.runInContext(call, context); } catch (e) { if (e !== SENTINEL) error = String(e && e.message || e); }
const t3 = touched ?? now();
process.stdout.write(JSON.stringify({ compile: t1 - t0, topLevel: t2 - t1, firstCall: t3 - t2, total: t3 - t0,
  touched: touched !== null, error }));
`;

export interface ColdStartFigures {
  compile: number;
  topLevel: number;
  firstCall: number;
  total: number;
}

interface Sample extends ColdStartFigures {
  /** False when the entry returned or failed without calling a service: then the figure is not one. */
  touched: boolean;
  error?: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function sample(path: string, call: string): Sample {
  const result = JSON.parse(
    execFileSync(process.execPath, ["-e", PROBE, path, call], { encoding: "utf8" }),
  ) as Sample;
  if (!result.touched) {
    throw new Error(
      `${call} reached no service call${result.error ? `: ${result.error}` : ""}; the probe measures nothing.`,
    );
  }
  return result;
}

/** Medians of `samples` fresh processes; kinds interleaved so that machine drift hits them alike. */
export function measureColdStart(
  bundlePath: string,
  samples = 31,
): { kinds: Record<EntryKind, ColdStartFigures>; floor: ColdStartFigures; samples: number } {
  const floorPath = join(mkdtempSync(join(tmpdir(), "cold-start-")), "Code.js");
  // The floor: one custom function whose body goes straight to a service, stub included, as the build emits it.
  writeFileSync(
    floorPath,
    "var Lib=(()=>{function ORG_ATTR(o,a){return CacheService.getDocumentCache()}return{ORG_ATTR}})();\n" +
      "function ORG_ATTR(organizations, attributes) { return Lib.ORG_ATTR.apply(this, arguments); }\n",
  );
  const kinds = Object.keys(ENTRY_KINDS) as EntryKind[];
  const runs = new Map<string, ColdStartFigures[]>();
  for (let i = 0; i < samples; i++) {
    for (const kind of kinds) {
      const list = runs.get(kind) ?? [];
      list.push(sample(bundlePath, ENTRY_KINDS[kind]));
      runs.set(kind, list);
    }
    const floor = runs.get("floor") ?? [];
    floor.push(sample(floorPath, ENTRY_KINDS["custom function"]));
    runs.set("floor", floor);
  }
  const summarise = (list: ColdStartFigures[]): ColdStartFigures => ({
    compile: median(list.map((s) => s.compile)),
    topLevel: median(list.map((s) => s.topLevel)),
    firstCall: median(list.map((s) => s.firstCall)),
    total: median(list.map((s) => s.total)),
  });
  const result = {} as Record<EntryKind, ColdStartFigures>;
  for (const kind of kinds) result[kind] = summarise(runs.get(kind)!);
  return { kinds: result, floor: summarise(runs.get("floor")!), samples };
}

/** The ten inputs that weigh most in the bundle, from the metafile the build writes. */
export function topContributors(metafilePath: string, count = 10): { path: string; bytes: number }[] {
  const meta = JSON.parse(readFileSync(metafilePath, "utf8")) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
  };
  const output = Object.entries(meta.outputs).find(([path]) => path.endsWith(".js"))![1];
  const byPart = new Map<string, number>();
  for (const [path, input] of Object.entries(output.inputs)) {
    // A package counts as one part; our own code counts per folder, so a growing feature shows as one line.
    const part = path.startsWith("node_modules/")
      ? path
          .split("/")
          .slice(0, path.startsWith("node_modules/@") ? 3 : 2)
          .join("/")
      : path.replace(/\/[^/]+$/, "/");
    byPart.set(part, (byPart.get(part) ?? 0) + input.bytesInOutput);
  }
  return [...byPart]
    .map(([path, bytes]) => ({ path, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

/** Runs in a fresh process: loads the bundle, then times one call that evaluates a lazy part. */
const LAZY_PROBE = `
const vm = require("node:vm");
const [path, call] = process.argv.slice(1);
const context = vm.createContext({});
new vm.Script(require("node:fs").readFileSync(path, "utf8"), { filename: "Code.js" }).runInContext(context);
const start = process.hrtime.bigint();
vm.runInContext(call, context);
process.stdout.write(String(Number(process.hrtime.bigint() - start) / 1e6));
`;

/**
 * What evaluating a lazy part costs, the first time an execution needs it (`FormulaApi()`: a formula that
 * buys; `Lib()`: any other entry): the median of `samples` fresh processes.
 */
export function measureLazyPart(bundlePath: string, call: string, samples = 15): number {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    times.push(
      Number(execFileSync(process.execPath, ["-e", LAZY_PROBE, bundlePath, call], { encoding: "utf8" })),
    );
  }
  return median(times);
}
