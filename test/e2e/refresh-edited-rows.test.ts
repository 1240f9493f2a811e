// Issue 39, case 1: an identifier edited in place under a "new rows only" refresh is filled from what was
// bought (another row holds that organization) or bought, never left beside another organization's values.
import { describe, expect, it } from "vitest";
import { cellRanges } from "../../src/core/changes/change-rows.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import type { ChangedCellsSelection } from "../../src/server/refreshes/index.ts";
import { domains, ledger, ledgerTotal, loggedCredits, run } from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";
import {
  changeRecords,
  enrichedRule,
  expectRowsTrue,
  LAST_ROW,
  LIMITED_KEY,
  ROWS_39,
  UNIT_39,
  valuesOf,
} from "./refresh-world.ts";

const WHY = "Different organization in this row";

describe("an identifier edited in place", () => {
  for (const newRowsOnly of [true, false]) {
    const name = newRowsOnly
      ? '"new rows only": row 12 takes row 32\'s organization free'
      : "every row: row 12 is bought with the rest";
    it(`${name}, row 13's new organization is bought`, async () => {
      const world = await enrichedRule({ newRowsOnly });
      const { gas, emulator, rule } = world;
      const sheet = gas.sheet("Sheet1");
      expectRowsTrue(world);
      const [row32] = sheet.values("A32").flat();
      const [outside] = domains(emulator, 1, 50);
      const before12 = sheet.values("B12:C12")[0]!;
      const before13 = sheet.values("B13:C13")[0]!;
      sheet.set("A12", row32);
      sheet.set("A13", outside);

      run(gas, "refreshNow", rule.ruleId);
      run(gas, "pollJobs");

      expectRowsTrue(world);
      // "New rows only" buys aerostone only; every row buys the 33 organizations there now (32 distinct).
      const bought = newRowsOnly ? 1 : ROWS_39 - 1;
      expect(ledger(emulator).map((entry) => entry.credits)).toEqual([ROWS_39 * UNIT_39, bought * UNIT_39]);
      expect(logFacts(gas).map((f) => f.credits)).toEqual([ROWS_39 * UNIT_39, bought * UNIT_39]);
      expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
      const cells = (row: number, organization: unknown, was: unknown[]) => {
        const now = valuesOf(world, organization);
        return ["Industry", "Employee count"].flatMap((field, c) =>
          was[c] === now[c] ? [] : [{ row, organization, field, before: was[c], after: now[c], why: WHY }],
        );
      };
      const changes = [...cells(12, row32, before12), ...cells(13, outside, before13)];
      expect(changes.length).toBeGreaterThan(0);
      expect(changeRecords(world)).toEqual(changes);
      // Select changed cells selects every one of them, as one RangeList on the rule's sheet.
      const selected = run<ChangedCellsSelection>(gas, "selectChangedCells", rule.ruleId);
      const ranges = cellRanges(changes.map((c) => ({ row: c.row, column: c.field === "Industry" ? 2 : 3 })));
      expect(selected).toMatchObject({ sheetName: "Sheet1", cells: changes.length, ranges });
      expect(gas.selection()).toEqual({ sheet: "Sheet1", ranges });
      const [saved] = run<RuleView[]>(gas, "listRefreshRules");
      expect(saved!.lastRun).toMatchObject({
        rowsChecked: LAST_ROW - 1,
        rowsBought: newRowsOnly ? 1 : ROWS_39,
        cellsChanged: changes.length,
        credits: bought * UNIT_39,
      });
    });
  }

  it("a run that stops before writing an edited row leaves its Status saying so, not Found", async () => {
    // Credits for the first run only: the refresh cannot buy row 13's new organization.
    const world = await enrichedRule({ newRowsOnly: true, credits: ROWS_39 * UNIT_39 + 1 });
    const { gas, emulator, rule } = world;
    const sheet = gas.sheet("Sheet1");
    const [row32] = sheet.values("A32").flat();
    sheet.set("A12", row32);
    sheet.set("A13", domains(emulator, 1, 50)[0]);
    run(gas, "refreshNow", rule.ruleId);
    const [status] = run<JobStatus[]>(gas, "pollJobs");
    expect(status).toMatchObject({ state: "out_of_credits", creditsSpent: 0 });
    // Row 12 was filled free; row 13 still holds the old organization's values, and says so.
    expectRowsTrue(world, [13]);
    expect(ledger(emulator, LIMITED_KEY).map((entry) => entry.credits)).toEqual([ROWS_39 * UNIT_39]);
  });
});
