// A bulk run resumed after its purchase record was deleted (issue 38): 40,000 rows over 16,000 organizations,
// paused (out of credits, or Stop pressed while a wave was out), the hidden "Enrichment purchases" sheet
// deleted with gas.deleteSheet, then Resume: what the emulator's ledger charged over the price list's minimum.
import { handle } from "../../emulator/core.ts";
import { createEmulatorState, type EmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness, type Harness } from "../../harness/index.ts";
import { organizationUnitCost } from "../../src/api/pricing.ts";
import { RECORD_SHEET } from "../../src/core/bulk/purchase-record.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { buildSelect, type OrgField } from "../../src/core/organizations/org-fields.ts";

const BASE_URL = "http://emulator.local";
const ROWS = 40_000;
const UNIQUE = 16_000;
const FIELDS: OrgField[] = [
  { kind: "attribute", name: "name" },
  { kind: "attribute", name: "employee_count" },
  { kind: "attribute", name: "industry" },
];
const KEY = "bench-record-lost-key-0001";
const UNIT = organizationUnitCost(buildSelect(FIELDS)).credits;

type Pause = "out of credits" | "Stop";

export interface RecordLostFigures {
  pause: Pause;
  rowsDoneAtPause: number;
  charged: number;
  minimum: number;
  chargedOverMinimum: number;
  loggedOverCharged: number;
  message: string;
}

/** Every organization once in the first 16,000 rows, then repeats of them: the repeats come after the pause. */
function column(emulator: EmulatorState): string[] {
  const domains = emulator.dataset.orgs.slice(0, UNIQUE).map((org) => org.domain);
  return Array.from({ length: ROWS }, (_v, i) => domains[(i * 7_919) % UNIQUE] as string);
}

function account(emulator: EmulatorState, credits: number): void {
  call(emulator, "POST", "/__admin/accounts", { body: { api_key: KEY, credits } });
}

function charged(emulator: EmulatorState): number {
  const entries = call(emulator, "GET", "/__admin/ledger", { query: { api_key: [KEY] } }).body
    .entries as Array<{ credits: number }>;
  return entries.reduce((sum, entry) => sum + entry.credits, 0);
}

function settle(gas: Harness, jobId: string): JobStatus {
  for (let minute = 0; minute < 120; minute++) {
    const status = gas.run("getJobStatus", jobId) as JobStatus;
    if (status.state !== "running" && status.state !== "queued") return status;
    gas.clock.advance("1m");
  }
  throw new Error("The run did not come to rest in two hours.");
}

async function once(pause: Pause): Promise<RecordLostFigures> {
  const clock = createClock(Date.UTC(2026, 10, 28, 9));
  const emulator = createEmulatorState({ orgs: UNIQUE, now: clock.now });
  // Out of credits: room for a little over 1,500 organizations.
  account(emulator, pause === "out of credits" ? 1_500 * UNIT + 50 : 1_000_000);
  const gas = await createHarness({
    clock,
    mode: "bound",
    // Each request takes the service a second, so a Stop pressed during a run meets a wave out.
    latencyMs: 1_000,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, emulator) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: KEY },
    sheets: [{ name: "Sheet1", values: [["Domain"], ...column(emulator).map((d) => [d])] }],
  });
  const job = gas.run("startEnrichment", {
    sheetName: "Sheet1",
    inputRange: `A1:A${ROWS + 1}`,
    fields: FIELDS,
  }) as JobStatus;
  let status: JobStatus;
  if (pause === "Stop") {
    // The sidebar's Stop, pressed a second and a half into the trigger's execution: the second wave is out.
    gas.concurrently([
      () => gas.run("dispatchJobs"),
      gas.delayed(1_500, () => gas.run("stopJob", job.jobId)),
    ]);
    status = settle(gas, job.jobId);
    if (status.state !== "stopped")
      throw new Error(`Expected a stopped run: ${status.state} ${status.message}`);
  } else {
    status = settle(gas, job.jobId);
    if (status.state !== "out_of_credits") throw new Error(`Expected out of credits: ${status.message}`);
  }
  const rowsDoneAtPause = status.rowsDone;
  let total = charged(emulator);
  gas.deleteSheet(RECORD_SHEET);
  // A top-up makes the account afresh, so its ledger restarts: the two parts are added.
  if (pause === "out of credits") {
    account(emulator, 1_000_000);
  }
  const before = pause === "out of credits" ? 0 : total;
  gas.run("resumeJob", job.jobId);
  status = settle(gas, job.jobId);
  total += charged(emulator) - before;
  if (status.state !== "done") throw new Error(`The run ended ${status.state}: ${status.message}`);
  const logged = gas
    .sheet("Enrichment log")
    .values()
    .slice(1)
    .reduce((sum, row) => sum + (Number(row[3]) || 0), 0);
  const minimum = UNIQUE * UNIT;
  return {
    pause,
    rowsDoneAtPause,
    charged: total,
    minimum,
    chargedOverMinimum: total / minimum,
    loggedOverCharged: logged / Math.max(1, total),
    message: status.message,
  };
}

export async function printResumeRecordLost(): Promise<void> {
  console.log(
    `\n## A bulk run resumed after its purchase record was deleted (issue 38): ${ROWS.toLocaleString("en-US")} rows, ${UNIQUE.toLocaleString("en-US")} organizations, repeats after the pause`,
  );
  for (const pause of ["out of credits", "Stop"] as const) {
    const f = await once(pause);
    console.log(
      `${f.pause.padEnd(14)} at ${f.rowsDoneAtPause.toLocaleString("en-US")} rows, "${RECORD_SHEET}" deleted, Resume: credits ${f.charged.toLocaleString("en-US")} ÷ price-list minimum ${f.minimum.toLocaleString("en-US")} = ${f.chargedOverMinimum.toFixed(2)}; Enrichment log ÷ ledger ${f.loggedOverCharged.toFixed(2)}`,
    );
    console.log(`  the run says: ${f.message}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await printResumeRecordLost();
