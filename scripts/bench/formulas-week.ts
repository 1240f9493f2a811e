// A week of daily opens (issue 38): a 2,000-organization column of ORG_ATTR over 10 paid attributes, filled
// down with the default freshness, opened again each morning for 7 days: credits over the price list's minimum.
// Each open runs onOpen as Sheets does, in AuthMode.LIMITED: the add-on is enabled in this file (someone used
// it here, as setting up its key in Settings does), so onOpen files what formulas bought in the purchase
// record and appends their log rows; nobody opens the sidebar or a menu all week.
import { PRICES } from "../../src/api/contract/index.ts";
import { formulaColumnWorld, PAID_ATTRIBUTES } from "./formula-column-world.ts";

const ORGS = 2_000;
const DAYS = 7;
const ATTRIBUTES = PAID_ATTRIBUTES;

export interface WeekFigures {
  /** Credits and requests of the first evaluation, then of each day's open. */
  days: { credits: number; requests: number }[];
  minimum: number;
}

export async function benchFormulasWeek(): Promise<WeekFigures> {
  const { clock, state, gas, charged } = await formulaColumnWorld(Date.UTC(2026, 10, 23, 9));
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
    pass(() => gas.reopen({ authMode: "LIMITED" }));
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
