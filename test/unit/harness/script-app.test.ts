// ScriptApp: triggers on the controllable clock, their limits and add-on rules, AuthMode, authorization.
import { describe, expect, it } from "vitest";
import { GAS } from "../../../harness/index.ts";
import { fixtureHarness, probe, START, thrown } from "./support.ts";

const HOUR = 3_600_000;

describe("ScriptApp triggers", () => {
  it("fires a recurring trigger each time it falls due as the clock advances", async () => {
    const gas = await fixtureHarness({ mode: "bound" });
    const id = probe(gas, "ScriptApp.newTrigger('tick').timeBased().everyHours(1).create().getUniqueId()");
    gas.clock.advance("3h");
    const runs = JSON.parse(gas.properties.script.get("runs") ?? "[]");
    expect(runs.map((r: { at: number }) => r.at)).toEqual([START + HOUR, START + 2 * HOUR, START + 3 * HOUR]);
    expect(runs[0]).toMatchObject({ mode: "FULL", full: true, uid: id, hour: 10, user: "user@example.com" });
    expect(gas.executions.filter((e) => e.kind === "trigger")).toHaveLength(3);
    expect(gas.clock.now()).toBe(START + 3 * HOUR);
  });

  it("fires triggers in time order, each as its creator", async () => {
    const gas = await fixtureHarness({ mode: "bound" });
    probe(gas, "ScriptApp.newTrigger('tick').timeBased().after(30 * 60000).create().getUniqueId()");
    gas.setUser("second@example.com");
    probe(gas, "ScriptApp.newTrigger('tick').timeBased().after(10 * 60000).create().getUniqueId()");
    gas.clock.advance("1h");
    const runs = JSON.parse(gas.properties.script.get("runs") ?? "[]");
    expect(runs.map((r: { at: number; user: string }) => [r.at - START, r.user])).toEqual([
      [600_000, "second@example.com"],
      [1_800_000, "user@example.com"],
    ]);
  });

  it("keeps a one-shot trigger listed after it fires, until it is deleted", async () => {
    const gas = await fixtureHarness({ mode: "bound" });
    probe(gas, "ScriptApp.newTrigger('tick').timeBased().after(60000).create().getUniqueId()");
    gas.clock.advance("2m");
    gas.clock.advance("2m");
    expect(gas.executions.filter((e) => e.kind === "trigger")).toHaveLength(1);
    expect(gas.triggers()).toMatchObject([{ handler: "tick", nextAt: null }]);
    expect(
      probe(gas, "ScriptApp.getProjectTriggers().map(function (t) { return t.getHandlerFunction(); })"),
    ).toEqual(["tick"]);
    probe(gas, "ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); })");
    expect(gas.triggers()).toEqual([]);
  });

  it("refuses the 21st trigger of a user with Apps Script's message", async () => {
    const gas = await fixtureHarness({ mode: "bound" });
    probe(
      gas,
      "for (var i = 0; i < 20; i++) ScriptApp.newTrigger('probe').timeBased().everyHours(1).create(); 20",
    );
    expect(
      thrown(() =>
        probe(gas, "ScriptApp.newTrigger('probe').timeBased().everyHours(1).create().getUniqueId()"),
      ),
    ).toBe(
      "This script has too many triggers. Triggers must be deleted from the script before more can be added.",
    );
    gas.setUser("another@example.com");
    probe(gas, "ScriptApp.newTrigger('probe').timeBased().everyHours(1).create().getUniqueId()");
    expect(gas.triggers()).toHaveLength(21);
  });

  it("refuses a second time trigger for the same user and document in an add-on", async () => {
    const gas = await fixtureHarness({ mode: "addon" });
    probe(gas, "ScriptApp.newTrigger('probe').timeBased().everyHours(1).create().getUniqueId()");
    expect(
      thrown(() =>
        probe(gas, "ScriptApp.newTrigger('probe').timeBased().everyHours(2).create().getUniqueId()"),
      ),
    ).toBe(GAS.addonTriggerExists);
    gas.useSpreadsheet(gas.addSpreadsheet({ name: "Second" }));
    probe(gas, "ScriptApp.newTrigger('probe').timeBased().everyHours(1).create().getUniqueId()");
    gas.setUser("colleague@example.com");
    probe(gas, "ScriptApp.newTrigger('probe').timeBased().everyHours(1).create().getUniqueId()");
    expect(gas.triggers()).toHaveLength(3);
  });

  it("refuses add-on triggers more frequent than hourly", async () => {
    const gas = await fixtureHarness({ mode: "addon" });
    const message = "Add-ons may not create time-based triggers to run more frequently than once per hour.";
    expect(
      thrown(() => probe(gas, "ScriptApp.newTrigger('probe').timeBased().everyMinutes(30).create()")),
    ).toBe(message);
    expect(
      thrown(() => probe(gas, "ScriptApp.newTrigger('probe').timeBased().after(59 * 60000).create()")),
    ).toBe(message);
    probe(gas, "ScriptApp.newTrigger('probe').timeBased().after(60 * 60000).create().getUniqueId()");
    expect(gas.triggers()).toHaveLength(1);
  });

  it("accepts only 1, 5, 10, 15 or 30 for everyMinutes", async () => {
    const gas = await fixtureHarness({ mode: "bound" });
    expect(thrown(() => probe(gas, "ScriptApp.newTrigger('probe').timeBased().everyMinutes(7)"))).toBe(
      "Invalid argument: everyMinutes. The minutes must be 1, 5, 10, 15 or 30.",
    );
    probe(gas, "ScriptApp.newTrigger('probe').timeBased().everyMinutes(15).create().getUniqueId()");
    expect(gas.triggers()[0]).toMatchObject({
      schedule: { kind: "every", intervalMs: 900_000 },
      nextAt: START + 900_000,
    });
  });

  it("refuses a trigger without a schedule and a handler that is not a name", async () => {
    const gas = await fixtureHarness({ mode: "bound" });
    expect(thrown(() => probe(gas, "ScriptApp.newTrigger('probe').timeBased().create()"))).toBe(
      GAS.triggerWithoutSchedule,
    );
    expect(thrown(() => probe(gas, "ScriptApp.newTrigger(42)"))).toBe(
      "The parameters (number) don't match the method signature for ScriptApp.newTrigger.",
    );
  });

  it("pins a daily trigger to its hour in the script's time zone", async () => {
    const gas = await fixtureHarness({ mode: "bound", timeZone: "America/New_York" });
    probe(gas, "ScriptApp.newTrigger('probe').timeBased().everyDays(1).atHour(6).create().getUniqueId()");
    // 09:00 UTC on 5 January is 04:00 in New York, so the first run is 06:00 there, 11:00 UTC.
    expect(gas.triggers()[0]!.nextAt).toBe(Date.UTC(2026, 0, 5, 11));
  });

  it("records a failing trigger and keeps its schedule", async () => {
    const gas = await fixtureHarness({ mode: "bound" });
    probe(gas, "ScriptApp.newTrigger('FAIL').timeBased().everyHours(1).create().getUniqueId()");
    gas.clock.advance("2h");
    const runs = gas.executions.filter((e) => e.kind === "trigger");
    expect(runs.map((r) => r.status)).toEqual(["failed", "failed"]);
    expect(gas.triggers()[0]!.nextAt).toBe(START + 3 * HOUR);
  });

  it("reports a handler the bundle does not have as Apps Script does", async () => {
    const gas = await fixtureHarness({ mode: "bound" });
    probe(gas, "ScriptApp.newTrigger('gone').timeBased().everyHours(1).create().getUniqueId()");
    gas.clock.advance("1h");
    expect(gas.executions.at(-1)).toMatchObject({
      kind: "trigger",
      status: "failed",
      error: "Script function not found: gone",
    });
  });

  it("does not let a custom function create triggers", async () => {
    const gas = await fixtureHarness();
    const cell = gas.formula("A1", `=PROBE("ScriptApp.newTrigger('probe')")`);
    expect(cell.error).toBe(
      "You do not have permission to call ScriptApp.newTrigger. Required permissions: https://www.googleapis.com/auth/script.scriptapp",
    );
  });
});

describe("ScriptApp", () => {
  it("exposes AuthMode values that compare by identity and print their names", async () => {
    const gas = await fixtureHarness();
    expect(
      probe(
        gas,
        "[String(ScriptApp.AuthMode.FULL), ScriptApp.AuthMode.NONE === ScriptApp.AuthMode.NONE, ScriptApp.AuthMode.NONE == 'NONE']",
      ),
    ).toEqual(["FULL", true, true]);
  });

  it("reports authorization as not required once the user has authorized", async () => {
    const gas = await fixtureHarness();
    const info = "ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL)";
    expect(
      probe(gas, `${info}.getAuthorizationStatus() === ScriptApp.AuthorizationStatus.NOT_REQUIRED`),
    ).toBe(true);
    const pending = await fixtureHarness({ authorized: false });
    expect(
      probe(pending, `String(${info}.getAuthorizationStatus()) + " " + ${info}.getAuthorizationUrl()`),
    ).toBe("REQUIRED https://script.google.com/macros/d/1harness1/authorize");
  });
});
