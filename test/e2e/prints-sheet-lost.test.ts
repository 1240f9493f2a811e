// Issue 38 case 7 (row prints): a person deletes the hidden "Enrichment row prints" sheet. The next "new
// rows only" refresh does not take every row for new and buy them all again: it takes a row as seen when
// the purchase record holds its organization and the row shows what was written for it, buys only the
// rest, and says what happened.
import { describe, expect, it } from "vitest";
import { addonSheet, PRINTS_SHEET } from "../../src/core/addon-sheets/registry.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { domains, FIELDS, jobsWorld, ledger, logRows, run, UNIT } from "./bulk-world.ts";

const ROWS = 100;

describe('the hidden "Enrichment row prints" sheet deleted', () => {
  it("the next new-rows-only refresh buys only the 10 rows added since, not all 110", async () => {
    const world = await jobsWorld({ orgs: 300 });
    const { gas, emulator, clock } = world;
    const list = domains(emulator, ROWS + 20);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...list.slice(0, ROWS).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A", fields: FIELDS });
    run(gas, "pollJobs");
    run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "daily", newRowsOnly: true });
    // A day's new rows are bought by the rule's first run, and their prints kept.
    gas.sheet("Sheet1").set(
      `A${ROWS + 2}`,
      list.slice(ROWS, ROWS + 10).map((d) => [d]),
    );
    clock.advance("24h");
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([ROWS * UNIT, 10 * UNIT]);
    // Hidden, and warned: a person who unhides it and edits it is told what it keeps.
    expect(gas.sheet(PRINTS_SHEET)).toMatchObject({
      hidden: true,
      protection: { warningOnly: true, description: addonSheet(PRINTS_SHEET)?.purpose },
    });
    // A person unhides the add-on's sheets and deletes the prints all the same; ten more rows come the next day.
    gas.deleteSheet(PRINTS_SHEET);
    gas.sheet("Sheet1").set(
      `A${ROWS + 12}`,
      list.slice(ROWS + 10, ROWS + 20).map((d) => [d]),
    );
    clock.advance("24h");
    const [rule] = run<RuleView[]>(gas, "listRefreshRules");
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([ROWS * UNIT, 10 * UNIT, 10 * UNIT]);
    expect(rule!.lastRun).toMatchObject({ rowsChecked: ROWS + 20, rowsBought: 10, credits: 10 * UNIT });
    expect(rule!.lastResult).toBe(
      `Done: 120 rows, 10 organizations matched and 0 not found, for 30 credits. The hidden sheet "${PRINTS_SHEET}" no longer held this rule's prints (deleted or edited): 110 rows were taken as seen, since the purchase record holds their organizations and the rows show what was written for them.`,
    );
    expect(logRows(gas).map((r) => [r[1], r[2], r[3]])).toEqual([
      [`Enrich Sheet1!A2:A${ROWS + 1}`, ROWS, ROWS * UNIT],
      [`Refresh Sheet1!A2:A${ROWS + 11}`, ROWS + 10, 10 * UNIT],
      [`Refresh Sheet1!A2:A${ROWS + 21}`, ROWS + 20, 10 * UNIT],
    ]);
    // The new rows are written; the rows seen before keep their values.
    const org = emulator.dataset.orgs[ROWS + 19]!;
    expect(gas.sheet("Sheet1").values(`B${ROWS + 21}:C${ROWS + 21}`)).toEqual([
      [org.name, org.employeeCount],
    ]);
  }, 120_000);
});
