// Lookup request intents: what a JOB_FUNCTION column calls on the document's properties to keep them (a
// range over 2,000 distinct titles, and 200 titles filled down one cell each), and what it was charged.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness } from "../../harness/index.ts";
import { LOOKUP_INTENT_PREFIX } from "../../src/core/spending/formula-intents.ts";

const BASE_URL = "http://emulator.local";
const LEVELS = ["Senior", "Junior", "Lead", "Principal", "Staff", "VP of", "Head of", "Director of"];
const FUNCTIONS = ["Data Engineer", "Sales", "Marketing", "Account Executive", "Recruiter", "Designer"];

/** `n` distinct titles the emulator reads, each with a number of its own. */
function titles(n: number): string[] {
  return Array.from(
    { length: n },
    (_, i) => `${LEVELS[i % LEVELS.length]} ${FUNCTIONS[i % FUNCTIONS.length]} ${i}`,
  );
}

export interface LookupIntentFigures {
  executions: number;
  lookupRequests: number;
  credits: number;
  reads: number;
  writes: number;
  deletes: number;
  leftOpen: number;
}

async function column(rows: number, filled: boolean): Promise<LookupIntentFigures> {
  const clock = createClock(Date.UTC(2026, 10, 26, 9));
  const state = createEmulatorState({ orgs: 10, now: clock.now });
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY },
  });
  gas.sheet().set(
    "A2",
    titles(rows).map((t) => [t]),
  );
  const before = gas.executions.length;
  if (filled) gas.fill(`B2:B${rows + 1}`, "=JOB_FUNCTION(A2)");
  else gas.formula("B2", `=JOB_FUNCTION(A2:A${rows + 1})`);
  const runs = gas.executions.slice(before);
  const count = (name: string) => runs.reduce((n, run) => n + (run.calls[name] ?? 0), 0);
  const lookups = gas.fetches.filter((f) => f.url.endsWith("/v9/jobs/title-lookup"));
  const ledger = call(state, "GET", "/__admin/ledger", { query: { api_key: [DEMO_API_KEY] } }).body as {
    entries: { credits: number }[];
  };
  const credits = ledger.entries.reduce((n, e) => n + e.credits, 0);
  return {
    executions: runs.length,
    lookupRequests: lookups.length,
    credits,
    reads: count("Properties.getProperties"),
    writes: count("Properties.setProperties"),
    deletes: count("Properties.deleteProperty"),
    leftOpen: Object.keys(gas.properties.document().snapshot()).filter((k) =>
      k.startsWith(LOOKUP_INTENT_PREFIX),
    ).length,
  };
}

/** Prints the section (called from scripts/bench.ts). */
export async function printLookupIntentsBench(): Promise<void> {
  console.log(
    "\n## Lookup request intents: JOB_FUNCTION over 2,000 titles (range), 200 titles (filled down)",
  );
  for (const [label, rows, filled] of [
    ["range, 2,000 titles", 2_000, false],
    ["filled, 200 titles", 200, true],
  ] as const) {
    const f = await column(rows, filled);
    console.log(
      `${label}: ${f.executions} executions, ${f.lookupRequests} lookup requests, ${f.credits} credits; ` +
        `${f.reads} getProperties, ${f.writes} setProperties, ${f.deletes} deleteProperty; intents left open: ${f.leftOpen}`,
    );
  }
}
