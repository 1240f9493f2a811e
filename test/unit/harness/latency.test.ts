// The latency model: service calls cost time on the execution's clock, and so meet the 30 s and 6 min limits.
import { describe, expect, it } from "vitest";
import { APPS_SCRIPT_LATENCY } from "../../../harness/index.ts";
import { fixtureHarness, probe } from "./support.ts";

const TEN_READS = `var p = PropertiesService.getScriptProperties();
for (var i = 0; i < 10; i++) p.getProperty("k");
Date.now()`;

describe("the latency model", () => {
  it("costs nothing by default", async () => {
    const gas = await fixtureHarness();
    probe(gas, TEN_READS);
    expect(gas.executions.at(-1)!.durationMs).toBe(0);
  });

  it('charges measured figures with "apps-script", jittered by seed and repeatable', async () => {
    const durations = [];
    for (const seed of [1, 1, 2]) {
      const gas = await fixtureHarness({ seed, latency: "apps-script" });
      probe(gas, TEN_READS);
      durations.push(gas.executions.at(-1)!.durationMs);
    }
    const read = APPS_SCRIPT_LATENCY["Properties.getProperty"]!;
    for (const ms of durations) {
      expect(ms).toBeGreaterThanOrEqual(10 * read * 0.75);
      expect(ms).toBeLessThanOrEqual(10 * read * 1.25 + 2 * 15);
    }
    expect(durations[0]).toBe(durations[1]);
    expect(durations[2]).not.toBe(durations[0]);
  });

  it("ends a custom function at 30 s when its calls add up past it", async () => {
    const gas = await fixtureHarness({ latency: { "Properties.getProperty": 1_000, "*": 0 } });
    const cell = gas.formula(
      "A1",
      `=PROBE("var p = PropertiesService.getScriptProperties(); for (var i = 0; i < 40; i++) p.getProperty('k'); 1")`,
    );
    expect(cell.error).toBe("Exceeded maximum execution time (line 0)");
    expect(gas.executions.at(-1)!.durationMs).toBe(30_000);
  });

  it("refuses a latency option it cannot read", async () => {
    expect(
      await fixtureHarness({ latency: "fast" as never }).then(
        () => "",
        (e: Error) => e.message,
      ),
    ).toMatch(/latency must be "none", "apps-script" or a table/);
    expect(
      await fixtureHarness({ latency: { "Cache.get": -1 } }).then(
        () => "",
        (e: Error) => e.message,
      ),
    ).toMatch(/latency\["Cache.get"\] must be milliseconds/);
  });
});
