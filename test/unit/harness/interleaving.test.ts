// Concurrent executions really interleave at service calls, in an order fixed by the scheduler's seed.
import { describe, expect, it } from "vitest";
import { explore, seedsFromEnv } from "../../../harness/index.ts";
import { fixtureHarness } from "./support.ts";

const SEEDS = seedsFromEnv(Array.from({ length: 12 }, (_, i) => i + 1));
const RUNS = 5;

// Reads a counter, yields at a service call, writes it back plus one: the classic lost update.
const increment = (locked: boolean) => `(function () {
  var lock = ${locked ? "LockService.getDocumentLock()" : "null"};
  if (lock) lock.waitLock(10000);
  var store = PropertiesService.getDocumentProperties();
  var n = Number(store.getProperty("n") || 0);
  store.setProperty("n", String(n + 1));
  if (lock) lock.releaseLock();
  return n;
})()`;

async function counterAfter(seed: number, locked: boolean): Promise<{ n: number; seen: number[] }> {
  const gas = await fixtureHarness({ seed });
  const seen = gas.concurrently(
    Array.from({ length: RUNS }, () => () => gas.run("probe", increment(locked))),
  );
  return { n: Number(gas.properties.document().snapshot().n), seen: seen as number[] };
}

describe("concurrent executions", () => {
  it("lose updates to a read-increment-write without a lock under some seeds", async () => {
    const outcomes = await explore(SEEDS, (seed) => counterAfter(seed, false));
    const counts = outcomes.map((o) => o.result.n);
    expect(counts.some((n) => n < RUNS)).toBe(true);
    expect(counts.every((n) => n >= 1 && n <= RUNS)).toBe(true);
  });

  it("never lose one under the document lock", async () => {
    await explore(SEEDS, async (seed) => {
      const { n, seen } = await counterAfter(seed, true);
      expect(n).toBe(RUNS);
      expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
    });
  });

  it("repeat the same interleaving for the same seed", async () => {
    const first = await counterAfter(7, false);
    const again = await counterAfter(7, false);
    expect(again).toEqual(first);
  });

  it("run at the same time on the harness clock, each on its own cursor", async () => {
    const gas = await fixtureHarness();
    const ends = gas.concurrently([
      () => gas.run("probe", "Utilities.sleep(3000); Date.now()"),
      () => gas.run("probe", "Utilities.sleep(1000); Date.now()"),
    ]) as number[];
    const [a, b] = gas.executions.slice(-2);
    expect(a!.start).toBe(b!.start);
    expect(ends[0]! - ends[1]!).toBe(2_000);
    expect(gas.clock.now()).toBe(Math.max(...ends));
  });

  it("refuse a 31st execution of one user with the platform's message", async () => {
    const gas = await fixtureHarness();
    const results = gas.concurrently(
      Array.from({ length: 31 }, () => () => {
        try {
          return gas.run("probe", "1");
        } catch (error) {
          return (error as Error).message;
        }
      }),
    );
    expect(results.filter((r) => r === 1)).toHaveLength(30);
    expect(results.at(-1)).toBe(
      "There are too many scripts running simultaneously for this Google user account",
    );
    // Thirty execution threads start at once: 7 s on a loaded two-core machine, past vitest's 5 s default.
  }, 30_000);

  it("stop a thread that computes without calling a service, in the bundle or in a template", async () => {
    const gas = await fixtureHarness({ wallTimeoutMs: 300 });
    const outcomes = gas.concurrently([
      () => {
        try {
          return gas.run("probe", "while (true) {}");
        } catch (error) {
          return (error as Error).message;
        }
      },
      () => {
        try {
          return gas.run(
            "probe",
            "HtmlService.createTemplate('<? while (true) {} ?>').evaluate().getContent()",
          );
        } catch (error) {
          return (error as Error).message;
        }
      },
    ]);
    expect(outcomes).toEqual(["Exceeded maximum execution time", "Exceeded maximum execution time"]);
  });
});
