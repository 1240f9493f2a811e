// Formulas as people write them (issue 17): 5,000 rows over 2,000 organizations, one attribute, under the
// harness's Apps Script latency model — the range form, the same formula filled down, and a naive
// one-request-per-cell add-on — first evaluation and a reopen 7 days later.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import { createClock, createHarness, type Harness } from "../../harness/index.ts";
import type { PassFigures } from "./formulas.ts";

const BASE_URL = "http://emulator.local";
const ROWS = 5_000;
const UNIQUE = 2_000;

export interface WrittenFigures {
  first: PassFigures;
  reopened: PassFigures;
}

function charged(state: ReturnType<typeof createEmulatorState>): number {
  const entries = call(state, "GET", "/__admin/ledger", { query: { api_key: [DEMO_API_KEY] } }).body
    .entries as Array<{ credits: number }>;
  return entries.reduce((sum, e) => sum + e.credits, 0);
}

async function throughHarness(enter: (gas: Harness) => void): Promise<WrittenFigures> {
  const clock = createClock(Date.UTC(2026, 10, 21, 9));
  const state = createEmulatorState({ orgs: ROWS, now: clock.now });
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY },
    latency: "apps-script",
  });
  const domains = state.dataset.orgs.slice(0, UNIQUE).map((o) => o.domain);
  gas.sheet().set(
    "A2",
    Array.from({ length: ROWS }, (_, i) => [domains[i % UNIQUE]!]),
  );
  const pass = (run: () => void): PassFigures => {
    const fetches = gas.fetches.length;
    const credits = charged(state);
    const executions = gas.executions.length;
    const start = performance.now();
    run();
    const ran = gas.executions.slice(executions).filter((e) => e.kind === "customFunction");
    return {
      requests: gas.fetches.length - fetches,
      credits: charged(state) - credits,
      wallMs: performance.now() - start,
      // From the first formula's start to the last one's end: how long the sheet takes to fill.
      clockMs: Math.max(...ran.map((e) => e.end)) - Math.min(...ran.map((e) => e.start)),
    };
  };
  const first = pass(() => enter(gas));
  clock.advance("7d");
  const reopened = pass(() => gas.reopen());
  return { first, reopened };
}

/** One request per cell, every time the sheet recalculates, at the rate limit (10 a second). */
function naive(): WrittenFigures {
  const clock = manualClock(Date.UTC(2026, 10, 21, 9));
  const state = createEmulatorState({ orgs: ROWS, now: clock.now });
  const domains = state.dataset.orgs.slice(0, UNIQUE).map((o) => o.domain);
  const pass = (): PassFigures => {
    const credits = charged(state);
    const start = performance.now();
    const clockStart = clock.now();
    for (let row = 0; row < ROWS; row++) {
      clock.advance(100);
      const body = { organizations: [{ url: domains[row % UNIQUE]! }], select: { attributes: ["industry"] } };
      const response = call(state, "POST", "/v9/organizations", { body });
      if (response.status !== 200) throw new Error(`naive request failed: ${response.status}`);
    }
    return {
      requests: ROWS,
      credits: charged(state) - credits,
      wallMs: performance.now() - start,
      clockMs: clock.now() - clockStart,
    };
  };
  return { first: pass(), reopened: pass() };
}

export async function runWrittenFormulaBench(): Promise<{
  range: WrittenFigures;
  filled: WrittenFigures;
  naive: WrittenFigures;
}> {
  const range = await throughHarness((gas) => {
    const cell = gas.formula("B2", `=ORG_ATTR(A2:A${ROWS + 1}, "industry")`);
    if (cell.error) throw new Error(`range formula failed: ${cell.error}`);
  });
  const filled = await throughHarness((gas) => {
    gas.fill(`B2:B${ROWS + 1}`, '=ORG_ATTR(A2,"industry")');
  });
  return { range, filled, naive: naive() };
}
