// A scheduled refresh over cells people changed: a row whose every output cell someone typed is neither
// rewritten nor bought again, a Status cell someone typed stays, and a date the add-on wrote is still its
// own (compared by time, not by object) so it is refreshed and not counted as edited.
import { describe, expect, it } from "vitest";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { domains, FIELDS, jobsWorld, ledger, run, UNIT } from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

async function enrichedWithRule(fields: typeof FIELDS, rows = 10) {
  const world = await jobsWorld({ orgs: 100 });
  const { gas, emulator } = world;
  gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, rows).map((d) => [d])]);
  const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: `A2:A${rows + 1}`, fields });
  run(gas, "pollJobs");
  const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });
  return { ...world, rule };
}

describe("a scheduled refresh over cells people typed", () => {
  it("does not buy a row whose every cell someone typed, and keeps a typed Status cell", async () => {
    const { gas, emulator } = await enrichedWithRule(FIELDS);
    expect(gas.sheet("Sheet1").values("E1:E2")).toEqual([["Status"], ["Found"]]);
    gas.sheet("Sheet1").set("B5", [["Typed name", 12, "Typed industry"]]);
    gas.sheet("Sheet1").set("E7", "checked by hand");
    gas.clock.advance("1h");
    const [rule] = run<RuleView[]>(gas, "listRefreshRules");
    // Nine rows bought again; the typed row is not, and none of its cells is rewritten.
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([10 * UNIT, 9 * UNIT]);
    expect(rule!.lastCredits).toBe(9 * UNIT);
    expect(gas.sheet("Sheet1").values("B5:D5")).toEqual([["Typed name", 12, "Typed industry"]]);
    expect(gas.sheet("Sheet1").values("E7")).toEqual([["checked by hand"]]);
    expect(logFacts(gas)).toEqual([
      { action: "Enrich Sheet1!A2:A11", kind: "charged", credits: 10 * UNIT },
      { action: "Refresh Sheet1!A2:A11", kind: "charged", credits: 9 * UNIT },
    ]);
  });

  it("rewrites a date it wrote, and counts no cell as edited when nobody edited one", async () => {
    const fields = [...FIELDS, { kind: "attribute", name: "funding_last_round_date" }];
    const { gas, emulator } = await enrichedWithRule(fields);
    const dates = gas.sheet("Sheet1").values("E2:E11").flat();
    expect(dates.some((d) => d instanceof Date)).toBe(true);
    gas.clock.advance("1h");
    const [rule] = run<RuleView[]>(gas, "listRefreshRules");
    expect(rule!.lastResult).toMatch(
      /^Done: 10 rows, 10 organizations matched and 0 not found, for \d+ credits\.$/,
    );
    expect(ledger(emulator)).toHaveLength(2);
    expect(ledger(emulator)[1]!.credits).toBe(ledger(emulator)[0]!.credits);
  });
});
