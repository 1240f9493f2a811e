// A week of daily opens (issue 38): a 2,000-organization column of ORG_ATTR over 10 paid attributes, filled
// down with the default freshness, opened again each morning for 7 days: credits over the price list's minimum.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness } from "../../harness/index.ts";
import { PRICES } from "../../src/api/contract/index.ts";

const BASE_URL = "http://emulator.local";
const ORGS = 2_000;
const DAYS = 7;
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

export interface WeekFigures {
  /** Credits and requests of the first evaluation, then of each day's open. */
  days: { credits: number; requests: number }[];
  minimum: number;
}

export async function benchFormulasWeek(): Promise<WeekFigures> {
  const clock = createClock(Date.UTC(2026, 10, 23, 9));
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
  gas.sheet().set(
    "A2",
    state.dataset.orgs.slice(0, ORGS).map((o) => [o.domain]),
  );
  // Every domain of the emulator's dataset matches, and the default freshness (30 days) covers the week:
  // the minimum is each organization once, base + 10 paid attributes.
  const minimum = ORGS * (PRICES.organizationBase + ATTRIBUTES.length * PRICES.organizationPaidAttribute);
  const days: WeekFigures["days"] = [];
  let credits = 0;
  let requests = 0;
  const pass = (act: () => void) => {
    act();
    days.push({ credits: charged() - credits, requests: gas.fetches.length - requests });
    credits = charged();
    requests = gas.fetches.length;
  };
  pass(() => gas.fill(`B2:B${ORGS + 1}`, `=ORG_ATTR(A2,"${ATTRIBUTES.join(",")}")`));
  for (let day = 1; day <= DAYS; day++) {
    clock.advance("1d");
    pass(() => gas.reopen());
  }
  return { days, minimum };
}

/** Prints the section (called from scripts/bench.ts). */
export async function printFormulasWeek(): Promise<void> {
  console.log(
    `\n## A week of daily opens: ORG_ATTR filled down over ${ORGS.toLocaleString("en-US")} organizations × ${ATTRIBUTES.length} paid attributes, default freshness`,
  );
  const f = await benchFormulasWeek();
  const total = f.days.reduce((sum, d) => sum + d.credits, 0);
  console.log(
    f.days
      .map(
        (d, i) =>
          `${i === 0 ? "first" : `day ${i}`}: ${d.credits.toLocaleString("en-US")} credits, ${d.requests} request(s)`,
      )
      .join("; "),
  );
  console.log(
    `the week: credits ${total.toLocaleString("en-US")} ÷ price-list minimum ${f.minimum.toLocaleString("en-US")} = ${(total / f.minimum).toFixed(2)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await printFormulasWeek();
