// A scheduled refresh in a shared spreadsheet is run and paid only by the person who saved it: a
// collaborator's sidebar (or trigger) that comes by when the rule is due neither runs it nor pays for it.
import { describe, expect, it } from "vitest";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { addFault, domains, FIELDS, failure, ledger, ledgerTotal, run, UNIT } from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";
import { ANN, BOB, sharedSpreadsheet } from "./owners-world.ts";

async function sharedSheet(rows: number) {
  const world = await sharedSpreadsheet({ orgs: Math.max(100, rows), fetchDeadlineMs: 600_000 });
  const { gas, emulator } = world;
  gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, rows).map((d) => [d])]);
  gas.setUser(ANN.email);
  const job = run(gas, "startEnrichment", {
    sheetName: "Sheet1",
    inputRange: `A2:A${rows + 1}`,
    fields: FIELDS,
  });
  run(gas, "pollJobs");
  const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });
  return { ...world, rule };
}

describe("a scheduled refresh in a shared spreadsheet", () => {
  it("is not run by a collaborator who presses Refresh now, and is paid by its owner when her trigger runs it", async () => {
    const world = await sharedSheet(10);
    const { gas, rule } = world;
    // Bob sees Ann's rule in the sidebar and presses Refresh now: his execution does not run it.
    gas.clock.advance("10m");
    gas.setUser(BOB.email);
    expect(failure(gas, "refreshNow", rule.ruleId)).toBe(
      "The scheduled refresh of Sheet1!A2:A11 belongs to the collaborator who started it: it runs in their sessions and is paid with their key, so only they can refresh it now. Ask them, or start your own.",
    );
    run(gas, "pollJobs");
    expect(ledgerTotal(world.emulator, BOB.key)).toBe(0);
    expect(run<RuleView[]>(gas, "listRefreshRules")[0]!.lastRunAt).toBeNull();

    // Ann's trigger runs it, on her key.
    gas.clock.advance("1h");
    expect(ledgerTotal(world.emulator, BOB.key)).toBe(0);
    expect(ledgerTotal(world.emulator, ANN.key)).toBe(2 * 10 * UNIT);
    expect(logFacts(gas)).toEqual([
      { action: "Enrich Sheet1!A2:A11", kind: "charged", credits: 10 * UNIT },
      { action: "Refresh Sheet1!A2:A11", kind: "charged", credits: 10 * UNIT },
    ]);
  });

  it("whose run outlives its owner's execution is continued by her, never by a collaborator's poll", async () => {
    const world = await sharedSheet(2_500);
    const { gas, emulator, rule } = world;
    const enriched = ledgerTotal(world.emulator, ANN.key);
    expect(enriched).toBe(2_500 * UNIT);
    // The refresh's first request outlives Ann's trigger execution (UrlFetch would wait 10 minutes).
    addFault(emulator, { path: "/v9/organizations", delay_ms: 400_000, count: 1 });
    gas.clock.advance(Date.parse(rule.nextRunAt) - gas.clock.now());
    expect(gas.executions.at(-1)!.error).toMatch(/Exceeded maximum execution time/);
    // Bob's sidebar polls while the refresh waits for its owner: it sees the job but does not run it.
    // Past the time the killed execution may have lived, the job waits for its owner.
    gas.setUser(BOB.email);
    run(gas, "pollJobs");
    gas.clock.advance("8m");
    run(gas, "pollJobs");
    expect(ledgerTotal(world.emulator, BOB.key)).toBe(0);
    // Ann's next trigger finishes it on her key: the chunk that was out is not bought again.
    gas.clock.advance("1h");
    expect(ledgerTotal(world.emulator, BOB.key)).toBe(0);
    expect(ledger(emulator, ANN.key).map((entry) => entry.credits)).toEqual([
      1_000 * UNIT,
      1_000 * UNIT,
      500 * UNIT,
      1_000 * UNIT,
      1_000 * UNIT,
      500 * UNIT,
    ]);
  });
});
