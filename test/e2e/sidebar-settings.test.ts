// The built bundle's menu and Settings server functions in the harness, against the emulator in-process:
// every validation error with the exact sentence the sidebar shows, and the key kept private.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState, type EmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness, type Harness, ScriptError } from "../../harness/index.ts";
import { KEY_SETTINGS_HINT, missingApiKey, missingBaseUrl } from "../../src/api/errors.ts";
import { DEFAULT_FORMULA_SETTINGS, PROPERTY } from "../../src/core/settings.ts";
import { refreshNowNotice } from "../../src/server/menu/handlers.ts";
import { KEY_REJECTED_MESSAGE } from "../../src/server/settings/key.ts";
import { API_KEY_MAX_LENGTH, KEY_TEXT_MESSAGES } from "../../src/server/settings/key-text.ts";
import { NO_MATCH_QUERY } from "../../src/server/settings/service.ts";
import { PRODUCT_NAME, renderStart } from "../../src/server/sidebar/contract.ts";

const BASE = "http://emulator.test";
const START = Date.UTC(2026, 2, 10, 9, 0, 0);
const SIDEBAR_HTML = readFileSync(join(import.meta.dirname, "../../dist/Sidebar.html"), "utf8");

interface World {
  gas: Harness;
  emulator: EmulatorState;
}

async function world(scriptProperties: Record<string, string> = { API_BASE_URL: BASE }): Promise<World> {
  const clock = createClock(START);
  const emulator = createEmulatorState({ now: clock.now, orgs: 300 });
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE, handle: (request) => handle(request, emulator) },
    scriptProperties,
  });
  return { gas, emulator };
}

/** The message google.script.run's failure handler would get, or a test failure if the call succeeded. */
function failure(gas: Harness, name: string, ...args: unknown[]): string {
  try {
    gas.run(name, ...args);
  } catch (error) {
    if (error instanceof ScriptError) return error.message;
    throw error;
  }
  throw new Error(`${name} was expected to fail`);
}

/** Every text the user's key could have leaked into: logs, results, other stores. */
function everywhereButUserProperties(gas: Harness): string {
  return JSON.stringify({
    logs: gas.executions.map((e) => [e.logs, e.error]),
    script: gas.properties.script.snapshot(),
    document: gas.properties.document().snapshot(),
    userCache: gas.caches.user().snapshot(START),
  });
}

describe("the menu", () => {
  it("is built in AuthMode.NONE, and every item names a function the bundle has", async () => {
    const { gas } = await world();
    const record = gas.open({ authMode: "NONE" });
    expect(record).toMatchObject({ authMode: "NONE", status: "completed" });
    const items = gas.menuItems();
    expect(items.map((item) => ("label" in item ? item.label : "—"))).toEqual([
      "Open sidebar",
      "Enrich selection…",
      "Refresh now",
      "Freeze formulas to values",
      "Settings",
      "Help",
      "Diagnostics",
    ]);
    for (const item of items) {
      if (!("functionName" in item)) continue;
      expect(gas.menu(item.label)).toMatchObject({ status: "completed", authMode: "FULL" });
    }
  });

  it.each([
    ["Open sidebar", { screen: "enrich", notice: null }],
    ["Enrich selection…", { screen: "enrich", notice: null, useSelection: true }],
    ["Settings", { screen: "settings", notice: null }],
    ["Help", { screen: "help", notice: null }],
    ["Refresh now", { screen: "more", notice: refreshNowNotice(0) }],
  ] as const)("%s shows the sidebar built from dist/Sidebar.html on its screen", async (label, start) => {
    const { gas } = await world();
    gas.open();
    gas.menu(label);
    const sidebar = gas.ui.sidebar;
    expect(sidebar?.kind).toBe("sidebar");
    expect(sidebar?.title).toBe(PRODUCT_NAME);
    expect(sidebar?.title).toBe("Enrichment for Sheets");
    expect(sidebar?.html.content).toBe(SIDEBAR_HTML + renderStart(start));
  });
});

describe("getSettings", () => {
  it("says what is missing on a fresh install, with the fix for the address", async () => {
    const { gas } = await world({});
    expect(gas.run("getSettings")).toEqual({
      baseUrl: {
        value: null,
        source: "script property",
        property: PROPERTY.baseUrl,
        problem: missingBaseUrl().message,
      },
      key: null,
      credits: null,
      formula: DEFAULT_FORMULA_SETTINGS,
      spentToday: 0,
      fetches: { used: 0, limit: 20_000, resetsAt: null, sinceText: null, warn: false },
      kept: { organizations: 0, lookups: 0 },
      keptRebuyCredits: 0,
      unanswered: { requests: 0, items: 0 },
      zone: "UTC",
    });
  });

  it("shows the base URL in use and the team key masked", async () => {
    const { gas } = await world({ API_BASE_URL: `${BASE}/v9/`, API_KEY: DEMO_API_KEY });
    const view = gas.run("getSettings") as { baseUrl: unknown; key: unknown };
    expect(view.baseUrl).toEqual({
      value: BASE,
      source: "script property",
      property: "API_BASE_URL",
      problem: null,
    });
    expect(view.key).toEqual({ masked: "…cdef", source: "script" });
    expect(JSON.stringify(view)).not.toContain(DEMO_API_KEY);
  });
});

/** What the emulator charged the demo account so far. */
function charges(emulator: EmulatorState): unknown[] {
  const response = call(emulator, "GET", "/__admin/ledger", {
    apiKey: null,
    query: { api_key: [DEMO_API_KEY] },
  });
  return response.body.entries;
}

describe("saveApiKey", () => {
  let gas: Harness;
  let emulator: EmulatorState;
  beforeEach(async () => {
    ({ gas, emulator } = await world());
  });

  it.each([
    ["an empty key", "", KEY_TEXT_MESSAGES.empty],
    ["a key of spaces", "   \n ", KEY_TEXT_MESSAGES.empty],
    ["a key with a space inside", "demo key", KEY_TEXT_MESSAGES.spaces],
    ["a key with a line break inside", "demo\nkey", KEY_TEXT_MESSAGES.spaces],
    [
      "a key that is too long",
      "k".repeat(API_KEY_MAX_LENGTH + 1),
      KEY_TEXT_MESSAGES.tooLong(API_KEY_MAX_LENGTH + 1),
    ],
    ["a key with an accent", "démo-key", KEY_TEXT_MESSAGES.characters],
    ["a number", 12345, KEY_TEXT_MESSAGES.notText],
    ["null", null, KEY_TEXT_MESSAGES.notText],
  ])("refuses %s before sending or storing anything", (_name, key, message) => {
    expect(failure(gas, "saveApiKey", key)).toBe(message);
    expect(gas.fetches).toHaveLength(0);
    expect(gas.properties.user().get(PROPERTY.apiKey)).toBeNull();
  });

  it("spells out the messages the sidebar shows", () => {
    expect(KEY_TEXT_MESSAGES.empty).toBe("Paste your API key first: the field is empty.");
    expect(KEY_TEXT_MESSAGES.spaces).toBe(
      "An API key has no spaces or line breaks inside. Copy it again from the API keys page of the service's web app, without the text around it.",
    );
    expect(KEY_REJECTED_MESSAGE).toBe(
      "The service rejected this key (HTTP 401): it is mistyped, revoked or belongs to another service. Copy it again from the API keys page of the service's web app. The key was not saved.",
    );
  });

  it("refuses a key the service rejects (401) and stores nothing", () => {
    expect(failure(gas, "saveApiKey", "not-a-real-key")).toBe(KEY_REJECTED_MESSAGE);
    expect(gas.fetches.map((f) => `${f.method} ${f.url} → ${f.status}`)).toEqual([
      `POST ${BASE}/v9/signals/configs → 401`,
    ]);
    expect(gas.properties.user().get(PROPERTY.apiKey)).toBeNull();
  });

  it("says where to set the address when there is none, and sends nothing", async () => {
    ({ gas } = await world({}));
    expect(failure(gas, "saveApiKey", DEMO_API_KEY)).toBe(missingBaseUrl().message);
    expect(gas.fetches).toHaveLength(0);
    expect(gas.properties.user().get(PROPERTY.apiKey)).toBeNull();
  });

  it("gives the connection message when the service cannot be reached, and stores nothing", async () => {
    // Port 9 (discard) on the loopback address: nothing listens, so the connection is refused at once.
    const unreachable = "http://127.0.0.1:9";
    ({ gas } = await world({ API_BASE_URL: unreachable }));
    const message = failure(gas, "saveApiKey", DEMO_API_KEY);
    expect(message.startsWith(`Could not reach the enrichment service at ${unreachable} (`)).toBe(true);
    expect(message.endsWith("). Check the script property API_BASE_URL and try again.")).toBe(true);
    expect(message).not.toContain(DEMO_API_KEY);
    expect(gas.properties.user().get(PROPERTY.apiKey)).toBeNull();
  });

  it("checks the key with a free call, stores it trimmed in the user's properties and returns it only masked", () => {
    const saved = gas.run("saveApiKey", `  ${DEMO_API_KEY}\n`);
    expect(saved).toEqual({ masked: "…cdef", source: "user" });
    expect(gas.properties.user().get(PROPERTY.apiKey)).toBe(DEMO_API_KEY);
    expect(gas.fetches).toHaveLength(1);
    expect(gas.fetches[0]).toMatchObject({ method: "POST", url: `${BASE}/v9/signals/configs`, status: 200 });
    expect(charges(emulator)).toEqual([]);
  });

  it("never sends the key back or leaves it anywhere but the user's own properties", () => {
    gas.run("saveApiKey", DEMO_API_KEY);
    const view = gas.run("getSettings") as { key: unknown };
    expect(view.key).toEqual({ masked: "…cdef", source: "user" });
    expect(JSON.stringify(view)).not.toContain(DEMO_API_KEY);
    expect(everywhereButUserProperties(gas)).not.toContain(DEMO_API_KEY);
    expect(gas.properties.user("someone-else@example.com").get(PROPERTY.apiKey)).toBeNull();
  });

  it("replaces the team key for this user only", async () => {
    ({ gas } = await world({ API_BASE_URL: BASE, API_KEY: "team-key-abcdef123456" }));
    expect((gas.run("getSettings") as { key: unknown }).key).toEqual({
      masked: "…3456",
      source: "script",
    });
    gas.run("saveApiKey", DEMO_API_KEY);
    expect((gas.run("getSettings") as { key: unknown }).key).toEqual({ masked: "…cdef", source: "user" });
    expect(gas.properties.script.get(PROPERTY.apiKey)).toBe("team-key-abcdef123456");
  });
});

describe("clearApiKey", () => {
  it("removes the user's key, and the team key takes over when the script has one", async () => {
    const { gas } = await world({ API_BASE_URL: BASE, API_KEY: "team-key-abcdef123456" });
    gas.run("saveApiKey", DEMO_API_KEY);
    expect(gas.run("clearApiKey")).toEqual({ masked: "…3456", source: "script" });
    expect(gas.properties.user().get(PROPERTY.apiKey)).toBeNull();
  });

  it("leaves no key when there is no team key", async () => {
    const { gas } = await world();
    gas.run("saveApiKey", DEMO_API_KEY);
    expect(gas.run("clearApiKey")).toBeNull();
    expect((gas.run("getSettings") as { key: unknown }).key).toBeNull();
  });
});

describe("checkService", () => {
  it("answers with the fix for a missing address", async () => {
    const { gas } = await world({});
    expect(gas.run("checkService")).toEqual({ ok: false, message: missingBaseUrl().message });
  });

  it("answers with the fix for a missing key, without sending anything", async () => {
    const { gas } = await world();
    expect(gas.run("checkService")).toEqual({ ok: false, message: missingApiKey().message });
    expect(gas.fetches).toHaveLength(0);
  });

  it("reports that the service answers, with a free call", async () => {
    const { gas, emulator } = await world({ API_BASE_URL: BASE, API_KEY: DEMO_API_KEY });
    expect(gas.run("checkService")).toEqual({ ok: true, checkedAt: new Date(START + 20).toISOString() });
    expect(gas.fetches.map((f) => `${f.method} ${f.url}`)).toEqual([`POST ${BASE}/v9/signals/configs`]);
    expect(charges(emulator)).toEqual([]);
  });

  it("passes on the service's rejection of the configured key", async () => {
    const { gas } = await world({ API_BASE_URL: BASE, API_KEY: "revoked-team-key" });
    expect(gas.run("checkService")).toEqual({
      ok: false,
      message: `The enrichment service rejected the API key (HTTP 401). Check the key in ${KEY_SETTINGS_HINT}.`,
    });
  });

  it("gives the connection message when the service cannot be reached", async () => {
    const unreachable = "http://127.0.0.1:9";
    const { gas } = await world({ API_BASE_URL: unreachable, API_KEY: DEMO_API_KEY });
    const status = gas.run("checkService") as { ok: boolean; message: string };
    expect(status.ok).toBe(false);
    expect(status.message).toMatch(
      /^Could not reach the enrichment service at http:\/\/127\.0\.0\.1:9 \(.+\)\. Check the script property API_BASE_URL and try again\.$/,
    );
  });
});

describe("refreshCredits", () => {
  it("reads the balance with a technology search that matches nothing, which costs nothing", async () => {
    const { gas, emulator } = await world({ API_BASE_URL: BASE, API_KEY: DEMO_API_KEY });
    const credits = gas.run("refreshCredits") as { remaining: number; asOf: string; topUp: number };
    expect(credits).toEqual({
      remaining: 1_000_000,
      asOf: new Date(START + 20).toISOString(),
      from: "read",
      topUp: 1_000_000,
      spentToday: 0,
      formulasToday: 0,
      possiblyToday: 0,
      balanceBeforeLoss: false,
      // What the sidebar compares to reread Settings while it is open: a new one after every move.
      version: expect.any(String),
      zone: "UTC",
    });
    expect(gas.fetches.map((f) => [f.method, f.url, JSON.parse(f.body)])).toEqual([
      ["POST", `${BASE}/v9/technologies/find`, { query: NO_MATCH_QUERY }],
    ]);
    expect(charges(emulator)).toEqual([]);
    // Settings' version also counts today's requests (its "Requests to the service" line): the rest is the same.
    expect((gas.run("getSettings") as { credits: unknown }).credits).toEqual({
      ...credits,
      version: expect.stringMatching(/\|1$/),
    });
  });

  it("says how to add a key when there is none", async () => {
    const { gas } = await world();
    expect(failure(gas, "refreshCredits")).toBe(missingApiKey().message);
  });

  it("is followed by the balance of the latest paid formula, and keeps the highest balance seen", async () => {
    const { gas, emulator } = await world({ API_BASE_URL: BASE, API_KEY: DEMO_API_KEY });
    gas.run("refreshCredits");
    const org = emulator.dataset.orgs.find((o) => o.status === "active")!;
    gas.sheet().set("A2", [[org.domain]]);
    gas.formula("B2", '=ORG_ATTR(A2, "status")');
    const spent =
      1_000_000 -
      (call(emulator, "GET", "/__admin/ledger", {
        apiKey: null,
        query: { api_key: [DEMO_API_KEY] },
      }).body.credits_remaining as number);
    expect(spent).toBeGreaterThan(0);
    // asOf is when the formula's response arrived: the harness clock at that execution.
    const formulaRun = gas.executions.findLast((e) => e.functionName === "ORG_ATTR")!;
    const credits = (gas.run("getSettings") as { credits: { asOf: string } }).credits;
    // Today's spending is what every paid answer of the day charged; the formula's is formulas' share.
    expect(credits).toEqual({
      remaining: 1_000_000 - spent,
      asOf: expect.any(String),
      from: "paid",
      topUp: 1_000_000,
      spentToday: spent,
      formulasToday: spent,
      possiblyToday: 0,
      balanceBeforeLoss: false,
      version: expect.any(String),
      zone: "UTC",
    });
    const at = Date.parse(credits.asOf);
    expect(at).toBeGreaterThanOrEqual(formulaRun.start);
    expect(at).toBeLessThanOrEqual(formulaRun.start + formulaRun.durationMs);
  });
});

const CAP_MESSAGE = "The daily cap must be a whole number of credits (0 or more), or empty for no cap.";
const LIFETIME_MESSAGE = "The cache lifetime must be between 60 seconds and 7,776,000 seconds (90 days).";
const settingsWith = (changes: Record<string, unknown>) => ({
  killSwitch: false,
  dailyCap: null,
  cacheLifetimeSeconds: 600,
  ...changes,
});

describe("saveFormulaSettings", () => {
  it.each<[string, unknown, string]>([
    ["no settings at all", null, "Formula settings must be an object."],
    ["text instead of settings", "off", "Formula settings must be an object."],
    [
      "a kill switch that is not on or off",
      { killSwitch: "yes", dailyCap: null, cacheLifetimeSeconds: 600 },
      "The kill switch must be on or off.",
    ],
    ["a negative daily cap", settingsWith({ dailyCap: -1 }), CAP_MESSAGE],
    ["a fractional daily cap", settingsWith({ dailyCap: 1.5 }), CAP_MESSAGE],
    ["a daily cap as text", settingsWith({ dailyCap: "100" }), CAP_MESSAGE],
    ["an unsafe daily cap", settingsWith({ dailyCap: Number.MAX_SAFE_INTEGER + 2 }), CAP_MESSAGE],
    ["a cache lifetime under a minute", settingsWith({ cacheLifetimeSeconds: 59 }), LIFETIME_MESSAGE],
    ["a cache lifetime over 90 days", settingsWith({ cacheLifetimeSeconds: 7_776_001 }), LIFETIME_MESSAGE],
    ["a fractional cache lifetime", settingsWith({ cacheLifetimeSeconds: 90.5 }), LIFETIME_MESSAGE],
    ["no cache lifetime", settingsWith({ cacheLifetimeSeconds: undefined }), LIFETIME_MESSAGE],
  ])("refuses %s and keeps what was saved", async (_name, settings, message) => {
    const { gas } = await world();
    expect(failure(gas, "saveFormulaSettings", settings)).toBe(message);
    expect(gas.properties.document().get(PROPERTY.formulaSettings)).toBeNull();
  });

  it("stores the settings in the spreadsheet's document properties", async () => {
    const { gas } = await world();
    const chosen = { killSwitch: true, dailyCap: 2500, cacheLifetimeSeconds: 3600 };
    // Cached results never cleared: formulas take every answer of the purchase record in their window.
    const settings = { ...chosen, recordFrom: 0 };
    expect(gas.run("saveFormulaSettings", chosen)).toEqual(settings);
    expect(JSON.parse(gas.properties.document().get(PROPERTY.formulaSettings)!)).toEqual(settings);
    expect((gas.run("getSettings") as { formula: unknown }).formula).toEqual(settings);
    expect(gas.properties.user().get(PROPERTY.formulaSettings)).toBeNull();
  });

  it("pauses paid formulas once the kill switch is saved", async () => {
    const { gas, emulator } = await world({ API_BASE_URL: BASE, API_KEY: DEMO_API_KEY });
    gas.run("saveFormulaSettings", { killSwitch: true, dailyCap: null, cacheLifetimeSeconds: 600 });
    gas.sheet().set("A2", [[emulator.dataset.orgs[0]!.domain]]);
    const result = gas.formula("B2", '=ORG_ATTR(A2, "status")');
    expect(result.error).toContain("Enrichment formulas are paused (kill switch in Settings).");
    expect(charges(emulator)).toEqual([]);
  });
});

describe("clearFormulaCache", () => {
  it("says about what fetching the kept answers again costs: what they cost to fetch (issue 41 point 6)", async () => {
    const { gas, emulator } = await world({ API_BASE_URL: BASE, API_KEY: DEMO_API_KEY });
    const [first, second] = emulator.dataset.orgs;
    gas.sheet().set("A2", [[first!.domain], [second!.domain], ["no-such-organization.invalid"]]);
    gas.formula("B2", '=ORG_ATTR(A2:A4, "industry")');
    const paid = (charges(emulator) as { credits: number }[]).reduce((sum, entry) => sum + entry.credits, 0);
    // Two found organizations, each 1 base + industry; the unmatched one was free.
    expect(paid).toBe(4);
    const view = gas.run("getSettings") as { kept: unknown; keptRebuyCredits: number };
    expect(view.kept).toEqual({ organizations: 3, lookups: 0 });
    expect(view.keptRebuyCredits).toBe(4);
  });

  it("makes formulas fetch again on their next recalculation", async () => {
    const { gas, emulator } = await world({ API_BASE_URL: BASE, API_KEY: DEMO_API_KEY });
    gas.sheet().set("A2", [[emulator.dataset.orgs[0]!.domain]]);
    gas.formula("B2", '=ORG_ATTR(A2, "name")');
    const organizationRequests = () => gas.fetches.filter((f) => f.url.endsWith("/v9/organizations")).length;
    expect(organizationRequests()).toBe(1);
    gas.recalculate();
    expect(organizationRequests()).toBe(1);
    expect((gas.run("getSettings") as { kept: unknown }).kept).toEqual({ organizations: 1, lookups: 0 });
    // Both levels are cleared: reopening the next week fetches again too.
    expect(gas.run("clearFormulaCache")).toEqual({ organizations: 1, lookups: 0 });
    expect((gas.run("getSettings") as { kept: unknown }).kept).toEqual({ organizations: 0, lookups: 0 });
    gas.clock.advance("7d");
    gas.recalculate();
    expect(organizationRequests()).toBe(2);
  });

  it("keeps results for the lifetime chosen, up to 90 days, through the durable level", async () => {
    const { gas, emulator } = await world({ API_BASE_URL: BASE, API_KEY: DEMO_API_KEY });
    gas.run("saveFormulaSettings", { killSwitch: false, dailyCap: null, cacheLifetimeSeconds: 86_400 });
    gas.sheet().set("A2", [[emulator.dataset.orgs[0]!.domain]]);
    gas.formula("B2", '=ORG_ATTR(A2, "name")');
    const organizationRequests = () => gas.fetches.filter((f) => f.url.endsWith("/v9/organizations")).length;
    gas.clock.advance("20h");
    gas.recalculate();
    expect(organizationRequests()).toBe(1);
    gas.clock.advance("5h");
    gas.recalculate();
    expect(organizationRequests()).toBe(2);
  });
});
