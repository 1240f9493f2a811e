// Credits under a fault storm (issue 16): 10,000 rows with throttling, server errors, a truncated answer,
// an answer past UrlFetch's deadline and an execution killed in flight, two executions at a time.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness, ScriptError } from "../../harness/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";

const BASE_URL = "http://emulator.local";
const ROWS = 10_000;
const FIELDS = [
  { kind: "attribute", name: "name" },
  { kind: "attribute", name: "employee_count" },
  { kind: "attribute", name: "industry" },
];
/** 1 base + employee_count + industry; name is free. */
const UNIT = 3;

export interface FaultBenchResult {
  rows: number;
  /** What the service charged over the price list's minimum for the rows (every one matched, once). */
  chargedOverMinimum: number;
  /** The same before the user's re-run of lost rows, and the rows filled by then. */
  chargedOverMinimumBeforeRerun: number;
  rowsFilledBeforeRerun: number;
  /** Requests sent again, without the user asking, for organizations whose paid answer was lost. */
  resentForUnknownOutcome: number;
  /** Rows whose answer was lost and that the user then chose to buy again. */
  lostRows: number;
  loggedOverCharged: number;
}

export async function benchFaults(seed = 1): Promise<FaultBenchResult> {
  const clock = createClock(Date.UTC(2026, 10, 21, 9));
  const state = createEmulatorState({ orgs: ROWS, now: clock.now });
  const gas = await createHarness({
    clock,
    seed,
    mode: "bound",
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY },
    sheets: [{ name: "Sheet1", values: [["Domain"], ...state.dataset.orgs.map((o) => [o.domain])] }],
  });
  const fault = (spec: Record<string, unknown>) =>
    call(state, "POST", "/__admin/faults", { body: { path: "/v9/organizations", ...spec } });
  fault({ status: 429, count: 3 });
  fault({ status: 500, count: 2 });
  fault({ body: "truncated", count: 1 });
  fault({ delay_ms: 70_000, count: 1 });
  fault({ delay_ms: 400_000, count: 1 });
  const job = gas.run("startEnrichment", {
    sheetName: "Sheet1",
    inputRange: "A:A",
    fields: FIELDS,
  }) as JobStatus;
  const tolerate = (name: string) => () => {
    try {
      return gas.run(name);
    } catch (error) {
      if (error instanceof ScriptError) return null;
      throw error;
    }
  };
  const settle = (): JobStatus => {
    let status: JobStatus | undefined;
    for (let round = 0; round < 40; round++) {
      gas.concurrently([tolerate("pollJobs"), tolerate("dispatchJobs")]);
      status = (gas.run("pollJobs") as JobStatus[]).find((s) => s.jobId === job.jobId);
      if (status && status.state !== "running" && status.state !== "queued") return status;
      clock.advance("5m");
    }
    throw new Error(`The run did not settle: ${status?.message}`);
  };
  const chargedTotal = () =>
    (
      call(state, "GET", "/__admin/ledger", { query: { api_key: [DEMO_API_KEY] } }).body.entries as Array<{
        credits: number;
      }>
    ).reduce((sum, e) => sum + e.credits, 0);
  const first = settle();
  const beforeRerun = gas.fetches.length;
  const chargedBeforeRerun = chargedTotal();
  // The user presses "Re-run lost rows" after reading its price; only that buys the lost rows again.
  if (first.lostRows > 0) {
    gas.run("rerunLostRows", job.jobId);
    settle();
  }
  const charged = chargedTotal();
  const log = gas.sheet("Enrichment log").values().slice(1);
  const logged = log.reduce((sum, row) => sum + (Number(row[3]) || 0), 0);
  return {
    rows: ROWS,
    chargedOverMinimum: charged / (ROWS * UNIT),
    chargedOverMinimumBeforeRerun: chargedBeforeRerun / (ROWS * UNIT),
    rowsFilledBeforeRerun: first.rowsDone,
    resentForUnknownOutcome: countResent(gas.fetches.slice(0, beforeRerun)),
    lostRows: first.lostRows,
    loggedOverCharged: logged / Math.max(1, charged),
  };
}

/** Organizations sent again after a request for them was answered 200 (or its answer lost), before any re-run. */
function countResent(
  fetches: ReadonlyArray<{ url: string; body: string; status: number | null; error: string | null }>,
): number {
  const answered = new Set<string>();
  let resent = 0;
  for (const f of fetches) {
    if (!f.url.endsWith("/v9/organizations")) continue;
    const domains = (JSON.parse(f.body).organizations as unknown[]).map((o) => JSON.stringify(o));
    if (domains.some((d) => answered.has(d))) resent++;
    // Charged or possibly charged: a 200, or no status at all (timed out, killed in flight).
    if (f.status === 200 || f.status === null) for (const d of domains) answered.add(d);
  }
  return resent;
}
