// A filled-down column with max_age_days (issue 27): 1,500 organizations × 10 paid attributes, first
// evaluation and a recalculation an hour later (within the window), credits against the price list's minimum.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness } from "../../harness/index.ts";
import { PRICES } from "../../src/api/contract/index.ts";

const BASE_URL = "http://emulator.local";
const ORGS = 1_500;
const ATTRIBUTES = [
  "industry",
  "headquarters_country",
  "employee_count",
  "jobs_count",
  "teams_count",
  "funding_total_raised",
  "status",
  "tags",
  "service_score",
  "funding_last_round_type",
];

export interface MaxAgeFigures {
  /** Credits of the first evaluation ÷ the price list's minimum for the column. */
  firstOverMinimum: number;
  firstRequests: number;
  /** Credits and requests of a recalculation one hour later. */
  recalculatedCredits: number;
  recalculatedRequests: number;
}

export async function benchMaxAgeColumn(): Promise<MaxAgeFigures> {
  const clock = createClock(Date.UTC(2026, 10, 21, 9));
  const state = createEmulatorState({ orgs: 3_000, now: clock.now });
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY },
  });
  const charged = (): number =>
    (
      call(state, "GET", "/__admin/ledger", { query: { api_key: [DEMO_API_KEY] } }).body.entries as Array<{
        credits: number;
      }>
    ).reduce((sum, e) => sum + e.credits, 0);
  const orgs = state.dataset.orgs.slice(0, ORGS);
  gas.sheet().set(
    "A2",
    orgs.map((o) => [o.domain]),
  );
  // Every domain of the emulator's dataset matches: the minimum is each organization once, base + 10.
  const minimum = ORGS * (PRICES.organizationBase + ATTRIBUTES.length * PRICES.organizationPaidAttribute);
  gas.fill(`B2:B${ORGS + 1}`, `=ORG_ATTR(A2,"${ATTRIBUTES.join(",")}",7)`);
  const first = { credits: charged(), requests: gas.fetches.length };
  clock.advance("1h");
  gas.recalculate();
  return {
    firstOverMinimum: first.credits / minimum,
    firstRequests: first.requests,
    recalculatedCredits: charged() - first.credits,
    recalculatedRequests: gas.fetches.length - first.requests,
  };
}

/** Prints the section (called from scripts/bench.ts). */
export async function printMaxAgeColumnBench(): Promise<void> {
  console.log("\n## Filled-down column with max_age_days 7: 1,500 organizations × 10 paid attributes");
  const f = await benchMaxAgeColumn();
  console.log(
    `first evaluation: ${f.firstRequests} request(s), credits ÷ price-list minimum ${f.firstOverMinimum.toFixed(2)}; recalculation 1 h later: ${f.recalculatedRequests} request(s), ${f.recalculatedCredits} credits`,
  );
}
