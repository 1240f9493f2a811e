// The world of the bulk and job e2e tests: bundle in the harness, emulator in-process, readers.

import type { LedgerEntry } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { DEMO_API_KEY, type EmulatorRequest, type EmulatorResponse } from "../../emulator/index.ts";
import { createEmulatorState, type EmulatorOptions, type EmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import {
  type CellValue,
  type Clock,
  createClock,
  createHarness,
  type Harness,
  type HarnessOptions,
  ScriptError,
} from "../../harness/index.ts";
import { LOG_SHEET } from "../../src/core/jobs/enrichment-log.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { columnNumber } from "../../src/core/sheet/a1.ts";

export const BASE = "http://emulator.test";
export const START = Date.UTC(2026, 2, 10, 9, 0, 0);

export const FIELDS = [
  { kind: "attribute", name: "name" },
  { kind: "attribute", name: "employee_count" },
  { kind: "attribute", name: "industry" },
];
/** 1 base + employee_count + industry (name is free). */
export const UNIT = 3;

export interface JobsWorld {
  gas: Harness;
  emulator: EmulatorState;
  clock: Clock;
}

export interface WorldOptions {
  mode?: "addon" | "bound";
  orgs?: number;
  /** Rows typed into Sheet1 from A1. */
  values?: unknown[][];
  /** Sheets after Sheet1. */
  moreSheets?: Array<{ name: string; values?: unknown[][] }>;
  emulator?: EmulatorOptions;
  scriptProperties?: Record<string, string>;
  apiKey?: string;
  /** UrlFetch's deadline for in-process requests (the harness's default otherwise). */
  fetchDeadlineMs?: number;
  /** The harness seed: another seed, another interleaving of concurrent executions. */
  seed?: number;
  /** The spreadsheet's own time zone, when it is not the script's (Etc/UTC). */
  spreadsheetTimeZone?: string;
  latency?: HarnessOptions["latency"];
  /** Harness time each in-process request takes (the harness's default otherwise). */
  latencyMs?: number;
  /** Stands between UrlFetchApp and the emulator (to model what the emulator cannot produce by itself). */
  intercept?: (
    request: EmulatorRequest,
    emulator: (request: EmulatorRequest) => EmulatorResponse,
  ) => EmulatorResponse;
}

export async function jobsWorld(options: WorldOptions = {}): Promise<JobsWorld> {
  const clock = createClock(START);
  const emulator = createEmulatorState({ now: clock.now, orgs: options.orgs ?? 1_000, ...options.emulator });
  const gas = await createHarness({
    clock,
    mode: options.mode ?? "bound",
    ...(options.fetchDeadlineMs !== undefined ? { fetchDeadlineMs: options.fetchDeadlineMs } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.spreadsheetTimeZone ? { spreadsheetTimeZone: options.spreadsheetTimeZone } : {}),
    ...(options.latency !== undefined ? { latency: options.latency } : {}),
    ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}),
    emulator: {
      baseUrl: BASE,
      handle: (request) => {
        const pass = (r: EmulatorRequest) => handle(r, emulator);
        return options.intercept ? options.intercept(request, pass) : pass(request);
      },
    },
    scriptProperties: {
      API_BASE_URL: BASE,
      API_KEY: options.apiKey ?? DEMO_API_KEY,
      ...options.scriptProperties,
    },
    sheets: [
      { name: "Sheet1", values: options.values ?? [] },
      ...(options.moreSheets ?? []).map((sheet) => ({ name: sheet.name, values: sheet.values ?? [] })),
    ],
  });
  return { gas, emulator, clock };
}

/** Domains of the emulator's organizations `from`…`from + n - 1`, which all match. */
export function domains(emulator: EmulatorState, n: number, from = 0): string[] {
  return emulator.dataset.orgs.slice(from, from + n).map((org) => org.domain);
}

/** The message google.script.run's failure handler would get, or a test failure if the call succeeded. */
export function failure(gas: Harness, name: string, ...args: unknown[]): string {
  try {
    gas.run(name, ...args);
  } catch (error) {
    if (error instanceof ScriptError) return error.message;
    throw error;
  }
  throw new Error(`${name} was expected to fail`);
}

export function run<T = JobStatus>(gas: Harness, name: string, ...args: unknown[]): T {
  return gas.run(name, ...args) as T;
}

export function addAccount(emulator: EmulatorState, apiKey: string, credits: number): void {
  const answer = call(emulator, "POST", "/__admin/accounts", { body: { api_key: apiKey, credits } });
  if (answer.status !== 200) throw new Error(`account not created: ${answer.text}`);
}

export function addFault(emulator: EmulatorState, fault: Record<string, unknown>): void {
  const answer = call(emulator, "POST", "/__admin/faults", { body: fault });
  if (answer.status !== 200) throw new Error(`fault not scheduled: ${answer.text}`);
}

export function clearFaults(emulator: EmulatorState): void {
  call(emulator, "DELETE", "/__admin/faults");
}

export function ledger(emulator: EmulatorState, apiKey = DEMO_API_KEY): LedgerEntry[] {
  return call(emulator, "GET", "/__admin/ledger", { query: { api_key: [apiKey] } }).body.entries;
}

export function ledgerTotal(emulator: EmulatorState, apiKey = DEMO_API_KEY): number {
  return ledger(emulator, apiKey).reduce((total, entry) => total + entry.credits, 0);
}

/** The enrichment log's rows under its header. */
export function logRows(gas: Harness): CellValue[][] {
  return gas
    .sheet(LOG_SHEET)
    .values()
    .slice(1)
    .filter((row) => row[0] !== "");
}

/** Whether every cell of `a1` on `sheet` is empty (nothing written there). */
export function allBlank(gas: Harness, sheet: string, a1: string): boolean {
  return gas
    .sheet(sheet)
    .values(a1)
    .flat()
    .every((v) => v === "");
}

export function loggedCredits(gas: Harness): number {
  return logRows(gas).reduce((total, row) => total + Number(row[3]), 0);
}

/**
 * How many setValues calls wrote each cell of `column` (letters) on `sheet`, rows `from`…`to`: a row
 * written exactly once has 1.
 */
export function writesPerRow(
  gas: Harness,
  sheet: string,
  column: string,
  from: number,
  to: number,
): number[] {
  const col = columnNumber(column) as number;
  const counts = new Array<number>(to - from + 1).fill(0);
  for (const record of gas.setValuesCalls) {
    if (record.sheet !== sheet) continue;
    const match = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/.exec(record.a1);
    if (!match) continue;
    const first = columnNumber(match[1]!)!;
    const last = match[3] ? columnNumber(match[3])! : first;
    if (col < first || col > last) continue;
    const top = Number(match[2]);
    const bottom = match[4] ? Number(match[4]) : top;
    for (let row = Math.max(top, from); row <= Math.min(bottom, to); row++) counts[row - from]! += 1;
  }
  return counts;
}

/** Advances the clock a minute at a time (firing triggers) until `done` holds or `limit` minutes pass. */
export function advanceUntil(world: JobsWorld, done: () => boolean, limit = 60): number {
  let minutes = 0;
  while (!done() && minutes < limit) {
    world.clock.advance("1m");
    minutes++;
  }
  return minutes;
}

/** What Apps Script says of an execution killed at its time limit (harness/errors.ts). */
export const KILLED = "Exceeded maximum execution time";

/**
 * A thunk for gas.concurrently whose execution killed at its time limit is an outcome, not a test failure:
 * the next execution takes over. Any other server exception fails the test, unless it is exactly one of
 * the messages the test names in `expected`.
 */
export const tolerate =
  (fn: () => unknown, expected: readonly string[] = [KILLED]) =>
  () => {
    try {
      return fn();
    } catch (error) {
      if (error instanceof ScriptError && expected.includes(error.message)) return error.message;
      throw error;
    }
  };

/**
 * Fills the spreadsheet's job store (the hidden "Enrichment jobs" sheet, 500 KB of keys and values) to the
 * last byte with other records, as a person's many finished jobs would.
 */
export function fillJobStore(gas: Harness): void {
  const sheet = gas.sheet("Enrichment jobs");
  const rows = sheet.values();
  let used = 0;
  for (const [key, value] of rows) {
    const text = String(value ?? "");
    if (key !== "" && text.startsWith("v"))
      used += Buffer.byteLength(String(key)) + Buffer.byteLength(text) - 1;
  }
  const filler: string[][] = [];
  let room = 500 * 1024 - used;
  for (let i = 0; room > 0; i++) {
    const key = `other${i}`;
    const size = Math.min(40_000, room - key.length);
    filler.push([key, `v${"x".repeat(Math.max(0, size))}`]);
    room -= key.length + Math.max(0, size);
  }
  sheet.set(`A${rows.length + 1}`, filler);
}

/** The organization requests the bundle sent. */
export const orgRequests = (world: Pick<JobsWorld, "gas">) =>
  world.gas.fetches.filter((f) => f.url.endsWith("/v9/organizations"));

/**
 * Polls as the open sidebar does, 5 minutes apart, until the job rests. With `killed`, a poll whose execution
 * was killed mid-request fails as google.script.run would report it (a ScriptError), and the next poll
 * takes over once the killed execution's lease on the job has run out; any other error fails the test.
 */
export function settle(world: JobsWorld, jobId: string, { killed = false } = {}): JobStatus {
  let status: JobStatus | undefined;
  for (let polls = 0; polls < 12; polls++) {
    if (polls > 0) world.gas.clock.advance("5m");
    try {
      status = run<JobStatus[]>(world.gas, "pollJobs").find((s) => s.jobId === jobId);
    } catch (error) {
      if (!killed || !(error instanceof ScriptError)) throw error;
      continue;
    }
    if (status && status.state !== "running" && status.state !== "queued") break;
  }
  return status!;
}
