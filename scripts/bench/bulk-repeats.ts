// Credits for repeated organizations (issue 27): 10,000 rows over 4,000 organizations spread across chunks,
// in one go, and stopped out of credits then resumed 9 hours later (past the cache's 6 hours).
import { handle } from "../../emulator/core.ts";
import { createEmulatorState, type EmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness, type Harness } from "../../harness/index.ts";
import { organizationUnitCost } from "../../src/api/pricing.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { buildSelect, type OrgField } from "../../src/core/organizations/org-fields.ts";

const BASE_URL = "http://emulator.local";
const ROWS = 10_000;
const UNIQUE = 4_000;
const FIELDS: OrgField[] = [
  { kind: "attribute", name: "name" },
  { kind: "attribute", name: "employee_count" },
  { kind: "attribute", name: "industry" },
];
const KEY = "bench-repeats-key-0001";

export interface RepeatsFigures {
  rows: number;
  unique: number;
  /** The estimate's "up to" over the price list's minimum (every organization bought once). */
  estimateOverMinimum: number;
  /** What the service charged over that minimum. */
  chargedOverMinimum: number;
  charged: number;
  minimum: number;
  /** Enrichment log ÷ ledger. */
  loggedOverCharged: number;
  executions: number;
}

export interface RepeatsBenchResult {
  oneGo: RepeatsFigures;
  resumed: RepeatsFigures & { pauseHours: number };
}

/** A seeded shuffle (mulberry32), so every run of the bench sees the same sheet. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Every organization once, then 6,000 repeats, shuffled: first occurrences and repeats in every chunk. */
function column(emulator: EmulatorState): string[] {
  const domains = emulator.dataset.orgs.slice(0, UNIQUE).map((org) => org.domain);
  const repeats = Array.from({ length: ROWS - UNIQUE }, (_v, i) => domains[(i * 7_919) % UNIQUE] as string);
  return shuffled([...domains, ...repeats], 27);
}

function account(emulator: EmulatorState, credits: number): void {
  call(emulator, "POST", "/__admin/accounts", { body: { api_key: KEY, credits } });
}

function charged(emulator: EmulatorState): number {
  const entries = call(emulator, "GET", "/__admin/ledger", { query: { api_key: [KEY] } }).body
    .entries as Array<{
    credits: number;
  }>;
  return entries.reduce((sum, entry) => sum + entry.credits, 0);
}

function logged(gas: Harness): number {
  return gas
    .sheet("Enrichment log")
    .values()
    .slice(1)
    .reduce((sum, row) => sum + (Number(row[3]) || 0), 0);
}

/** Steps the run with the minute trigger until it comes to rest. */
function settle(gas: Harness, jobId: string): JobStatus {
  for (let minute = 0; minute < 120; minute++) {
    const status = gas.run("getJobStatus", jobId) as JobStatus;
    if (status.state !== "running" && status.state !== "queued") return status;
    gas.clock.advance("1m");
  }
  throw new Error("The run did not come to rest in two hours.");
}

async function once(pauseHours: number | null): Promise<RepeatsFigures> {
  const clock = createClock(Date.UTC(2026, 10, 25, 9));
  const emulator = createEmulatorState({ orgs: UNIQUE, now: clock.now });
  const unit = organizationUnitCost(buildSelect(FIELDS)).credits;
  const minimum = UNIQUE * unit;
  // Stopped runs get credits for a little over 1,500 organizations: out of credits part-way.
  account(emulator, pauseHours === null ? 1_000_000 : 1_500 * unit + 50);
  const gas = await createHarness({
    clock,
    mode: "bound",
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, emulator) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: KEY },
    sheets: [{ name: "Sheet1", values: [["Domain"], ...column(emulator).map((d) => [d])] }],
  });
  const request = { sheetName: "Sheet1", inputRange: `A1:A${ROWS + 1}`, fields: FIELDS };
  const estimate = gas.run("estimateEnrichment", request) as { credits: number };
  const job = gas.run("startEnrichment", request) as JobStatus;
  let status = settle(gas, job.jobId);
  let total = charged(emulator);
  if (pauseHours !== null) {
    if (status.state !== "out_of_credits")
      throw new Error(`Expected to run out of credits: ${status.message}`);
    clock.advance(`${pauseHours}h`);
    // The top-up makes the account afresh, so its ledger restarts: the two parts are added.
    account(emulator, 1_000_000);
    gas.run("resumeJob", job.jobId);
    status = settle(gas, job.jobId);
    total += charged(emulator);
  }
  if (status.state !== "done") throw new Error(`The run ended ${status.state}: ${status.message}`);
  return {
    rows: ROWS,
    unique: UNIQUE,
    estimateOverMinimum: estimate.credits / minimum,
    chargedOverMinimum: total / minimum,
    charged: total,
    minimum,
    loggedOverCharged: logged(gas) / Math.max(1, total),
    executions: gas.executions.filter((e) => e.functionName === "dispatchJobs").length,
  };
}

export async function benchBulkRepeats(): Promise<RepeatsBenchResult> {
  const oneGo = await once(null);
  const resumed = { ...(await once(9)), pauseHours: 9 };
  return { oneGo, resumed };
}

/** The section `npm run bench` prints. */
export async function printBulkRepeats(): Promise<void> {
  console.log(
    "\n## Repeated organizations in a bulk run: 10,000 rows, 4,000 organizations spread across chunks",
  );
  const { oneGo, resumed } = await benchBulkRepeats();
  const line = (label: string, f: RepeatsFigures) =>
    console.log(
      `${label}: credits ${f.charged.toLocaleString("en-US")} ÷ price-list minimum ${f.minimum.toLocaleString("en-US")} = ${f.chargedOverMinimum.toFixed(2)} (estimate ÷ minimum ${f.estimateOverMinimum.toFixed(2)}; Enrichment log ÷ ledger ${f.loggedOverCharged.toFixed(2)}; ${f.executions} trigger execution(s))`,
    );
  line("in one go", oneGo);
  line(`out of credits, resumed ${resumed.pauseHours} h later`, resumed);
}
