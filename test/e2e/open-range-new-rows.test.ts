// Issue 39 case 5 through the bundle: a whole-column selection ("A:A") used as the Enrich tab uses it
// starts an open-ended run ("A1:A", header skipped), and the refresh saved from it enriches rows appended
// later, by Refresh now and by its trigger; every row holds its own organization's values, the ledger exact.
import { describe, expect, it } from "vitest";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { domains, jobsWorld, ledgerTotal, loggedCredits, run } from "./bulk-world.ts";
import { FIELDS_39, UNIT_39, valuesOf } from "./refresh-world.ts";

interface Selection {
  range: string;
  openRange: string;
  summary: string;
  openSummary: string;
  wholeColumn: boolean;
  rows: number;
}

interface Estimate {
  credits: number;
  message: string;
}

/** Every data row from 2 to `last`: its own organization's values in B:C and "Found" in D. */
function expectEveryRow(world: Awaited<ReturnType<typeof jobsWorld>>, last: number) {
  const rows = world.gas.sheet("Sheet1").values(`A2:D${last}`);
  expect(rows.map((row) => row.slice(1))).toEqual(rows.map((row) => [...valuesOf(world, row[0]), "Found"]));
}

describe("a whole-column selection includes rows added later", () => {
  it("runs open-ended and its refresh covers appended rows, by Refresh now and by its trigger", async () => {
    const world = await jobsWorld({ orgs: 60 });
    const { gas, emulator } = world;
    const list = domains(emulator, 45);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...list.slice(0, 33).map((d) => [d])]);
    gas.select("A:A");
    const selection = run<Selection>(gas, "describeSelection");
    expect(selection).toMatchObject({
      range: "A1:A34",
      openRange: "A1:A",
      wholeColumn: true,
      rows: 33,
      summary: "A2:A34 · 33 rows · 33 unique",
      openSummary: "A2:A (new rows included) · 33 rows now · 33 unique",
    });
    // "Include rows added later" is on for a whole-column selection: the request names the open range.
    const request = {
      sheetName: "Sheet1",
      inputRange: selection.wholeColumn ? selection.openRange : selection.range,
      fields: FIELDS_39,
      output: { mode: "empty-only", targetColumn: "B" },
    };
    const estimate = run<Estimate>(gas, "estimateEnrichment", request);
    expect(estimate.credits).toBe(33 * UNIT_39);
    expect(estimate.message).toBe(
      "Up to 99 credits now · 33 organizations × 3 (1 base + 2 for fields); rows added later are bought when the refresh runs",
    );
    const job = run(gas, "startEnrichment", request);
    run(gas, "pollJobs");
    expectEveryRow(world, 34);
    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "daily" });

    expect(ledgerTotal(emulator)).toBe(33 * UNIT_39);
    // Rows appended below, then Refresh now: a refresh of every row buys the 33 again and the 6 new ones.
    gas.sheet("Sheet1").set(
      "A35",
      list.slice(33, 39).map((d) => [d]),
    );
    run(gas, "refreshNow", rule.ruleId);
    run(gas, "pollJobs");
    expectEveryRow(world, 40);
    expect(ledgerTotal(emulator)).toBe((33 + 39) * UNIT_39);

    // More rows, and the daily trigger fires on its own.
    gas.sheet("Sheet1").set(
      "A41",
      list.slice(39, 45).map((d) => [d]),
    );
    world.clock.advance("24h");
    run(gas, "pollJobs");
    expectEveryRow(world, 46);
    expect(ledgerTotal(emulator)).toBe((33 + 39 + 45) * UNIT_39);
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
  });
});
