// LockService: mutual exclusion between overlapping executions, timeouts, release at the end.
import { describe, expect, it } from "vitest";
import { GAS } from "../../../harness/index.ts";
import { fixtureHarness, START } from "./support.ts";

// Takes the script lock, works for `ms` of harness time, records when, and releases.
const critical = (ms: number, wait: number) => `(function () {
  var lock = LockService.getScriptLock();
  lock.waitLock(${wait});
  var from = Date.now();
  Utilities.sleep(${ms});
  var to = Date.now();
  lock.releaseLock();
  return [from, to];
})()`;

describe("LockService", () => {
  it("makes executions started at the same moment take turns", async () => {
    const gas = await fixtureHarness();
    const spans = gas.concurrently([
      () => gas.run("probe", critical(10_000, 30_000)),
      () => gas.run("probe", critical(10_000, 30_000)),
      () => gas.run("probe", critical(10_000, 30_000)),
    ]) as Array<[number, number]>;
    const sorted = [...spans].sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]![0]).toBeGreaterThanOrEqual(sorted[i - 1]![1]);
    expect(sorted[0]![0]).toBe(START);
    expect(gas.clock.now()).toBe(START + 30_000);
  });

  it("fails waitLock with Apps Script's message when the holder keeps it past the timeout", async () => {
    const gas = await fixtureHarness();
    const [, second] = gas.concurrently([
      () => gas.run("probe", critical(20_000, 1_000)),
      () => {
        try {
          return gas.run("probe", `Utilities.sleep(1); ${critical(1_000, 5_000)}`);
        } catch (error) {
          return (error as Error).message;
        }
      },
    ]);
    expect(second).toBe("Lock timeout: another process was holding the lock for too long.");
    expect(GAS.lockTimeout).toBe(second);
    const failed = gas.executions.find((e) => e.status === "failed")!;
    expect(failed.durationMs).toBe(5_001);
  });

  it("answers tryLock with false after waiting its timeout, and true once the holder is done", async () => {
    const gas = await fixtureHarness();
    const [, attempt] = gas.concurrently([
      () => gas.run("probe", critical(8_000, 0)),
      () =>
        gas.run(
          "probe",
          `Utilities.sleep(1);
           var lock = LockService.getScriptLock();
           var first = lock.tryLock(3000);
           var second = lock.tryLock(10000);
           [first, second, lock.hasLock(), Date.now()]`,
        ),
    ]);
    expect(attempt).toEqual([false, true, true, START + 8_000]);
  });

  it("releases a lock the execution forgot to release when it ends", async () => {
    const gas = await fixtureHarness();
    const [, waitedUntil] = gas.concurrently([
      () => gas.run("probe", "LockService.getScriptLock().waitLock(1000); Utilities.sleep(4000); 'kept'"),
      () => gas.run("probe", "Utilities.sleep(1); LockService.getScriptLock().waitLock(10000); Date.now()"),
    ]);
    expect(waitedUntil).toBe(START + 4_000);
    expect(gas.locks.holdings("script").every((h) => h.releasedAt !== null)).toBe(true);
  });

  it("does not make executions wait for a lock on another user or document", async () => {
    const gas = await fixtureHarness();
    const [, other] = gas.concurrently([
      () => gas.run("probe", "LockService.getUserLock().waitLock(1000); Utilities.sleep(5000); 1"),
      () => {
        gas.setUser("other@example.com");
        return gas.run("probe", "LockService.getUserLock().waitLock(1000); Date.now()");
      },
    ]);
    expect(other).toBe(START);
  });

  it("lets executions that do not overlap take the lock at once", async () => {
    const gas = await fixtureHarness();
    gas.run("probe", critical(5_000, 1_000));
    const [from] = gas.run("probe", critical(1_000, 0)) as [number, number];
    expect(from).toBe(START + 5_000);
  });
});
