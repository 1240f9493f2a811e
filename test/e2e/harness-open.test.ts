// The built bundle in the harness: onOpen in AuthMode.NONE, and a formula against the emulator core.
import { describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { createClock, createHarness } from "../../harness/index.ts";
import { MENU_ITEMS } from "../../src/server/menu/items.ts";

const BASE_URL = "http://emulator.local";
const START = Date.UTC(2026, 0, 5, 9, 0, 0);

async function addOnWithEmulator() {
  const clock = createClock(START);
  const state = createEmulatorState({ now: clock.now, orgs: 200 });
  const gas = await createHarness({
    clock,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY },
  });
  return { gas, state };
}

describe("dist/Code.js in the harness", () => {
  it("builds the add-on menu in AuthMode.NONE and calls nothing but the UI service", async () => {
    const { gas } = await addOnWithEmulator();
    const record = gas.open();
    expect(record).toMatchObject({
      kind: "simple",
      functionName: "onOpen",
      authMode: "NONE",
      status: "completed",
    });
    expect(gas.menuItems()).toEqual(MENU_ITEMS.map(({ label, functionName }) => ({ label, functionName })));
    const uiOnly = /^(SpreadsheetApp\.getUi|Ui\.create(Addon)?Menu|Menu\.\w+)$/;
    expect(Object.keys(record!.calls).filter((call) => !uiOnly.test(call))).toEqual([]);
  });

  it("evaluates ORG_ATTR over a range through the bundle against the emulator, and a recalculation sends nothing", async () => {
    const { gas, state } = await addOnWithEmulator();
    const orgs = state.dataset.orgs.slice(0, 3);
    gas.sheet().set(
      "A2",
      orgs.map((org) => [org.domain]),
    );
    const cell = gas.formula("B2", '=ORG_ATTR(A2:A4, "name")');
    expect(cell.error).toBeNull();
    expect(cell.values).toEqual(orgs.map((org) => [org.name]));
    expect(gas.executions.at(-1)).toMatchObject({
      kind: "customFunction",
      functionName: "ORG_ATTR",
      status: "completed",
    });
    expect(gas.fetches.map((f) => [f.method, f.url, f.status, f.via])).toEqual([
      ["POST", `${BASE_URL}/v9/organizations`, 200, "in-process"],
    ]);
    gas.recalculate();
    expect(gas.cell("B4").value).toBe(orgs[2]!.name);
    expect(gas.fetches).toHaveLength(1);
  });
});
