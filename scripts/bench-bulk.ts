// Bulk benchmark (issue 6): 10,000 rows through the bundle in the harness, timed on the harness clock.
import { DEMO_API_KEY } from "../emulator/accounts.ts";
import { handle } from "../emulator/core.ts";
import { createEmulatorState } from "../emulator/state.ts";
import { createClock, createHarness, type LatencyOption } from "../harness/index.ts";
import { LIMITS } from "../src/api/contract/limits.ts";
import type { JobStatus } from "../src/core/jobs/status.ts";

const BASE_URL = "http://emulator.local";
const FIELDS = [
  { kind: "attribute", name: "name" },
  { kind: "attribute", name: "employee_count" },
  { kind: "attribute", name: "industry" },
];

export interface BulkBenchOptions {
  /** Rows to enrich, all distinct organizations. Default 10,000. */
  rows?: number;
  /**
   * Harness time each request takes, in ms. Default 1,000: a request of 1,000 organizations is not
   * instant, and with the emulator's near-zero time a 10-request run would fit inside one second's
   * allowance and say nothing about keeping to the rate limit.
   */
  latencyMs?: number;
  /** The harness's latency model for every other service call; default "none". */
  latency?: LatencyOption;
}

export const DEFAULT_BENCH_LATENCY_MS = 1_000;

export interface BulkBenchResult {
  rows: number;
  latency: LatencyOption;
  latencyMs: number;
  /** From startEnrichment to the job's "done", on the harness clock (what Apps Script would take). */
  seconds: number;
  rowsPerSecond: number;
  /** rowsPerSecond over 10 requests × 1,000 organizations a second. */
  ratioToRateLimitCeiling: number;
  requests: number;
  executions: number;
}

/** The service's sustained ceiling for list-mode organizations: 10 requests a second, 1,000 each. */
export const RATE_LIMIT_CEILING_ROWS_PER_SECOND = LIMITS.requestsPerSecond * LIMITS.listMax;

export async function benchBulk(options: BulkBenchOptions = {}): Promise<BulkBenchResult> {
  const rows = options.rows ?? 10_000;
  const latencyMs = options.latencyMs ?? DEFAULT_BENCH_LATENCY_MS;
  const clock = createClock(Date.UTC(2026, 10, 21, 9));
  const state = createEmulatorState({ orgs: rows, now: clock.now });
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY, DEPLOYMENT: "addon" },
    latencyMs,
    latency: options.latency ?? "none",
    sheets: [{ name: "Sheet1", values: [["Domain"], ...state.dataset.orgs.map((org) => [org.domain])] }],
  });
  const start = clock.now();
  const executions = gas.executions.length;
  const job = gas.run("startEnrichment", {
    sheetName: "Sheet1",
    inputRange: "A:A",
    fields: FIELDS,
  }) as JobStatus;
  let status: JobStatus | undefined;
  for (let polls = 0; polls < 100 && status?.state !== "done"; polls++) {
    status = (gas.run("pollJobs") as JobStatus[]).find((s) => s.jobId === job.jobId);
    if (status && status.state !== "queued" && status.state !== "running" && status.state !== "done") {
      throw new Error(`The bulk run ended ${status.state}: ${status.message}`);
    }
  }
  if (status?.state !== "done") throw new Error("The bulk run did not finish within 100 polls.");
  const seconds = (clock.now() - start) / 1000;
  const rowsPerSecond = rows / Math.max(seconds, 0.001);
  return {
    rows,
    latencyMs,
    latency: options.latency ?? "none",
    seconds,
    rowsPerSecond,
    ratioToRateLimitCeiling: rowsPerSecond / RATE_LIMIT_CEILING_ROWS_PER_SECOND,
    requests: gas.fetches.length,
    executions: gas.executions.length - executions,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [rows, latencyMs] = process.argv.slice(2).map(Number);
  console.log(
    await benchBulk({ ...(rows ? { rows } : {}), ...(latencyMs !== undefined ? { latencyMs } : {}) }),
  );
}
