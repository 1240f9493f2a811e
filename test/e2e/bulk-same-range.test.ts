// Two runs on one sheet at once: new columns never collide, and two runs never write the same cells.
import { describe, expect, it } from "vitest";
import { explore, type ScriptError, seedsFromEnv } from "../../harness/index.ts";
import { domains, FIELDS, jobsWorld, ledgerTotal, loggedCredits, run, UNIT } from "./bulk-world.ts";

const SEEDS = seedsFromEnv([1, 2, 3, 4, 5, 6]);

describe("runs started together on one sheet", () => {
  it("put their new columns side by side, whatever the interleaving", async () => {
    // Same rows, other fields: both used to pick column B, and the second run wrote over the first.
    const OTHER = [{ kind: "attribute", name: "headquarters_country" }];
    await explore(SEEDS, async (seed) => {
      const { gas, emulator } = await jobsWorld({ orgs: 200, seed });
      gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 20).map((d) => [d])]);
      const start = (fields: unknown[]) => () =>
        gas.run("startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A21", fields });
      gas.concurrently([start(FIELDS), start(OTHER)]);
      gas.run("dispatchJobs");
      gas.run("dispatchJobs");
      const labels = gas.sheet("Sheet1").values("B1:G1")[0]!.map(String);
      expect([...labels].sort()).toEqual([
        "Employee count",
        "HQ country",
        "Industry",
        "Name",
        "Status",
        "Status",
      ]);
      const rows = gas.sheet("Sheet1").values("B2:G21");
      const name = labels.indexOf("Name");
      expect(rows.every((row) => row[name] !== "")).toBe(true);
      expect(ledgerTotal(emulator)).toBe(20 * UNIT + 20 * 2);
      expect(loggedCredits(gas)).toBe(20 * UNIT + 20 * 2);
    });
  });

  it("refuse an overwrite of cells a running job is about to write, with a sentence saying why", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 200 });
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 20).map((d) => [d]),
    );
    run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A20", fields: FIELDS });
    let message = "";
    try {
      gas.run("startEnrichment", {
        sheetName: "Sheet1",
        inputRange: "A1:A20",
        fields: FIELDS,
        output: { mode: "overwrite", targetColumn: "B", consent: true },
      });
    } catch (error) {
      message = (error as ScriptError).message;
    }
    expect(message).toBe(
      'B1:D20 is being written by another run ("Enrich Sheet1!A1:A20"). Wait for it to finish or stop it first; two runs writing the same cells would pay twice.',
    );
    gas.run("dispatchJobs");
    expect(ledgerTotal(emulator)).toBe(20 * UNIT);
  });

  it("skip a scheduled refresh whose cells a running job is about to write, and say so", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 200 });
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 20).map((d) => [d]),
    );
    const request = { sheetName: "Sheet1", inputRange: "A1:A20", fields: FIELDS };
    run(gas, "startEnrichment", request);
    const rule = run<{ ruleId: string }>(gas, "saveRefreshRule", { request, frequency: "daily" });
    let message = "";
    try {
      gas.run("refreshNow", rule.ruleId);
    } catch (error) {
      message = (error as ScriptError).message;
    }
    expect(message).toBe(
      'The refresh could not start: B1:D20 is being written by another run ("Enrich Sheet1!A1:A20"). Wait for it to finish or stop it first; two runs writing the same cells would pay twice.',
    );
    gas.run("dispatchJobs");
    expect(ledgerTotal(emulator)).toBe(20 * UNIT);
  });
});
