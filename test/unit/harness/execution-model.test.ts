// How executions run: fresh contexts, Apps Script globals only, AuthMode rules and time budgets.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createClock, createHarness, GAS, HarnessUsageError, ScriptError } from "../../../harness/index.ts";
import { fixtureHarness, probe, START, thrown } from "./support.ts";

const EAGER = fileURLToPath(new URL("../../fixtures/harness/eager-top-level.js", import.meta.url));
const OPEN_PROBE = fileURLToPath(new URL("../../fixtures/harness/open-probe.js", import.meta.url));

describe("each execution", () => {
  it("starts from a fresh context: globals set by one execution are gone in the next", async () => {
    const gas = await fixtureHarness();
    probe(gas, "globalThis.leftover = 1; 0");
    expect(probe(gas, "typeof leftover")).toBe("undefined");
  });

  it("has no Node or browser globals, only the Apps Script services and console", async () => {
    const gas = await fixtureHarness();
    const missing = [
      "URL",
      "URLSearchParams",
      "setTimeout",
      "fetch",
      "TextEncoder",
      "atob",
      "btoa",
      "crypto",
      "require",
      "process",
      "Buffer",
      "structuredClone",
    ];
    expect(probe(gas, `[${missing.map((m) => `typeof ${m}`).join(", ")}]`)).toEqual(
      missing.map(() => "undefined"),
    );
    const present = [
      "SpreadsheetApp",
      "PropertiesService",
      "CacheService",
      "LockService",
      "UrlFetchApp",
      "ScriptApp",
      "HtmlService",
      "Utilities",
      "Session",
      "Logger",
      "console",
    ];
    expect(probe(gas, `[${present.map((p) => `typeof ${p}`).join(", ")}]`)).toEqual(
      present.map(() => "object"),
    );
  });

  it("reads the harness clock through Date, and moves it with Utilities.sleep", async () => {
    const gas = await fixtureHarness();
    expect(
      probe(
        gas,
        "var a = Date.now(); Utilities.sleep(1500); [a, new Date().getTime(), new Date() instanceof Date, typeof Date()]",
      ),
    ).toEqual([START, START + 1500, true, "string"]);
    expect(gas.clock.now()).toBe(START + 1500);
  });

  it("draws Math.random from the harness seed", async () => {
    const first = await fixtureHarness({ seed: 3 });
    const again = await fixtureHarness({ seed: 3 });
    expect(probe(first, "Math.random()")).toBe(probe(again, "Math.random()"));
  });

  it("records the service calls, logs and timing of each execution", async () => {
    const gas = await fixtureHarness();
    probe(gas, "Logger.log('fetched %s rows', 3); console.warn('careful'); Utilities.sleep(200); 0");
    expect(gas.executions.at(-1)).toMatchObject({
      kind: "run",
      functionName: "probe",
      authMode: "FULL",
      start: START,
      end: START + 200,
      durationMs: 200,
      status: "completed",
      error: null,
      calls: { "Logger.log": 1, "console.warn": 1, "Utilities.sleep": 1 },
      logs: ["fetched 3 rows", "WARN careful"],
    });
  });
});

describe("AuthMode", () => {
  it("lets onOpen in NONE build the menu but nothing else", async () => {
    const gas = await fixtureHarness();
    const record = gas.open();
    expect(record).toMatchObject({ kind: "simple", authMode: "NONE", status: "completed" });
    expect(Object.keys(record!.calls).sort()).toEqual([
      "Menu.addItem",
      "Menu.addSeparator",
      "Menu.addToUi",
      "SpreadsheetApp.getUi",
      "Ui.createAddonMenu",
    ]);
  });

  it("passes onOpen an AuthMode enum, and the document only outside NONE", async () => {
    const gas = await createHarness({ bundlePath: OPEN_PROBE, clock: createClock(START) });
    gas.open();
    expect(gas.menuItems().map((m) => ("label" in m ? m.label : ""))).toEqual([
      "mode NONE (enum)",
      "without document",
    ]);
    gas.open({ authMode: "LIMITED" });
    expect(gas.menuItems().map((m) => ("label" in m ? m.label : ""))).toEqual([
      "mode LIMITED (enum)",
      "with document",
    ]);
  });

  it("refuses the document in NONE and UrlFetch in LIMITED with Apps Script's permission messages", async () => {
    const gas = await createHarness({ bundlePath: OPEN_PROBE, clock: createClock(START) });
    expect(gas.open()!.error).toBe(
      "You do not have permission to call SpreadsheetApp.getActiveSpreadsheet. Required permissions: https://www.googleapis.com/auth/spreadsheets.currentonly",
    );
    expect(gas.properties.document().snapshot()).toEqual({});
    expect(gas.open({ authMode: "LIMITED" })!.error).toBe(
      "You do not have permission to call UrlFetchApp.fetch. Required permissions: https://www.googleapis.com/auth/script.external_request",
    );
    expect(gas.properties.document().snapshot()).toEqual({ opened: "yes" });
  });

  it("fails onOpen in NONE when the bundle's top level touches a service, so no menu appears", async () => {
    const gas = await createHarness({ bundlePath: EAGER, clock: createClock(START) });
    const record = gas.open();
    expect(record).toMatchObject({
      status: "failed",
      error: "You do not have permission to call PropertiesService.getScriptProperties.",
    });
    expect(gas.menuItems()).toEqual([]);
    expect(gas.open({ authMode: "LIMITED" })!.status).toBe("completed");
    expect(gas.run("go")).toBe(0);
  });

  it("does nothing on install for a bundle without onInstall", async () => {
    const gas = await createHarness({ bundlePath: EAGER, clock: createClock(START) });
    expect(gas.install()).toBeNull();
  });
});

describe("budgets", () => {
  it("fails a run past 6 minutes even if the bundle catches the error, and refuses every later call", async () => {
    const gas = await fixtureHarness();
    const code = `try { for (var i = 0; i < 10; i++) Utilities.sleep(60000); } catch (e) { try { Utilities.getUuid(); } catch (again) { "caught: " + again.message } }`;
    const error = thrownError(() => probe(gas, code));
    expect(error).toBeInstanceOf(ScriptError);
    expect(error.message).toBe("Exceeded maximum execution time");
    expect(gas.executions.at(-1)).toMatchObject({
      status: "failed",
      durationMs: 360_000,
      error: GAS.timeLimit,
    });
  });

  it("stops a bundle that never returns after the wall-time guard, as a time-limit failure", async () => {
    const gas = await fixtureHarness({ wallTimeoutMs: 200 });
    expect(thrown(() => probe(gas, "for (;;) {}"))).toBe("Exceeded maximum execution time");
  });

  it("gives onInstall, a simple trigger, the 30-second limit", async () => {
    const gas = await createHarness({ bundlePath: OPEN_PROBE, clock: createClock(START) });
    expect(gas.install()).toMatchObject({
      authMode: "FULL",
      status: "failed",
      error: "Exceeded maximum execution time",
      durationMs: 30_000,
    });
  });
});

describe("server functions (gas.run)", () => {
  it("returns what the function returns and passes arguments as google.script.run does", async () => {
    const gas = await fixtureHarness();
    expect(gas.run("greet", "Ann", { shout: true, skip: undefined })).toEqual({
      text: "Hello, Ann",
      shout: true,
    });
  });

  it("reports a missing function with Apps Script's message", async () => {
    const gas = await fixtureHarness();
    expect(thrown(() => gas.run("nothingHere"))).toBe("Script function not found: nothingHere");
  });

  it("refuses what google.script.run cannot carry or call", async () => {
    const gas = await fixtureHarness();
    expect(thrown(() => gas.run("greet", new Date()))).toBe(
      "google.script.run cannot carry a Date (send an ISO string instead) in argument 1.",
    );
    expect(thrown(() => gas.run("greet", { when: () => 1 }))).toBe(
      "google.script.run cannot carry a function in argument 1 at when.",
    );
    expect(thrown(() => gas.run("private_"))).toBe(
      'google.script.run cannot call private_: functions whose names end in "_" are private.',
    );
    expect(thrown(() => gas.run("menu.item"))).toBe(
      'google.script.run calls a top-level function by name; got "menu.item".',
    );
    expect(thrown(() => gas.run("probe", "new Date()"))).toBe(
      "google.script.run cannot carry a Date (send an ISO string instead) in the value probe returned.",
    );
    expect(() => gas.run("probe", "new Date()")).toThrow(HarnessUsageError);
  });
});

function thrownError(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to throw");
}
