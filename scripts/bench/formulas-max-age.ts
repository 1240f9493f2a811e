// A filled-down column with max_age_days (issue 27): 1,500 organizations × 10 paid attributes, first
// evaluation and a recalculation an hour later (within the window), credits against the price list's minimum.
import { PRICES } from "../../src/api/contract/index.ts";
import { formulaColumnWorld, PAID_ATTRIBUTES } from "./formula-column-world.ts";

const ORGS = 1_500;
const ATTRIBUTES = PAID_ATTRIBUTES;

export interface MaxAgeFigures {
  /** Credits of the first evaluation ÷ the price list's minimum for the column. */
  firstOverMinimum: number;
  firstRequests: number;
  /** Credits and requests of a recalculation one hour later. */
  recalculatedCredits: number;
  recalculatedRequests: number;
}

export async function benchMaxAgeColumn(): Promise<MaxAgeFigures> {
  const { clock, state, gas, charged } = await formulaColumnWorld(Date.UTC(2026, 10, 21, 9));
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
