// An add-on world for e2e tests: the emulator core and the harness share one clock, and the built
// bundle talks to the emulator in-process with the demo key (or the account a test chooses).
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState, type EmulatorOptions, type EmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness, type Harness, type HarnessOptions } from "../../harness/index.ts";
import { fillStore } from "./fill-store.ts";

export const BASE_URL = "http://emulator.local";
export const START = Date.UTC(2026, 10, 21, 9, 0, 0);

export interface LedgerRow {
  path: string;
  credits: number;
}

export interface AddonWorld {
  gas: Harness;
  state: EmulatorState;
  /** Calls the emulator's admin API in-process; `path` may carry a query string. */
  admin(method: string, path: string, body?: unknown): { status: number; body: any };
  ledger(apiKey?: string): LedgerRow[];
  /** Credits charged to an account so far, summed from the emulator's ledger. */
  charged(apiKey?: string): number;
}

function splitQuery(path: string): { path: string; query: Record<string, string[]> } {
  const [bare, search] = path.split("?");
  const query: Record<string, string[]> = {};
  for (const pair of (search ?? "").split("&").filter(Boolean)) {
    const [key, value] = pair.split("=");
    const name = decodeURIComponent(key!);
    query[name] = [...(query[name] ?? []), decodeURIComponent(value ?? "")];
  }
  return { path: bare!, query };
}

export async function addonWorld(
  options: {
    emulator?: EmulatorOptions;
    harness?: Partial<HarnessOptions>;
    scriptProperties?: Record<string, string>;
  } = {},
): Promise<AddonWorld> {
  const clock = createClock(START);
  const state = createEmulatorState({ orgs: 3000, ...options.emulator, now: clock.now });
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: options.scriptProperties ?? { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY },
    ...options.harness,
  });
  const admin = (method: string, path: string, body?: unknown) => {
    const split = splitQuery(path);
    const r = call(state, method, split.path, {
      ...(body === undefined ? {} : { body }),
      query: split.query,
    });
    return { status: r.status, body: r.body };
  };
  const ledger = (apiKey = DEMO_API_KEY): LedgerRow[] =>
    admin("GET", `/__admin/ledger?api_key=${encodeURIComponent(apiKey)}`).body.entries;
  return {
    gas,
    state,
    admin,
    ledger,
    charged: (apiKey = DEMO_API_KEY) => ledger(apiKey).reduce((sum, e) => sum + e.credits, 0),
  };
}

/**
 * The first `organizations` sample domains typed in A2 down, then the spreadsheet's document store filled
 * with other data until exactly `free` bytes of its 500 KB remain: the set-up of every full-store test.
 */
export function fillDocumentStore(
  w: AddonWorld,
  { organizations, free }: { organizations: number; free: number },
): void {
  w.gas.sheet().set(
    "A2",
    w.state.dataset.orgs.slice(0, organizations).map((o) => [o.domain]),
  );
  fillStore(w.gas.properties.document(), free);
}
