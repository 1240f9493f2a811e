// Formula figures (issue 5): a sheet of 5,000 rows over 2,000 unique organizations with 3 attributes and
// 2 technologies, evaluated through the built bundle in the harness against the emulator — first
// evaluation and recalculation — beside a naive one-request-per-cell add-on written here as the baseline.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import { createClock, createHarness, type LatencyOption } from "../../harness/index.ts";

const BASE_URL = "http://emulator.local";
const ROWS = 5000;
const UNIQUE = 2000;
const ATTRIBUTES = ["employee_count", "industry", "headquarters_country"];
const TECHNOLOGIES = ["python", "kubernetes"];

export interface PassFigures {
  requests: number;
  credits: number;
  wallMs: number;
  /** Time on the harness clock (simulated latency, throttle waits): what Apps Script would take. */
  clockMs: number;
}

export interface FormulaBenchResult {
  rows: number;
  unique: number;
  first: PassFigures;
  recalculation: PassFigures;
  naiveFirst: PassFigures;
  naiveRecalculation: PassFigures;
  /** Ours again under the harness's Apps Script latency model (every service call costs its measured time). */
  firstWithLatency: PassFigures;
  recalculationWithLatency: PassFigures;
}

function ledgerTotal(state: ReturnType<typeof createEmulatorState>): number {
  const entries = call(state, "GET", "/__admin/ledger", { query: { api_key: [DEMO_API_KEY] } }).body
    .entries as {
    credits: number;
  }[];
  return entries.reduce((sum, e) => sum + e.credits, 0);
}

async function ours(
  latency: LatencyOption = "none",
): Promise<{ first: PassFigures; recalculation: PassFigures }> {
  const clock = createClock(Date.UTC(2026, 10, 21, 9));
  const state = createEmulatorState({ orgs: 5000, now: clock.now });
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY },
    latency,
  });
  const domains = state.dataset.orgs.slice(0, UNIQUE).map((o) => o.domain);
  gas.sheet().set(
    "A2",
    Array.from({ length: ROWS }, (_, i) => [domains[i % UNIQUE]!]),
  );
  const last = ROWS + 1;
  const pass = (run: () => void): PassFigures => {
    const fetches = gas.fetches.length;
    const credits = ledgerTotal(state);
    const clockStart = clock.now();
    const start = performance.now();
    run();
    return {
      requests: gas.fetches.length - fetches,
      credits: ledgerTotal(state) - credits,
      wallMs: performance.now() - start,
      clockMs:
        gas.executions.slice(-2).reduce((sum, e) => sum + (e.durationMs ?? 0), 0) || clock.now() - clockStart,
    };
  };
  const first = pass(() => {
    const a = gas.formula("B2", `=ORG_ATTR(A2:A${last}, "${ATTRIBUTES.join(",")}")`);
    const t = gas.formula("E2", `=TECH_COUNT(A2:A${last}, "${TECHNOLOGIES.join(",")}")`);
    if (a.error || t.error) throw new Error(`formula failed: ${a.error ?? t.error}`);
  });
  const recalculation = pass(() => gas.recalculate());
  return { first, recalculation };
}

/**
 * The baseline: what an add-on without batching or caching does — one request per cell per formula,
 * and the same again on every recalculation. Sent to the emulator core at the rate limit (10 per second).
 */
function naive(): { first: PassFigures; recalculation: PassFigures } {
  const clock = manualClock(Date.UTC(2026, 10, 21, 9));
  const state = createEmulatorState({ orgs: 5000, now: clock.now });
  const domains = state.dataset.orgs.slice(0, UNIQUE).map((o) => o.domain);
  const pass = (): PassFigures => {
    const credits = ledgerTotal(state);
    const clockStart = clock.now();
    const start = performance.now();
    let requests = 0;
    for (let row = 0; row < ROWS; row++) {
      const organizations = [{ url: domains[row % UNIQUE]! }];
      const bodies = [
        { organizations, select: { attributes: ATTRIBUTES } },
        {
          organizations,
          select: {
            entities: TECHNOLOGIES.map((term) => ({ type: "technology", term, metrics: ["job_post_count"] })),
          },
        },
      ];
      for (const body of bodies) {
        clock.advance(100);
        const response = call(state, "POST", "/v9/organizations", { body });
        if (response.status !== 200)
          throw new Error(`naive request failed: ${response.status} ${response.text}`);
        requests++;
      }
    }
    return {
      requests,
      credits: ledgerTotal(state) - credits,
      wallMs: performance.now() - start,
      clockMs: clock.now() - clockStart,
    };
  };
  const first = pass();
  return { first, recalculation: pass() };
}

export async function runFormulaBench(): Promise<FormulaBenchResult> {
  const a = await ours();
  const b = naive();
  const c = await ours("apps-script");
  return {
    rows: ROWS,
    unique: UNIQUE,
    first: a.first,
    recalculation: a.recalculation,
    naiveFirst: b.first,
    naiveRecalculation: b.recalculation,
    firstWithLatency: c.first,
    recalculationWithLatency: c.recalculation,
  };
}
