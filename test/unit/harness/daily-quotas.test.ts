// The daily quotas per user: property reads and writes, trigger runtime, with the platform's messages.
import { describe, expect, it } from "vitest";
import { fixtureHarness, probe, START, thrown } from "./support.ts";

describe("the daily quotas", () => {
  it("count each property read and write, and refuse the one past the limit until the window reopens", async () => {
    const gas = await fixtureHarness({ mode: "bound" });
    probe(gas, "PropertiesService.getScriptProperties(); 1"); // getting a store reads nothing
    expect(gas.quotas.use().properties).toBe(0);
    probe(
      gas,
      "var p = PropertiesService.getUserProperties(); for (var i = 0; i < 49999; i++) p.getProperty('k'); 1",
    );
    expect(gas.quotas.use().properties).toBe(49_999);
    probe(gas, "PropertiesService.getDocumentProperties().setProperty('k', 'v'); 1");
    expect(thrown(() => probe(gas, "PropertiesService.getScriptProperties().getProperty('k')"))).toBe(
      "Service invoked too many times for one day: properties.",
    );
    // Another user has their own allowance; the first gets theirs back 24 hours after their first call.
    gas.setUser("other@example.com");
    expect(probe(gas, "PropertiesService.getUserProperties().getProperty('k')")).toBeNull();
    gas.setUser("user@example.com");
    gas.clock.advance("24h");
    expect(probe(gas, "PropertiesService.getDocumentProperties().getProperty('k')")).toBe("v");
    expect(gas.quotas.use().properties).toBe(1);
  });

  it("give Workspace accounts ten times as many property calls", async () => {
    const gas = await fixtureHarness({ account: "workspace" });
    expect(gas.quotas.limits).toEqual({
      urlFetch: 100_000,
      properties: 500_000,
      triggerRuntimeMs: 6 * 3_600_000,
    });
  });

  it("stop a user's triggers once they have run 90 minutes in a day, until the window reopens", async () => {
    const gas = await fixtureHarness({ mode: "bound" });
    expect(gas.quotas.limits.triggerRuntimeMs).toBe(90 * 60_000);
    // Each run sleeps 5 minutes: 18 of them use the day's 90 minutes.
    probe(gas, "ScriptApp.newTrigger('nap').timeBased().everyHours(1).create().getUniqueId()");
    gas.clock.advance("20h");
    const runs = gas.executions.filter((e) => e.kind === "trigger");
    expect(runs.slice(0, 18).map((e) => e.status)).toEqual(Array(18).fill("completed"));
    expect(runs.slice(18).map((e) => [e.status, e.error])).toEqual([
      ["failed", "Service using too much computer time for one day"],
      ["failed", "Service using too much computer time for one day"],
    ]);
    expect(gas.quotas.use().triggerRuntimeMs).toBe(90 * 60_000);
    gas.clock.advance("5h");
    expect(gas.executions.filter((e) => e.kind === "trigger").at(-1)?.status).toBe("completed");
  });

  it("stop a trigger that crosses the day's limit where it crosses it", async () => {
    const gas = await fixtureHarness({ mode: "bound" });
    probe(gas, "ScriptApp.newTrigger('nap').timeBased().everyHours(1).create().getUniqueId()");
    probe(gas, "ScriptApp.newTrigger('longNap').timeBased().everyHours(1).create().getUniqueId()");
    gas.clock.advance("18h");
    const runs = gas.executions.filter((e) => e.kind === "trigger");
    const crossing = runs.find((e) => e.status === "failed")!;
    expect(crossing.error).toBe("Service using too much computer time for one day");
    expect(gas.quotas.use().triggerRuntimeMs).toBe(90 * 60_000);
    expect(crossing.start).toBeGreaterThan(START);
  });
});
