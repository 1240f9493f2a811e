// Issue 38 case 7 (the jobs sheet): a person deletes the hidden "Enrichment jobs" sheet. The refresh rules
// it held are not wiped silently: the add-on keeps a copy of each in the document's properties, brings
// them back, says so on the rule, and they go on buying what they bought before, no more and no less.
import { describe, expect, it } from "vitest";
import { JOBS_SHEET } from "../../src/core/addon-sheets/registry.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { domains, FIELDS, jobsWorld, ledger, logRows, run, UNIT } from "./bulk-world.ts";

const BROUGHT_BACK =
  'Brought back: the hidden sheet "Enrichment jobs" was deleted, and this scheduled refresh with it. The add-on kept a copy, so it runs as before; bringing it back bought nothing.';

describe('the hidden "Enrichment jobs" sheet deleted', () => {
  it("brings an hourly rule back from its copy and says so: its next runs buy its 10 rows once an hour, as before", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 100 });
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 10).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS });
    run(gas, "pollJobs");
    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });
    gas.clock.advance(Date.parse(rule.nextRunAt) - gas.clock.now());
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([10 * UNIT, 10 * UNIT]);
    // A person unhides the add-on's sheets and deletes this one.
    gas.deleteSheet(JOBS_SHEET);
    const [back] = run<RuleView[]>(gas, "listRefreshRules");
    expect(back).toMatchObject({ ruleId: rule.ruleId, frequency: "hourly", lastResult: BROUGHT_BACK });
    // Its next run comes at its hour, as before the sheet was lost.
    gas.clock.advance("1h");
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([10 * UNIT, 10 * UNIT, 10 * UNIT]);
    expect(logRows(gas).map((r) => [r[1], r[2], r[3]])).toEqual([
      ["Enrich Sheet1!A2:A11", 10, 10 * UNIT],
      ["Refresh Sheet1!A2:A11", 10, 10 * UNIT],
      ["Refresh Sheet1!A2:A11", 10, 10 * UNIT],
    ]);
  }, 60_000);
});
