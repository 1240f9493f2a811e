// The world of the formula-column benches: a harness over the in-process emulator (3,000 organizations), the
// ten paid attributes they fill down, and the credits the emulator's ledger charged the demo key.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness } from "../../harness/index.ts";

const BASE_URL = "http://emulator.local";

export const PAID_ATTRIBUTES = [
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

export async function formulaColumnWorld(startMs: number) {
  const clock = createClock(startMs);
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
  return { clock, state, gas, charged };
}
