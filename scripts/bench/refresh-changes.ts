// A daily refresh over an open-ended range (issue 30): 10,000 rows, 100 headcounts moved, 500 rows appended
// and 50 identifiers edited; every row or new rows only: credits over the price list's minimum, the cells
// logged to the Changes sheet, the hidden row prints' size, and the Apps Script calls of the run.
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness } from "../../harness/index.ts";
import { organizationUnitCost } from "../../src/api/pricing.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { buildSelect, type OrgField } from "../../src/core/organizations/org-fields.ts";

const BASE_URL = "http://emulator.local";
const KEY = "bench-refresh-key-0001";
const ROWS = 10_000;
const MOVED = 100;
const APPENDED = 500;
const EDITED = 50;
const FIELDS: OrgField[] = [
  { kind: "attribute", name: "name" },
  { kind: "attribute", name: "employee_count" },
  { kind: "attribute", name: "industry" },
];

export interface RefreshFigures {
  newRowsOnly: boolean;
  /** Organizations the run bought, and its charge over the price list's minimum for them. */
  bought: number;
  chargedOverMinimum: number;
  changesLogged: number;
  printBytesPerRow: number;
  /** Apps Script service calls and time (the harness's latency model off) of the refresh's executions. */
  serviceCalls: number;
  seconds: number;
  loggedOverCharged: number;
}

async function once(newRowsOnly: boolean): Promise<RefreshFigures> {
  const clock = createClock(Date.UTC(2026, 10, 25, 9));
  const emulator = createEmulatorState({ orgs: ROWS + APPENDED + EDITED, now: clock.now });
  call(emulator, "POST", "/__admin/accounts", { body: { api_key: KEY, credits: 10_000_000 } });
  const orgs = emulator.dataset.orgs;
  const gas = await createHarness({
    clock,
    mode: "bound",
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, emulator) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: KEY },
    sheets: [{ name: "Sheet1", values: [["Domain"], ...orgs.slice(0, ROWS).map((o) => [o.domain])] }],
  });
  const job = gas.run("startEnrichment", {
    sheetName: "Sheet1",
    inputRange: "A2:A",
    fields: FIELDS,
  }) as JobStatus;
  for (
    let minute = 0;
    minute < 60 && (gas.run("getJobStatus", job.jobId) as JobStatus).state !== "done";
    minute++
  )
    clock.advance("1m");
  gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily", newRowsOnly });
  for (let i = 0; i < MOVED; i++) {
    const org = orgs[i * 97]!;
    call(emulator, "POST", "/__admin/organizations", {
      body: { id: org.id, employee_count: org.employeeCount * 2 + 1 },
    });
  }
  const sheet = gas.sheet("Sheet1");
  sheet.set(
    `A${ROWS + 2}`,
    orgs.slice(ROWS, ROWS + APPENDED).map((o) => [o.domain]),
  );
  for (let i = 0; i < EDITED; i++) sheet.set(`A${3 + i * 150}`, orgs[ROWS + APPENDED + i]!.domain);
  const before = gas.executions.length;
  const charged = () =>
    (
      call(emulator, "GET", "/__admin/ledger", { query: { api_key: [KEY] } }).body.entries as {
        credits: number;
      }[]
    ).reduce((sum, e) => sum + e.credits, 0);
  const enrichCharge = charged();
  const lastRun = () => (gas.run("listRefreshRules") as { lastRun: unknown }[])[0]?.lastRun ?? null;
  clock.advance("24h");
  for (let minute = 0; minute < 120 && lastRun() === null; minute++) clock.advance("1m");
  if (lastRun() === null) throw new Error("The refresh did not finish in two hours.");
  const refreshCharge = charged() - enrichCharge;
  const unit = organizationUnitCost(buildSelect(FIELDS)).credits;
  const bought = newRowsOnly ? APPENDED + EDITED : ROWS + APPENDED;
  const changes = gas
    .sheet("Changes")
    .values()
    .slice(1)
    .filter((row) => row[0] !== "").length;
  const prints = gas
    .sheet("Enrichment row prints")
    .values()
    .flat()
    .filter((v) => typeof v === "string");
  const printBytes = prints.reduce((sum, v) => sum + String(v).length, 0);
  // The trigger's executions that ran the refresh (the bench's own status reads left out).
  const refreshRuns = gas.executions.slice(before).filter((e) => e.functionName === "dispatchJobs");
  const serviceCalls = refreshRuns.reduce(
    (sum, e) => sum + Object.values(e.calls).reduce((a, b) => a + b, 0),
    0,
  );
  const seconds = refreshRuns.reduce((sum, e) => sum + e.durationMs, 0) / 1000;
  const logged = gas
    .sheet("Enrichment log")
    .values()
    .slice(1)
    .reduce((sum, row) => sum + (Number(row[3]) || 0), 0);
  const total = charged();
  return {
    newRowsOnly,
    bought,
    chargedOverMinimum: refreshCharge / (bought * unit),
    changesLogged: changes,
    printBytesPerRow: printBytes / (ROWS + APPENDED),
    serviceCalls,
    seconds,
    loggedOverCharged: logged / Math.max(1, total),
  };
}

export async function printRefreshChanges(): Promise<void> {
  console.log(
    `\n## Refresh: ${ROWS.toLocaleString("en-US")} rows, ${MOVED} headcounts moved, ${APPENDED} rows appended, ${EDITED} identifiers edited (daily rule over A2:A)`,
  );
  for (const newRowsOnly of [false, true]) {
    const f = await once(newRowsOnly);
    console.log(
      `${newRowsOnly ? "new rows only" : "every row    "}: ${f.bought.toLocaleString("en-US")} organizations bought, charged ÷ price-list minimum ${f.chargedOverMinimum.toFixed(2)}, ${f.changesLogged.toLocaleString("en-US")} cells in Changes, row prints ${f.printBytesPerRow.toFixed(1)} bytes a row, ${f.serviceCalls.toLocaleString("en-US")} Apps Script calls in ${f.seconds.toFixed(1)} s, Enrichment log ÷ ledger ${f.loggedOverCharged.toFixed(2)}`,
    );
  }
}
