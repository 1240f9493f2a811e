// Whose work a control spends for (issue 27, case 8): a collaborator's Refresh now, Resume and Re-run lost
// rows on the owner's rule or job are refused with a sentence saying whose it is, and spend nothing; Stop
// may be pressed by anyone, and the Enrichment log says a collaborator pressed it.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { addFault, domains, FIELDS, failure, ledgerTotal, logRows, run, UNIT } from "./bulk-world.ts";
import { ANN, BOB, sharedSpreadsheet } from "./owners-world.ts";

const sharedSheet = (orgs = 200) => sharedSpreadsheet({ orgs });

/** Log rows as [action, credits, result]. */
function logged(gas: Parameters<typeof logRows>[0]): Array<[string, number, string]> {
  return logRows(gas).map((row) => [String(row[1]), Number(row[3]), String(row[5])]);
}

/** Ann enriches 50 rows and saves the run as a weekly refresh; Bob works in the same file. */
async function annsWeeklyRule() {
  const { gas, emulator } = await sharedSheet();
  gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 50).map((d) => [d])]);
  gas.setUser(ANN.email);
  const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A51", fields: FIELDS });
  expect(run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === job.jobId)?.state).toBe("done");
  const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "weekly" });
  return { gas, emulator, rule };
}

describe("a collaborator's controls on the owner's work", () => {
  it("Refresh now on the owner's weekly rule is refused, saying whose it is, and the owner pays nothing extra", async () => {
    const { gas, emulator, rule } = await annsWeeklyRule();
    expect(ledgerTotal(emulator, ANN.key)).toBe(50 * UNIT);

    gas.setUser(BOB.email);
    for (let press = 0; press < 3; press++) {
      expect(failure(gas, "refreshNow", rule.ruleId)).toBe(
        "The scheduled refresh of Sheet1!A2:A51 belongs to the collaborator who started it: it runs in their sessions and is paid with their key, so only they can refresh it now. Ask them, or start your own.",
      );
      gas.clock.advance("1h");
    }
    // The rule still waits for its week; Ann's triggers fired meanwhile and bought nothing.
    gas.setUser(ANN.email);
    run(gas, "pollJobs");
    const [after] = run<RuleView[]>(gas, "listRefreshRules");
    expect(after!.nextRunAt).toBe(rule.nextRunAt);
    expect(ledgerTotal(emulator, ANN.key)).toBe(50 * UNIT);
    expect(ledgerTotal(emulator, BOB.key)).toBe(0);
    expect(logged(gas).map(([action, credits]) => [action, credits])).toEqual([
      ["Enrich Sheet1!A2:A51", 150],
    ]);
  });

  it("changing the owner's rule (new rows only, thresholds) is refused, and her next refresh buys what it did before", async () => {
    const { gas, emulator, rule } = await annsWeeklyRule();

    gas.setUser(BOB.email);
    expect(failure(gas, "updateRefreshRule", { ruleId: rule.ruleId, newRowsOnly: true })).toBe(
      "The scheduled refresh of Sheet1!A2:A51 belongs to the collaborator who started it: it runs in their sessions and is paid with their key, so only they can change it. Ask them, or start your own.",
    );
    expect(
      failure(gas, "updateRefreshRule", { ruleId: rule.ruleId, thresholds: { countChange: 0.5 } }),
    ).toMatch(/^The scheduled refresh of Sheet1!A2:A51 belongs to the collaborator who started it: /);

    gas.setUser(ANN.email);
    const [kept] = run<RuleView[]>(gas, "listRefreshRules");
    expect({ newRowsOnly: kept!.newRowsOnly, thresholds: kept!.thresholds }).toEqual({
      newRowsOnly: rule.newRowsOnly,
      thresholds: rule.thresholds,
    });
    // Every row again, as the rule was saved: Bob's "new rows only" would have bought none of them.
    const refresh = run<JobStatus>(gas, "refreshNow", rule.ruleId);
    expect(run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === refresh.jobId)?.state).toBe("done");
    expect(ledgerTotal(emulator, ANN.key)).toBe(2 * 50 * UNIT);
    expect(ledgerTotal(emulator, BOB.key)).toBe(0);
  });

  it("Resume and Re-run lost rows are refused to anyone but the starter; Stop is not, and the log says who", async () => {
    const { gas, emulator } = await sharedSheet(3_000);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 2_500).map((d) => [d])]);
    gas.setUser(ANN.email);
    // The second chunk's answer is lost: its 1,000 rows are lost rows, possibly charged.
    addFault(emulator, { path: "/v9/organizations", method: "POST", body: "truncated", count: 1 });
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A2501", fields: FIELDS });

    // Bob presses Stop while it waits for Ann's session: allowed (it never spends), and logged as his.
    gas.setUser(BOB.email);
    const stopped = run(gas, "stopJob", job.jobId);
    expect(stopped.state).toBe("stopped");
    expect(logged(gas)).toEqual([
      [
        "Enrich Sheet1!A2:A2501",
        0,
        `${stopped.message} Stop pressed by a collaborator, not the person who started it.`,
      ],
    ]);
    expect(failure(gas, "resumeJob", job.jobId)).toBe(
      '"Enrich Sheet1!A2:A2501" belongs to the collaborator who started it: it runs in their sessions and is paid with their key, so only they can resume it. Ask them, or start your own.',
    );

    // Ann resumes; the truncated answer makes lost rows, which only she may buy again.
    gas.setUser(ANN.email);
    run(gas, "resumeJob", job.jobId);
    const rested = run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === job.jobId)!;
    expect(rested.lostRows).toBe(1_000);
    const spent = ledgerTotal(emulator, ANN.key);
    gas.setUser(BOB.email);
    expect(failure(gas, "rerunLostRows", job.jobId)).toBe(
      '"Enrich Sheet1!A2:A2501" belongs to the collaborator who started it: it runs in their sessions and is paid with their key, so only they can buy its lost rows again. Ask them, or start your own.',
    );
    gas.clock.advance("2h");
    expect(ledgerTotal(emulator, ANN.key)).toBe(spent);
    expect(ledgerTotal(emulator, BOB.key)).toBe(0);
  });
});
