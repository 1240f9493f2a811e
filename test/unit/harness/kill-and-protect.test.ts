// Two small harness features: killing an execution at a chosen service call (gas.killAt), and a sheet's
// protection as Sheet.protect() sets it.
import { describe, expect, it } from "vitest";
import { HarnessUsageError, ScriptError } from "../../../harness/index.ts";
import { fixtureHarness, probe } from "./support.ts";

describe("gas.killAt", () => {
  it("kills the execution at the nth matching call, before that call takes effect, and arms once", async () => {
    const gas = await fixtureHarness();
    gas.killAt("Properties.setProperty", 2);
    const code =
      "var p = PropertiesService.getScriptProperties(); p.setProperty('a', '1'); p.setProperty('b', '2'); p.setProperty('c', '3'); 0";
    expect(() => probe(gas, code)).toThrow(ScriptError);
    const killed = gas.executions.at(-1)!;
    expect(killed.status).toBe("failed");
    expect(killed.error).toBe("Exceeded maximum execution time");
    expect(killed.end - killed.start).toBe(6 * 60_000);
    // The first call landed; the second, where it died, did not, nor anything after.
    expect(
      probe(
        gas,
        "var p = PropertiesService.getScriptProperties(); [p.getProperty('a'), p.getProperty('b'), p.getProperty('c')]",
      ),
    ).toEqual(["1", null, null]);
    // Spent: the next execution runs whole.
    expect(probe(gas, code)).toBe(0);
  });

  it("refuses a call that is not Service.method", async () => {
    const gas = await fixtureHarness();
    expect(() => gas.killAt("setProperty")).toThrow(HarnessUsageError);
    expect(() => gas.killAt("Properties.setProperty", 0)).toThrow(HarnessUsageError);
  });
});

describe("Sheet.protect", () => {
  it("keeps one protection per sheet, warning-only and described as set", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Data" }, { name: "Kept" }] });
    expect(gas.sheet("Kept").protection).toBeNull();
    const answer = probe(
      gas,
      "var s = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Kept'); s.protect().setWarningOnly(true).setDescription('ours'); var again = s.protect(); [again.isWarningOnly(), again.getDescription()]",
    );
    expect(answer).toEqual([true, "ours"]);
    expect(gas.sheet("Kept").protection).toEqual({ warningOnly: true, description: "ours" });
    expect(gas.sheet("Data").protection).toBeNull();
  });
});
