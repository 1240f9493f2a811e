// Issue 39, case 7: dates as the spreadsheet means them. A published add-on's clock trigger has no document;
// its refresh still writes each date as that day in the spreadsheet's zone (America/Los_Angeles here, the
// script's is UTC), so a refresh never turns 2024-03-30 into 2024-03-29 nor logs a change that is only a shift.
import { describe, expect, it } from "vitest";
import { isoDate } from "../../emulator/dates.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { jobsWorld, ledger, ledgerTotal, loggedCredits, run } from "./bulk-world.ts";

const ZONE = "America/Los_Angeles";
const ROWS = 40;

/** The calendar day a date cell shows in `timeZone`. */
function dayIn(value: unknown, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(value as Date);
}

describe("a refresh run by a documentless trigger", () => {
  it("keeps each date the day the service says, in the spreadsheet's zone, and logs no change", async () => {
    const world = await jobsWorld({
      mode: "addon",
      scriptProperties: { DEPLOYMENT: "addon" },
      spreadsheetTimeZone: ZONE,
    });
    const { gas, emulator, clock } = world;
    const funded = emulator.dataset.orgs.filter((o) => o.funding).slice(0, ROWS);
    expect(funded).toHaveLength(ROWS);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...funded.map((o) => [o.domain])]);
    const job = run(gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: `A2:A${ROWS + 1}`,
      fields: [{ kind: "attribute", name: "funding_last_round_date" }],
    });
    run(gas, "pollJobs");
    const days = funded.map((o) => isoDate(o.funding!.lastRoundDay));
    const shown = () =>
      gas
        .sheet("Sheet1")
        .values(`B2:B${ROWS + 1}`)
        .map((row) => dayIn(row[0], ZONE));
    expect(shown()).toEqual(days);
    run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "daily" });

    // The published add-on's hourly trigger runs the rule with no document.
    clock.advance("25h");
    const [after] = run<RuleView[]>(gas, "listRefreshRules");
    expect(after!.lastRun).toMatchObject({ rowsChecked: ROWS, cellsChanged: 0, changeRows: null });
    const refreshes = gas.executions.filter((e) => e.kind === "trigger" && e.documentId === null);
    expect(refreshes.length).toBeGreaterThan(0);
    expect(shown()).toEqual(days);
    expect(() => gas.sheet("Changes")).toThrow(/^No sheet named "Changes"/);
    expect(ledger(emulator)).toHaveLength(2);
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
  });
});
