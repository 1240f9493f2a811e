// A refresh after people edit, sort and insert (issue 39): rows enriched with Industry and Employee count,
// then 50 identifiers edited in place (half to organizations elsewhere in the range, half to new ones), the
// identifier column sorted alone, 20 rows inserted with new identifiers, then the daily refresh: rows left
// wrong, credits over the price list's minimum, and the Apps Script calls of the refresh by service.

import { handle } from "../../emulator/core.ts";
import { INDUSTRIES } from "../../emulator/dataset/catalog/industries.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness } from "../../harness/index.ts";
import { organizationUnitCost } from "../../src/api/pricing.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { buildSelect, type OrgField } from "../../src/core/organizations/org-fields.ts";

const BASE_URL = "http://emulator.local";
const KEY = "bench-refresh-edits-key-0001";
// 10,000 by default (a minute and a half here); BENCH_REFRESH_ROWS=2000 for a quicker look.
const ROWS = Number(process.env.BENCH_REFRESH_ROWS ?? "10000");
const EDITED = 50;
const INSERTED = 20;
const FIELDS: OrgField[] = [
  { kind: "attribute", name: "industry" },
  { kind: "attribute", name: "employee_count" },
];
const FOUND = "Found";

export interface EditsMovesFigures {
  newRowsOnly: boolean;
  rows: number;
  /** Rows whose Industry or Employee count is not their identifier's organization's, Status "Found". */
  wrong: number;
  /** Rows whose values are not their organization's and whose Status says so. */
  marked: number;
  charged: number;
  minimum: number;
  /** Apps Script calls of the refresh's executions, by service. */
  calls: Record<string, number>;
  /** The trigger executions from the edits to the refresh's end. */
  executions: number;
}

async function once(newRowsOnly: boolean): Promise<EditsMovesFigures> {
  const clock = createClock(Date.UTC(2026, 10, 25, 9));
  const newcomers = EDITED / 2 + INSERTED;
  const emulator = createEmulatorState({ orgs: ROWS + newcomers, now: clock.now });
  call(emulator, "POST", "/__admin/accounts", { body: { api_key: KEY, credits: 10_000_000 } });
  const orgs = emulator.dataset.orgs;
  const byDomain = new Map(orgs.map((org) => [org.domain, org]));
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
    output: { mode: "empty-only", targetColumn: "B" },
  }) as JobStatus;
  for (
    let minute = 0;
    minute < 60 && (gas.run("getJobStatus", job.jobId) as JobStatus).state !== "done";
    minute++
  )
    clock.advance("1m");
  gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily", newRowsOnly });
  const bought = new Set(orgs.slice(0, ROWS).map((o) => o.domain));
  const sheet = gas.sheet("Sheet1");
  // Half the edits name an organization another row holds, half one the range never had.
  const step = Math.floor(ROWS / EDITED);
  for (let i = 0; i < EDITED; i++) {
    const row = 2 + i * step;
    const other = i % 2 === 0 ? orgs[(i * step + step / 2) % ROWS]! : orgs[ROWS + Math.floor(i / 2)]!;
    sheet.set(`A${row}`, other.domain);
  }
  sheet.sortRange(`A2:A${ROWS + 1}`);
  const at = 2 + Math.floor(ROWS / 2);
  sheet.insertRows(at, INSERTED);
  sheet.set(
    `A${at}`,
    orgs.slice(ROWS + EDITED / 2, ROWS + newcomers).map((o) => [o.domain]),
  );
  const charged = () =>
    (
      call(emulator, "GET", "/__admin/ledger", { query: { api_key: [KEY] } }).body.entries as {
        credits: number;
      }[]
    ).reduce((sum, e) => sum + e.credits, 0);
  const enrichCharge = charged();
  const before = gas.executions.length;
  const lastRun = () => (gas.run("listRefreshRules") as { lastRun: unknown }[])[0]?.lastRun ?? null;
  clock.advance("24h");
  for (let minute = 0; minute < 120 && lastRun() === null; minute++) clock.advance("1m");
  if (lastRun() === null) throw new Error("The refresh did not finish in two hours.");
  const rows = sheet.values(`A2:D${ROWS + INSERTED + 1}`);
  let wrong = 0;
  let marked = 0;
  for (const row of rows) {
    if (row[0] === "") continue;
    const org = byDomain.get(String(row[0]));
    const right =
      org !== undefined && row[1] === INDUSTRIES[org.industry]?.name && row[2] === org.employeeCount;
    if (right) continue;
    if (row[3] === FOUND || row[3] === "") wrong++;
    else marked++;
  }
  // The minimum: every organization in the range (every row), or those never bought (new rows only).
  const inRange = new Set(rows.map((row) => String(row[0])));
  const needed = newRowsOnly ? [...inRange].filter((d) => !bought.has(d)).length : inRange.size;
  const unit = organizationUnitCost(buildSelect(FIELDS)).credits;
  const refreshRuns = gas.executions.slice(before).filter((e) => e.functionName === "dispatchJobs");
  const calls: Record<string, number> = {};
  for (const e of refreshRuns)
    for (const [name, n] of Object.entries(e.calls)) {
      const service = name.split(".")[0] as string;
      calls[service] = (calls[service] ?? 0) + n;
    }
  return {
    newRowsOnly,
    rows: rows.length,
    wrong,
    marked,
    charged: charged() - enrichCharge,
    minimum: needed * unit,
    calls,
    executions: refreshRuns.length,
  };
}

export async function printRefreshEditsMoves(): Promise<void> {
  const size = ROWS.toLocaleString("en-US");
  console.log(
    `\n## Refresh after people edit, sort and insert (issue 39): ${size} rows${ROWS === 10_000 ? "" : " (BENCH_REFRESH_ROWS set)"}, ${EDITED} identifiers edited (half to organizations elsewhere in the range), column A sorted alone, ${INSERTED} rows inserted`,
  );
  for (const newRowsOnly of [true, false]) {
    const f = await once(newRowsOnly);
    const calls = Object.entries(f.calls)
      .sort((a, b) => b[1] - a[1])
      .map(([service, n]) => `${service} ${n.toLocaleString("en-US")}`)
      .join(", ");
    console.log(
      `${newRowsOnly ? "new rows only" : "every row    "}: ${f.wrong.toLocaleString("en-US")} of ${f.rows.toLocaleString("en-US")} rows wrong (${f.marked.toLocaleString("en-US")} marked by their Status); credits ${f.charged.toLocaleString("en-US")} ÷ price-list minimum ${f.minimum.toLocaleString("en-US")} = ${(f.charged / Math.max(1, f.minimum)).toFixed(2)}; Apps Script calls of the ${f.executions} trigger executions from the edits to the refresh's end, by service: ${calls}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await printRefreshEditsMoves();
