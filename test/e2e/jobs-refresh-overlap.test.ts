// Two scheduled refreshes over the same rows (issue 38, case 8): the second save is refused with a sentence
// naming the first rule, so the rows are bought once per period, not once per rule.
import { describe, expect, it } from "vitest";
import { explore, seedsFromEnv } from "../../harness/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import {
  domains,
  FIELDS,
  failure,
  jobsWorld,
  ledgerTotal,
  logRows,
  run,
  tolerate,
  UNIT,
} from "./bulk-world.ts";

/** Ten enriched rows, and the finished run to save as a schedule. */
async function tenRows(seed?: number) {
  const world = await jobsWorld({ orgs: 100, ...(seed === undefined ? {} : { seed }) });
  const { gas, emulator } = world;
  gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 10).map((d) => [d])]);
  const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS });
  expect(run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === job.jobId)?.state).toBe("done");
  return { ...world, job };
}

/** The log as [action, credits]. */
function logged(gas: Parameters<typeof logRows>[0]): Array<[string, number]> {
  return logRows(gas).map((row) => [String(row[1]), Number(row[3])]);
}

describe("a second scheduled refresh over rows a rule already refreshes", () => {
  it("the same run saved twice as a daily refresh: refused, and two days buy the rows twice, not four times", async () => {
    const { gas, emulator, job } = await tenRows();
    const first = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "daily" });
    expect(failure(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "daily" })).toBe(
      "Sheet1!A2:A11 already has a scheduled refresh over these rows (daily): a second one would buy them again. Change that one instead: delete it in More ▸ Scheduled refreshes, then save the schedule you want.",
    );
    expect(run<RuleView[]>(gas, "listRefreshRules").map((r) => r.ruleId)).toEqual([first.ruleId]);

    gas.clock.advance("48h");
    expect(ledgerTotal(emulator)).toBe(3 * 10 * UNIT);
    expect(logged(gas)).toEqual([
      ["Enrich Sheet1!A2:A11", 30],
      ["Refresh Sheet1!A2:A11", 30],
      ["Refresh Sheet1!A2:A11", 30],
    ]);
  });

  it("a daily refresh saved over part of an hourly one's rows: refused, naming the hourly rule, which alone runs", async () => {
    const { gas, emulator, job } = await tenRows();
    run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });
    const daily = {
      frequency: "daily",
      request: { sheetName: "Sheet1", inputRange: "A5:A20", fields: FIELDS, output: { mode: "new-columns" } },
    };
    expect(failure(gas, "saveRefreshRule", daily)).toBe(
      "Sheet1!A2:A11 already has a scheduled refresh over these rows (hourly): a second one would buy them again. Change that one instead: delete it in More ▸ Scheduled refreshes, then save the schedule you want.",
    );
    // Rows below the rule's are another matter: a schedule of their own is saved.
    const below = run<RuleView>(gas, "saveRefreshRule", {
      ...daily,
      request: { ...daily.request, inputRange: "A12:A20" },
    });
    const rules = run<RuleView[]>(gas, "listRefreshRules").map((r) => [r.inputRange, r.frequency]);
    // Saved in the same instant: listed in either order.
    expect(rules.sort()).toEqual([
      ["A12:A20", "daily"],
      ["A2:A11", "hourly"],
    ]);
    expect(below.inputRange).toBe("A12:A20");

    gas.clock.advance("3h");
    // Three hourly runs of ten rows; A12:A20 is empty, and its first run is a day away.
    expect(ledgerTotal(emulator)).toBe(4 * 10 * UNIT);
    expect(logged(gas)).toEqual([
      ["Enrich Sheet1!A2:A11", 30],
      ["Refresh Sheet1!A2:A11", 30],
      ["Refresh Sheet1!A2:A11", 30],
      ["Refresh Sheet1!A2:A11", 30],
    ]);
  });

  it("two saves of the same run at once keep one rule, under every interleaving of the two executions", async () => {
    await explore(seedsFromEnv([1, 2, 3, 4]), async (seed) => {
      const { gas, emulator, job } = await tenRows(seed);
      const refusal =
        "Sheet1!A2:A11 already has a scheduled refresh over these rows (daily): a second one would buy them again. Change that one instead: delete it in More ▸ Scheduled refreshes, then save the schedule you want.";
      const save = tolerate(
        () => gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily" }),
        [refusal],
      );
      const outcomes = gas.concurrently([save, save]);
      expect(outcomes.filter((o) => o === refusal)).toHaveLength(1);
      expect(run<RuleView[]>(gas, "listRefreshRules")).toHaveLength(1);
      gas.clock.advance("24h");
      expect(ledgerTotal(emulator)).toBe(2 * 10 * UNIT);
    });
  }, 120_000);
});
