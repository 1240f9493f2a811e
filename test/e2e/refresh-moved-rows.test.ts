// Issue 39, case 2: moves are not edits. The identifier column sorted on its own (Data ▸ Sort range over
// column A) separates identifiers from their values: a "new rows only" refresh refills every row from what
// was bought, free, instead of buying all of them again; a sort of whole rows is left as it is.
import { describe, expect, it } from "vitest";
import { call } from "../../emulator/testing.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { domains, ledger, ledgerTotal, loggedCredits, run } from "./bulk-world.ts";
import { changeRecords, enrichedRule, expectRowsTrue, LAST_ROW, ROWS_39, UNIT_39 } from "./refresh-world.ts";

const WHY = "Different organization in this row";

describe("a refresh after a sort", () => {
  it('"new rows only" after sorting the identifier column alone refills every row free', async () => {
    const world = await enrichedRule({ newRowsOnly: true });
    const { gas, emulator, rule } = world;
    const sheet = gas.sheet("Sheet1");
    const before = sheet.values(`A2:C${LAST_ROW}`);
    // Sorting A2:A34 alone is, to the sheet, column A's values rewritten in sorted order.
    const sorted = before.map((row) => String(row[0])).sort((a, b) => a.localeCompare(b));
    sheet.set(
      "A2",
      sorted.map((domain) => [domain]),
    );
    const moved = before.filter((row, i) => row[0] !== sorted[i]).length;
    expect(moved).toBeGreaterThan(ROWS_39 / 2);

    run(gas, "refreshNow", rule.ruleId);
    run(gas, "pollJobs");

    expectRowsTrue(world);
    // Nothing bought again: the ledger holds the first run only, and the log says the same.
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([ROWS_39 * UNIT_39]);
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
    // Each moved row's cells that differ now are logged as another organization in the row, nothing else.
    const now = sheet.values(`A2:C${LAST_ROW}`);
    const differing = now.flatMap((row, i) =>
      ["Industry", "Employee count"].flatMap((field, c) =>
        row[c + 1] === before[i]![c + 1]
          ? []
          : [
              {
                row: i + 2,
                organization: row[0],
                field,
                before: before[i]![c + 1],
                after: row[c + 1],
                why: WHY,
              },
            ],
      ),
    );
    expect(differing.length).toBeGreaterThan(moved);
    expect(changeRecords(world)).toEqual(differing);
    const [saved] = run<RuleView[]>(gas, "listRefreshRules");
    expect(saved!.lastRun).toMatchObject({ rowsBought: 0, credits: 0, cellsChanged: differing.length });

    // The next run finds every row as this one left it: nothing is bought or changed.
    run(gas, "refreshNow", rule.ruleId);
    run(gas, "pollJobs");
    expect(ledger(emulator)).toHaveLength(1);
    expect(run<RuleView[]>(gas, "listRefreshRules")[0]!.lastRun).toMatchObject({
      rowsBought: 0,
      cellsChanged: 0,
    });
    expectRowsTrue(world);
  });

  it('"new rows only" after sorting whole rows buys and writes nothing', async () => {
    const world = await enrichedRule({ newRowsOnly: true });
    const { gas, emulator, rule } = world;
    const sheet = gas.sheet("Sheet1");
    const rows = sheet.values(`A2:D${LAST_ROW}`);
    sheet.set(
      "A2",
      [...rows].sort((a, b) => String(b[0]).localeCompare(String(a[0]))),
    );
    run(gas, "refreshNow", rule.ruleId);
    run(gas, "pollJobs");
    expectRowsTrue(world);
    expect(ledger(emulator)).toHaveLength(1);
    // No cell changed: the Changes sheet was never made.
    expect(() => gas.sheet("Changes")).toThrow(/^No sheet named "Changes"/);
    expect(run<RuleView[]>(gas, "listRefreshRules")[0]!.lastRun).toMatchObject({
      rowsBought: 0,
      cellsChanged: 0,
    });
  });

  it("every row, after sorting whole rows: the moved rows are refreshed, not taken for the person's edits", async () => {
    const world = await enrichedRule();
    const { gas, emulator, rule } = world;
    const sheet = gas.sheet("Sheet1");
    const rows = sheet.values(`A2:D${LAST_ROW}`);
    sheet.set("A2", [...rows].reverse());
    // The service's data moves for the organizations now in rows 2 and 3 (last run in rows 34 and 33).
    const moved = [0, 1].map(
      (i) => emulator.dataset.orgs.find((o) => o.domain === rows[ROWS_39 - 1 - i]![0])!,
    );
    for (const org of moved)
      call(emulator, "POST", "/__admin/organizations", {
        body: { id: org.id, employee_count: org.employeeCount + 7 },
      });
    run(gas, "refreshNow", rule.ruleId);
    run(gas, "pollJobs");
    expectRowsTrue(world);
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([ROWS_39 * UNIT_39, ROWS_39 * UNIT_39]);
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
    expect(changeRecords(world)).toEqual(
      moved.map((org, i) => ({
        row: 2 + i,
        organization: org.domain,
        field: "Employee count",
        before: org.employeeCount - 7,
        after: org.employeeCount,
        why: "Value changed",
      })),
    );
    expect(run<RuleView[]>(gas, "listRefreshRules")[0]!.lastRun).toMatchObject({
      rowsBought: ROWS_39,
      cellsChanged: 2,
    });
  });

  it('"new rows only" after a row inserted at row 10 buys only its organization', async () => {
    const world = await enrichedRule({ newRowsOnly: true });
    const { gas, emulator, rule } = world;
    const sheet = gas.sheet("Sheet1");
    // Inserting a row above row 10 moves rows 10–34 down one, whole; the new row is empty but for A10.
    const below = sheet.values(`A10:D${LAST_ROW}`);
    sheet.set("A11", below);
    sheet.set("A10", [[domains(emulator, 1, 50)[0], "", "", ""]]);
    run(gas, "refreshNow", rule.ruleId);
    run(gas, "pollJobs");
    expectRowsTrue(world);
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([ROWS_39 * UNIT_39, UNIT_39]);
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
    // Cells filled for the first time are not changes; the moved rows were not written.
    expect(run<RuleView[]>(gas, "listRefreshRules")[0]!.lastRun).toMatchObject({
      rowsBought: 1,
      cellsChanged: 0,
    });
  });
});
