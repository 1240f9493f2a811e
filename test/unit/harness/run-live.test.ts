// gas.runLive: executions started while another runs go alongside it in real time, as a server's requests do.
import { describe, expect, it } from "vitest";
import { ScriptError } from "../../../harness/index.ts";
import { fixtureHarness } from "./support.ts";

// Waits, a 100 ms sleep at a time, for another execution to set "go"; says how many sleeps it took.
const waitForGo = `(function () {
  var store = PropertiesService.getDocumentProperties();
  for (var i = 1; i <= 50; i++) {
    if (store.getProperty("go")) return i;
    Utilities.sleep(100);
  }
  return -1;
})()`;

const setGo = `(function () {
  PropertiesService.getDocumentProperties().setProperty("go", "yes");
  return "set";
})()`;

describe("gas.runLive", () => {
  it("runs a second execution while the first still waits, and each sleep takes its time for real", async () => {
    const gas = await fixtureHarness();
    const waiting = gas.runLive("probe", waitForGo);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await gas.runLive("probe", setGo)).toBe("set");
    const sleeps = (await waiting) as number;
    // The setter ran while the waiter slept: it saw "go" after a few sleeps, not never (-1).
    expect(sleeps).toBeGreaterThan(1);
    expect(sleeps).toBeLessThan(50);
  });

  it("waits for a lock another live execution holds, and gets it once released", async () => {
    const gas = await fixtureHarness();
    const holder = gas.runLive(
      "probe",
      `(function () {
        var lock = LockService.getDocumentLock();
        lock.waitLock(5000);
        Utilities.sleep(300);
        PropertiesService.getDocumentProperties().setProperty("order", "holder");
        lock.releaseLock();
        return "held";
      })()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiter = gas.runLive(
      "probe",
      `(function () {
        var lock = LockService.getDocumentLock();
        lock.waitLock(5000);
        var store = PropertiesService.getDocumentProperties();
        store.setProperty("order", store.getProperty("order") + ",waiter");
        lock.releaseLock();
        return "got it";
      })()`,
    );
    expect(await Promise.all([holder, waiter])).toEqual(["held", "got it"]);
    expect(gas.properties.document().snapshot().order).toBe("holder,waiter");
  });

  it("rejects with the script's error, as gas.run throws it", async () => {
    const gas = await fixtureHarness();
    await expect(gas.runLive("probe", `(function () { throw new Error("no way"); })()`)).rejects.toThrow(
      ScriptError,
    );
  });
});
