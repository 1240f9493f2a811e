// The one money record's price in platform calls (issue 29): what a paid formula batch, a sidebar credits
// read with nothing new, and one after a paid answer cost in property, cache and lock calls. Counts, not time.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { createClock, createHarness, type ExecutionRecord } from "../../harness/index.ts";

const BASE_URL = "http://emulator.local";
const STORES = /^(Properties|Cache|Lock)\./;

function stores(record: ExecutionRecord | undefined): string {
  const calls = Object.entries(record?.calls ?? {}).filter(([name]) => STORES.test(name));
  return calls.length ? calls.map(([name, n]) => `${name} ${n}`).join(", ") : "none";
}

export async function printMoneyRecordBench(): Promise<void> {
  console.log("\n## The money record (issue 29): store, cache and lock calls per execution");
  const clock = createClock(Date.UTC(2026, 10, 21, 9));
  const state = createEmulatorState({ orgs: 3000, now: clock.now });
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY },
  });
  const domains = state.dataset.orgs.slice(0, 500).map((o) => o.domain);
  gas.sheet().set(
    "A1",
    domains.map((d) => [d]),
  );
  const last = () => gas.executions[gas.executions.length - 1];
  gas.formula("B1", '=ORG_ATTR(A1:A500, "industry")');
  console.log(`paid formula batch (500 organizations): ${stores(last())}`);
  gas.run("getCredits");
  console.log(`credits read after a paid answer:       ${stores(last())}`);
  gas.run("getCredits");
  console.log(`credits read with nothing new:          ${stores(last())}`);
}
