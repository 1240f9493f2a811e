// Formula request intents (issue: intent keys): the bytes one takes, and what the executions of three
// formula columns over 2,000 organizations call on the document's properties to keep them.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { createClock, createHarness } from "../../harness/index.ts";
import { encodeIntent, FORMULA_INTENT_PREFIX } from "../../src/core/spending/formula-intents.ts";
import { utf8ByteLength } from "../../src/core/text/utf8.ts";

const BASE_URL = "http://emulator.local";
const ORGS = 2_000;

export interface IntentFigures {
  /** UTF-8 bytes of one full body's intent value (1,000 organizations, 3 fields). */
  fullBodyBytes: number;
  executions: number;
  /** Over every execution of the three columns: getProperties, setProperties, deleteProperty calls. */
  reads: number;
  writes: number;
  deletes: number;
  organizationsRequests: number;
  /** Intent keys left once every column answered (0: every request settled). */
  leftOpen: number;
}

export async function benchFormulaIntents(): Promise<IntentFigures> {
  const now = Date.UTC(2026, 10, 26, 9);
  const keys = Array.from({ length: 1_000 }, (_, i) => `url:company-${i}.example.com`);
  const fullBodyBytes = utf8ByteLength(encodeIntent(now, ["a:industry", "a:name", "a:employee_count"], keys));
  const clock = createClock(now);
  const state = createEmulatorState({ orgs: 3_000, now: clock.now });
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY },
  });
  gas.sheet().set(
    "A2",
    state.dataset.orgs.slice(0, ORGS).map((o) => [o.domain]),
  );
  const before = gas.executions.length;
  gas.fill(`B2:B${ORGS + 1}`, '=ORG_ATTR(A2,"industry")');
  gas.formula("C2", `=ORG_ATTR(A2:A${ORGS + 1}, "name")`);
  gas.formula("D2", `=ORG_ATTR(A2:A${ORGS + 1}, "employee_count")`);
  const runs = gas.executions.slice(before);
  const count = (name: string) => runs.reduce((n, run) => n + (run.calls[name] ?? 0), 0);
  return {
    fullBodyBytes,
    executions: runs.length,
    reads: count("Properties.getProperties"),
    writes: count("Properties.setProperties"),
    deletes: count("Properties.deleteProperty"),
    organizationsRequests: gas.fetches.filter((f) => f.url.endsWith("/v9/organizations")).length,
    leftOpen: Object.keys(gas.properties.document().snapshot()).filter((k) =>
      k.startsWith(FORMULA_INTENT_PREFIX),
    ).length,
  };
}

/** Prints the section (called from scripts/bench.ts). */
export async function printFormulaIntentsBench(): Promise<void> {
  console.log("\n## Formula request intents: 3 columns over 2,000 organizations (filled, range, range)");
  const f = await benchFormulaIntents();
  console.log(
    `one full body's intent (1,000 organizations, 3 fields): ${f.fullBodyBytes} bytes of a value's 9,216; ` +
      `${f.executions} executions, ${f.organizationsRequests} organizations requests: ${f.reads} getProperties, ` +
      `${f.writes} setProperties, ${f.deletes} deleteProperty; intents left open: ${f.leftOpen}`,
  );
}
