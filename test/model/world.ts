// The model's world: the real bundle in the harness against the in-process emulator, two sheets of
// identifiers (Sheet1 for sidebar runs, F for formulas), and readers of the ledger and the Enrichment log.
// Nothing here imports src/: the model is written apart from the product.

import type { LedgerEntry } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { DEMO_API_KEY } from "../../emulator/index.ts";
import { organizationAttributes } from "../../emulator/organizations/attributes.ts";
import { createEmulatorState, type EmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import {
  type CellValue,
  createClock,
  createHarness,
  type Harness,
  ScriptError,
} from "../../harness/index.ts";

export const BASE = "http://emulator.model";
export const START = Date.UTC(2026, 2, 10, 9, 0, 0);
/** Rows 2…ROWS+1 of each sheet hold identifiers (row 1 is the header). */
export const ROWS = 6;
export const FIRST_ROW = 2;
export const LAST_ROW = FIRST_ROW + ROWS - 1;
/** The identifiers a person types: eight organizations' domains, one unknown company, and blank. */
export const KNOWN = 8;
// Not ASCII, so stored text (journals, row prints, the purchase record, the log) carries other scripts too.
export const UNKNOWN = "bücher-ñandú-東京-zq.example";
/** The pool index of text typed for "no organization here": not valid, so nothing is bought for it. */
export const NOT_ORG = -2;
export const NOT_ORG_TEXT = "n/a";
export const LOG_SHEET = "Enrichment log";
/** The fields every sidebar run asks (the Enrich tab's request shape). */
export const RUN_FIELDS = ["name", "employee_count", "industry"] as const;
export const OWNER = "user@example.com";
export const BOB = { email: "bob@example.com", key: "key-of-bob-0123456789" };

export interface World {
  gas: Harness;
  emulator: EmulatorState;
  /** Domains of the KNOWN organizations, by pool index. */
  pool: string[];
}

export async function createWorld(seed = 1): Promise<World> {
  const clock = createClock(START);
  const emulator = createEmulatorState({ now: clock.now, orgs: 60 });
  const gas = await createHarness({
    clock,
    mode: "bound",
    seed,
    // A request held back past this deadline is lost by UrlFetch (the service may have charged it).
    fetchDeadlineMs: 60_000,
    emulator: { baseUrl: BASE, handle: (request) => handle(request, emulator) },
    scriptProperties: { API_BASE_URL: BASE, API_KEY: DEMO_API_KEY },
    sheets: [
      { name: "Sheet1", values: [["Domain"]] },
      { name: "F", values: [["Domain"]] },
      { name: "Bob", values: [["Domain"]] },
    ],
  });
  const pool = emulator.dataset.orgs.slice(0, KNOWN).map((org) => org.domain);
  // Bob edits the file too, with an account and key of his own.
  admin(emulator, "POST", "/__admin/accounts", { api_key: BOB.key, credits: 1_000_000 });
  gas.setUser(BOB.email);
  gas.run("saveApiKey", BOB.key);
  gas.setUser(OWNER);
  return { gas, emulator, pool };
}

function admin(emulator: EmulatorState, method: string, path: string, body?: unknown): void {
  const answer = call(emulator, method, path, body === undefined ? {} : { body });
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.text}`);
}

export function addFault(world: World, fault: Record<string, unknown>): void {
  admin(world.emulator, "POST", "/__admin/faults", fault);
}

export function clearFaults(world: World): void {
  admin(world.emulator, "DELETE", "/__admin/faults");
}

export function ledger(world: World, apiKey = DEMO_API_KEY): LedgerEntry[] {
  return call(world.emulator, "GET", "/__admin/ledger", { query: { api_key: [apiKey] } }).body.entries;
}

export function charged(world: World, apiKey = DEMO_API_KEY): number {
  return ledger(world, apiKey).reduce((total, entry) => total + entry.credits, 0);
}

/** The identifier a pool index stands for ("" for blank). */
export function identifier(world: World, index: number): string {
  if (index === NOT_ORG) return NOT_ORG_TEXT;
  if (index < 0) return "";
  return index < KNOWN ? world.pool[index]! : UNKNOWN;
}

/** What the service answers for an identifier now: its fields' values, or null when nothing matches. */
export function truth(world: World, id: string): Record<string, unknown> | null {
  const domain = id
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "")
    .replace(/\/.*$/, "");
  const org = world.emulator.dataset.orgs.find((o) => o.domain === domain);
  if (!org || domain === "") return null;
  return organizationAttributes([...RUN_FIELDS], org, world.emulator.dataset, false);
}

/** The pool index of an identifier typed in the sheet (KNOWN for the unknown company, NOT_ORG for "n/a"). */
export function poolIndex(world: World, id: string): number {
  if (id === NOT_ORG_TEXT) return NOT_ORG;
  const found = world.pool.indexOf(id.trim().toLowerCase());
  return found < 0 ? KNOWN : found;
}

export interface LogFact {
  action: string;
  kind: "charged" | "possibly" | "settled";
  credits: number;
}

// The sentences a possibly-charged or settling row starts with, as the person reads them.
const POSSIBLY = /^(\d[\d,]*) credits? possibly charged: |^Possibly charged, amount unknown /;
const SETTLED = /^Settled: /;

/** The Enrichment log's rows as facts: kind and amount. */
export function logFacts(world: World): LogFact[] {
  let rows: CellValue[][];
  try {
    rows = world.gas.sheet(LOG_SHEET).values();
  } catch {
    return [];
  }
  return rows
    .slice(1)
    .filter((row) => row[0] !== "")
    .map((row) => {
      const result = String(row[5]);
      const kind = POSSIBLY.test(result) ? "possibly" : SETTLED.test(result) ? "settled" : "charged";
      return { action: String(row[1]), kind, credits: Number(row[3]) };
    });
}

/** Runs a server function as google.script.run does; a failure is the message its handler gets. */
export function tryRun(world: World, name: string, ...args: unknown[]): { ok: unknown } | { error: string } {
  try {
    return { ok: world.gas.run(name, ...args) };
  } catch (error) {
    if (error instanceof ScriptError) return { error: error.message };
    throw error;
  }
}
