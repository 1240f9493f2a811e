// At the platform's speed (issue 31): bulk runs and a filled-down column under the Apps Script latency
// model, their service calls by service, beside the floor — the same work in the fewest calls allowed.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { createClock, createHarness, type ExecutionRecord, type Harness } from "../../harness/index.ts";
import { APPS_SCRIPT_LATENCY } from "../../harness/latency.ts";
import { LIMITS } from "../../src/api/contract/limits.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";

const BASE_URL = "http://emulator.local";
const START = Date.UTC(2026, 10, 21, 9);
const FIELDS = [
  { kind: "attribute", name: "name" },
  { kind: "attribute", name: "employee_count" },
  { kind: "attribute", name: "industry" },
];
/** The service's own time per bulk request (as scripts/bench-bulk.ts): 1,000 organizations are not instant. */
const BULK_REQUEST_MS = 1_000;
/** The harness's default service time per request, which the formula runs keep. */
const FORMULA_REQUEST_MS = 20;
/** Apps Script starts 30 executions of one user at once (the harness queues formula cells beyond that). */
const CONCURRENT = 30;
const FORMULA_ROWS = 5_000;
const FORMULA_UNIQUE = 2_000;

/** The nominal cost of one call under the harness's latency table (jitter aside). */
export function nominalMs(call: string): number {
  const service = call.slice(0, call.indexOf("."));
  return APPS_SCRIPT_LATENCY[call] ?? APPS_SCRIPT_LATENCY[`${service}.*`] ?? APPS_SCRIPT_LATENCY["*"] ?? 0;
}

/**
 * Where a call's time goes: the services a person would name. Getting a store, cache or lock object
 * (PropertiesService.getDocumentProperties, 10 ms in the table) is "other": it reads or writes nothing.
 */
export function serviceOf(call: string): string {
  const service = call.slice(0, call.indexOf("."));
  if (service === "Range" || service === "Sheet" || service.startsWith("Spreadsheet")) return "Sheets";
  if (service === "Properties") return "Properties";
  if (service === "Cache") return "Cache";
  if (service === "Lock") return "Lock";
  if (service === "UrlFetchApp") return "UrlFetch";
  return "other";
}

/** Calls that cost time (the latency table gives them more than 1 ms), by service. */
export type ServiceCalls = Record<string, number>;

export function callsByService(records: readonly ExecutionRecord[]): ServiceCalls {
  const by: ServiceCalls = {};
  for (const record of records)
    for (const [call, count] of Object.entries(record.calls)) {
      if (nominalMs(call) <= 1) continue;
      const service = serviceOf(call);
      by[service] = (by[service] ?? 0) + count;
    }
  return by;
}

export interface FloorRow {
  label: string;
  /** Apps Script time of the run (see each run for what it spans). */
  ms: number;
  calls: ServiceCalls;
  floorMs: number;
  floorCalls: ServiceCalls;
  /** The floor with what the product's own rules add (see bulkFloor). */
  rulesFloorMs?: number;
  /** The rules floor with the sheets the run must make, keep and drop to hold its work (see sheetsFloorMs). */
  sheetsFloorMs?: number;
}

/** The objects every execution must get before it calls them: the spreadsheet and its lock. */
const STEP_GETTERS = ["SpreadsheetApp.getActiveSpreadsheet", "LockService.getDocumentLock"];

/**
 * The floor for a bulk run: one read of the input, the requests in waves of ten a second, one
 * setValues per output block (values with Status beside them, and the hidden copy), one checkpoint per
 * execution step (the job store is a hidden sheet: take the lock, read, write, release), and the objects
 * each step must get to make those calls.
 *
 * The rules floor adds what the product's rules require on top, each the least the rule allows: a wave's
 * intent is checkpointed before it is sent and its answers journaled before they are written (the credits
 * rules), and a run's first wave is a single request, so Stop pressed as it starts pays for one chunk at
 * most (test/e2e/bulk-stop-early.test.ts).
 */
function bulkFloor(requests: number, steps: number): { ms: number; rulesMs: number; calls: ServiceCalls } {
  const wavesOf = (n: number) => Math.ceil(n / LIMITS.requestsPerSecond);
  const waves = wavesOf(requests);
  const wave = Math.max(1_000, nominalMs("UrlFetchApp.fetchAll") + BULK_REQUEST_MS);
  const checkpoint =
    nominalMs("Lock.waitLock") +
    nominalMs("Range.getValues") +
    nominalMs("Range.setValues") +
    nominalMs("Lock.releaseLock");
  const getters = STEP_GETTERS.reduce((sum, call) => sum + nominalMs(call), 0);
  const fixed =
    nominalMs("Range.getValues") + 2 * nominalMs("Range.setValues") + steps * (checkpoint + getters);
  const ms = fixed + waves * wave;
  const rulesWaves = requests <= 1 ? requests : 1 + wavesOf(requests - 1);
  const rulesMs = fixed + rulesWaves * (wave + checkpoint + nominalMs("Range.setValues"));
  return {
    ms,
    rulesMs,
    calls: {
      Sheets: 1 + 2 + 2 * steps,
      UrlFetch: waves,
      Lock: 2 * steps,
      other: STEP_GETTERS.length * steps,
    },
  };
}

/**
 * What the sheets holding a bulk run's work cost at the fewest calls, beyond the writes the floors above
 * count. Each is a rule of the product, not a choice of how to call Sheets:
 * - a hidden sheet the run makes (the job store in a spreadsheet's first run, the hidden copy in a sheet's,
 *   the run's journal in every run): insertSheet, hideSheet, protect (a warning before anyone edits it),
 *   and setActiveSheet, as insertSheet shows the new sheet and the person stays where they were;
 * - the hidden copy holds the run's rows, past the 1,000 a new sheet has: one insertRowsAfter;
 * - the journal is dropped once the run is done: one deleteSheet;
 * - the Enrichment log's row (one setValues), in a spreadsheet's first run into a new visible sheet
 *   (insertSheet, setActiveSheet).
 */
export function sheetsFloorMs(rows: number, firstRunInSpreadsheet: boolean): number {
  const hidden =
    nominalMs("Spreadsheet.insertSheet") +
    nominalMs("Sheet.hideSheet") +
    nominalMs("Sheet.protect") +
    nominalMs("Spreadsheet.setActiveSheet");
  const copyGrows = rows + 1 > 1_000 ? nominalMs("Sheet.insertRowsAfter") : 0;
  const log =
    nominalMs("Range.setValues") +
    (firstRunInSpreadsheet
      ? nominalMs("Spreadsheet.insertSheet") + nominalMs("Spreadsheet.setActiveSheet")
      : 0);
  return (firstRunInSpreadsheet ? 3 : 2) * hidden + copyGrows + nominalMs("Spreadsheet.deleteSheet") + log;
}

/**
 * The floor for a filled-down column: the cell that buys reads the input column, sends its wave and
 * caches the answers; every other cell gets the document cache (each cell is an execution of its own, so
 * it cannot keep the object) and reads it once, 30 cells at a time.
 */
function formulaFloor(cells: number, requests: number): { ms: number; calls: ServiceCalls } {
  const waves = Math.ceil(requests / LIMITS.requestsPerSecond);
  const cache = nominalMs("CacheService.getDocumentCache");
  const buyer =
    requests === 0
      ? nominalMs("Properties.getProperties") + cache + nominalMs("Cache.putAll")
      : nominalMs("Range.getValues") +
        waves * (nominalMs("UrlFetchApp.fetchAll") + FORMULA_REQUEST_MS) +
        cache +
        nominalMs("Cache.putAll");
  const ms = buyer + Math.ceil((cells - 1) / CONCURRENT) * (cache + nominalMs("Cache.getAll"));
  const calls: ServiceCalls =
    requests === 0
      ? { Cache: cells + 1, Properties: 1, other: cells }
      : { Cache: cells + 1, Sheets: 1, UrlFetch: waves, other: cells };
  return { ms, calls };
}

/** Runs one bulk job from Start to done, polling as the sidebar does; answers its executions. */
function runToDone(gas: Harness, sheetName: string): ExecutionRecord[] {
  const from = gas.executions.length;
  const job = gas.run("startEnrichment", { sheetName, inputRange: "A:A", fields: FIELDS }) as JobStatus;
  let status: JobStatus | undefined;
  for (let polls = 0; polls < 200 && status?.state !== "done"; polls++) {
    status = (gas.run("pollJobs") as JobStatus[]).find((s) => s.jobId === job.jobId);
    if (status && !["queued", "running", "done"].includes(status.state))
      throw new Error(`The bulk run ended ${status.state}: ${status.message}`);
  }
  if (status?.state !== "done") throw new Error("The bulk run did not finish within 200 polls.");
  // Every execution of the run, the start included; polls that stepped nothing cost their own calls too.
  return gas.executions.slice(from);
}

/**
 * `seed`: the harness's, which draws the latency model's jitter (±25% a call). `nextSheet`: measure a second
 * run, on a new sheet of other organizations, in a spreadsheet that has had one (its job store and
 * Enrichment log exist; the sheet's hidden copy and the run's journal are new) — a person's every day.
 */
export async function benchBulkFloor(rows: number, seed = 1, nextSheet = false): Promise<FloorRow> {
  const clock = createClock(START);
  const state = createEmulatorState({ orgs: nextSheet ? 2 * rows : rows, now: clock.now });
  const column = (orgs: typeof state.dataset.orgs) => [["Domain"], ...orgs.map((org) => [org.domain])];
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY, DEPLOYMENT: "addon" },
    seed,
    latencyMs: BULK_REQUEST_MS,
    latency: "apps-script",
    // 50,000 rows take minutes of real time in the harness on a busy machine: not a bundle that hangs.
    wallTimeoutMs: 900_000,
    sheets: [
      { name: "Sheet1", values: column(state.dataset.orgs.slice(0, rows)) },
      ...(nextSheet ? [{ name: "Sheet2", values: column(state.dataset.orgs.slice(rows)) }] : []),
    ],
  });
  if (nextSheet) {
    runToDone(gas, "Sheet1");
    clock.advance("1h");
  }
  const fetches = gas.fetches.length;
  const records = runToDone(gas, nextSheet ? "Sheet2" : "Sheet1");
  const steps = records.filter((r) => (r.calls["UrlFetchApp.fetchAll"] ?? 0) > 0).length;
  const floor = bulkFloor(gas.fetches.length - fetches, Math.max(1, steps));
  return {
    label: `bulk ${rows.toLocaleString("en-US")} rows${nextSheet ? ", next sheet" : ""}`,
    ms: records.reduce((sum, r) => sum + r.durationMs, 0),
    calls: callsByService(records),
    floorMs: floor.ms,
    floorCalls: floor.calls,
    rulesFloorMs: floor.rulesMs,
    sheetsFloorMs: floor.rulesMs + sheetsFloorMs(rows, !nextSheet),
  };
}

/** A column of 5,000 cells filled down over 2,000 organizations: the first evaluation, then 7 days on. */
export async function benchFormulaFloor(seed = 1): Promise<FloorRow[]> {
  const clock = createClock(START);
  const state = createEmulatorState({ orgs: FORMULA_ROWS, now: clock.now });
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY },
    seed,
    latencyMs: FORMULA_REQUEST_MS,
    latency: "apps-script",
  });
  const domains = state.dataset.orgs.slice(0, FORMULA_UNIQUE).map((o) => o.domain);
  gas.sheet().set(
    "A2",
    Array.from({ length: FORMULA_ROWS }, (_, i) => [domains[i % FORMULA_UNIQUE] as string]),
  );
  const pass = (label: string, run: () => void): FloorRow => {
    const from = gas.executions.length;
    const fetches = gas.fetches.length;
    run();
    const cells = gas.executions.slice(from).filter((e) => e.kind === "customFunction");
    const floor = formulaFloor(cells.length, gas.fetches.length - fetches);
    return {
      label,
      // From the first cell's start to the last one's end: how long the column takes to fill.
      ms: Math.max(...cells.map((e) => e.end)) - Math.min(...cells.map((e) => e.start)),
      calls: callsByService(cells),
      floorMs: floor.ms,
      floorCalls: floor.calls,
    };
  };
  const first = pass("filled column, first", () =>
    gas.fill(`B2:B${FORMULA_ROWS + 1}`, '=ORG_ATTR(A2,"industry")'),
  );
  clock.advance("7d");
  const reopened = pass("filled column, 7 days on", () => gas.reopen());
  return [first, reopened];
}

const SERVICES = ["Sheets", "Properties", "Cache", "Lock", "UrlFetch", "other"];

function callText(calls: ServiceCalls): string {
  return SERVICES.filter((s) => calls[s])
    .map((s) => `${s} ${(calls[s] ?? 0).toLocaleString("en-US")}`)
    .join(", ");
}

export function printFloorRows(rows: readonly FloorRow[]): void {
  const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  console.log(
    `${"run".padEnd(26)} ${"time".padStart(8)} ${"floor".padStart(8)}  ratio   calls by service (floor's)`,
  );
  for (const row of rows) {
    console.log(
      `${row.label.padEnd(26)} ${sec(row.ms)} ${sec(row.floorMs)} ${(row.ms / row.floorMs).toFixed(1).padStart(5)}×   ${callText(row.calls)} (${callText(row.floorCalls)})`,
    );
    if (row.rulesFloorMs !== undefined)
      console.log(
        `${"".padEnd(26)} with the rules' own calls (intent checkpoint and journal write per wave, a first wave of one request): floor ${sec(row.rulesFloorMs).trim()}, ratio ${(row.ms / row.rulesFloorMs).toFixed(1)}×`,
      );
    if (row.sheetsFloorMs !== undefined)
      console.log(
        `${"".padEnd(26)} and the sheets the run makes, grows and drops (hidden, protected; the log's row): floor ${sec(row.sheetsFloorMs).trim()}, ratio ${(row.ms / row.sheetsFloorMs).toFixed(1)}×`,
      );
  }
}

/** `npm run bench`'s section: every run, then the table. */
export async function printPlatformFloor(): Promise<void> {
  console.log(
    "\n## At the platform's speed: Apps Script latency model, time and calls beside the floor (issue 31)",
  );
  console.log(
    "bulk: 3 attributes, 1,000 ms a request, every execution of the run summed; filled column: 5,000 cells over 2,000 organizations, the first cell's start to the last one's end",
  );
  printFloorRows([
    await benchBulkFloor(10_000),
    await benchBulkFloor(10_000, 1, true),
    await benchBulkFloor(50_000),
    ...(await benchFormulaFloor()),
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npx tsx scripts/bench/platform-floor.ts [all | formulas | <rows> | <rows>-next] [seed]`
  const which = process.argv[2] ?? "all";
  const seed = Number(process.argv[3] ?? 1);
  if (which === "all") await printPlatformFloor();
  else if (which === "formulas") printFloorRows(await benchFormulaFloor(seed));
  else printFloorRows([await benchBulkFloor(Number.parseInt(which, 10), seed, which.endsWith("-next"))]);
}
