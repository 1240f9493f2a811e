// gas.failAt: a chosen service call throws a platform error instead of taking effect, and the execution goes on.
import { describe, expect, it } from "vitest";
import { GAS, HarnessUsageError } from "../../../harness/index.ts";
import { fixtureHarness, probe } from "./support.ts";

const THREE_WRITES =
  "var p = PropertiesService.getScriptProperties(); var out = []; ['a', 'b', 'c'].forEach(function (k) { try { p.setProperty(k, '1'); out.push('ok'); } catch (e) { out.push(e.message); } }); out";

describe("gas.failAt", () => {
  it("fails the nth matching call with the given text, before it takes effect, once; the execution goes on", async () => {
    const gas = await fixtureHarness();
    const disarm = gas.failAt("Properties.setProperty", 2, GAS.tooManyInShortTime("properties"));
    expect(probe(gas, THREE_WRITES)).toEqual([
      "ok",
      "Service invoked too many times in a short time: properties. Try Utilities.sleep(1000) between calls.",
      "ok",
    ]);
    expect(gas.executions.at(-1)!.status).toBe("completed");
    expect(gas.executions.at(-1)!.calls["Properties.setProperty"]).toBe(3);
    expect(
      probe(
        gas,
        "var p = PropertiesService.getScriptProperties(); [p.getProperty('a'), p.getProperty('b'), p.getProperty('c')]",
      ),
    ).toEqual(["1", null, "1"]);
    expect(disarm()).toBe(true);
    expect(probe(gas, THREE_WRITES)).toEqual(["ok", "ok", "ok"]);
  });

  it("counts across executions, holds several failures at once, and a disarm removes one no call met", async () => {
    const gas = await fixtureHarness();
    gas.failAt("Properties.setProperty", 4, GAS.serverNotAvailable);
    const unmet = gas.failAt("Lock.waitLock", 1, GAS.lockTimeout);
    expect(probe(gas, THREE_WRITES)).toEqual(["ok", "ok", "ok"]);
    expect(probe(gas, THREE_WRITES)).toEqual(["Server not available.", "ok", "ok"]);
    expect(unmet()).toBe(false);
    expect(probe(gas, "var l = LockService.getScriptLock(); l.waitLock(1000); l.releaseLock(); 'held'")).toBe(
      "held",
    );
  });

  it("refuses a call that is not Service.method, an nth below 1 and an empty text", async () => {
    const gas = await fixtureHarness();
    expect(() => gas.failAt("setProperty", 1, "x")).toThrow(HarnessUsageError);
    expect(() => gas.failAt("Properties.setProperty", 0, "x")).toThrow(HarnessUsageError);
    expect(() => gas.failAt("Properties.setProperty", 1, "")).toThrow(HarnessUsageError);
  });
});
