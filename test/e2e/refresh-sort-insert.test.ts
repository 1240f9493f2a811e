// Issue 39, the bench's combined case: identifiers edited in place (half to organizations elsewhere in the
// range), the identifier column sorted alone, rows inserted in the middle, then the daily refresh. Every row
// must show its own organization's values (Status Found), and the ledger must hold the price list's minimum.
import { describe, expect, it } from "vitest";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import {
  advanceUntil,
  domains,
  type JobsWorld,
  jobsWorld,
  ledgerTotal,
  loggedCredits,
  run,
} from "./bulk-world.ts";
import { FIELDS_39, UNIT_39, valuesOf } from "./refresh-world.ts";

const ROWS = 60;
const EDITED = 6;
const INSERTED = 4;
/** Where the rows go in: above the middle of the data, so rows below it and past its old end move down. */
const AT = 2 + ROWS / 2;

async function editedSortedInserted(newRowsOnly: boolean) {
  const world = await jobsWorld({ orgs: 100 });
  const { gas, emulator } = world;
  const all = domains(emulator, ROWS + EDITED / 2 + INSERTED);
  const sheet = gas.sheet("Sheet1");
  sheet.set("A1", [["Domain"], ...all.slice(0, ROWS).map((d) => [d])]);
  const job = run(gas, "startEnrichment", {
    sheetName: "Sheet1",
    inputRange: "A2:A",
    fields: FIELDS_39,
    output: { mode: "empty-only", targetColumn: "B" },
  });
  advanceUntil(world, () => run(gas, "getJobStatus", job.jobId).state === "done");
  const enriched = ledgerTotal(emulator);
  expect(enriched).toBe(ROWS * UNIT_39);
  run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "daily", newRowsOnly });
  // Half the edits name an organization another row holds, half one the range never had.
  const step = ROWS / EDITED;
  for (let i = 0; i < EDITED; i++) {
    const other = i % 2 === 0 ? all[(i * step + step / 2) % ROWS]! : all[ROWS + Math.floor(i / 2)]!;
    sheet.set(`A${2 + i * step}`, other);
  }
  sheet.sortRange(`A2:A${ROWS + 1}`);
  sheet.insertRows(AT, INSERTED);
  sheet.set(
    `A${AT}`,
    all.slice(ROWS + EDITED / 2).map((d) => [d]),
  );
  world.clock.advance("24h");
  advanceUntil(world, () => run<RuleView[]>(gas, "listRefreshRules")[0]?.lastRun != null);
  return { world, enriched };
}

/** Every row of the range: its values are its identifier's organization's as the emulator holds them. */
function expectEveryRowTrue(world: JobsWorld, count = ROWS + INSERTED) {
  const rows = world.gas.sheet("Sheet1").values(`A2:D${count + 1}`);
  expect(rows.map((row, i) => ({ row: i + 2, values: row.slice(1, 3), status: row[3] }))).toEqual(
    rows.map((row, i) => ({ row: i + 2, values: valuesOf(world, row[0]), status: "Found" })),
  );
}

describe("a refresh after edits, a sort of the identifier column alone and inserted rows", () => {
  it('"new rows only" fills every row from what was bought and buys only the new organizations', async () => {
    const { world, enriched } = await editedSortedInserted(true);
    expectEveryRowTrue(world);
    // Bought: the 3 organizations typed over rows and the 4 in the inserted rows, once each.
    expect(ledgerTotal(world.emulator) - enriched).toBe((EDITED / 2 + INSERTED) * UNIT_39);
    expect(loggedCredits(world.gas)).toBe(ledgerTotal(world.emulator));
  });

  it("every row refreshes each organization in the range once and writes it in its own rows", async () => {
    const { world, enriched } = await editedSortedInserted(false);
    expectEveryRowTrue(world);
    // Every organization in the range once: 60 enriched, less the 6 typed over, plus the 3 new ones typed
    // and the 4 inserted (the other 3 edits name organizations other rows still hold).
    const inRange = new Set(
      world.gas
        .sheet("Sheet1")
        .values(`A2:A${ROWS + INSERTED + 1}`)
        .map((row) => row[0]),
    );
    expect(inRange.size).toBe(ROWS - EDITED / 2 + INSERTED);
    expect(ledgerTotal(world.emulator) - enriched).toBe(inRange.size * UNIT_39);
    expect(loggedCredits(world.gas)).toBe(ledgerTotal(world.emulator));
  });

  it('"new rows only" refills a row whose identifier is by chance the one its place held before', async () => {
    // Column A holds s4, s0, s1, s2, s3 (s sorted): sorted alone it reads s0…s4, and a row inserted above
    // puts s0…s3 back at their own places, each beside the values of the organization above it.
    const world = await jobsWorld({ orgs: 100 });
    const { gas, emulator } = world;
    const [added, ...five] = domains(emulator, 6);
    const s = [...five].sort((a, b) => a!.localeCompare(b!));
    const sheet = gas.sheet("Sheet1");
    sheet.set("A1", [["Domain"], [s[4]], [s[0]], [s[1]], [s[2]], [s[3]]]);
    const job = run(gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A2:A",
      fields: FIELDS_39,
      output: { mode: "empty-only", targetColumn: "B" },
    });
    advanceUntil(world, () => run(gas, "getJobStatus", job.jobId).state === "done");
    run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "daily", newRowsOnly: true });
    sheet.sortRange("A2:A6");
    sheet.insertRows(2, 1);
    sheet.set("A2", added);
    world.clock.advance("24h");
    advanceUntil(world, () => run<RuleView[]>(gas, "listRefreshRules")[0]?.lastRun != null);
    expectEveryRowTrue(world, 6);
    // The five bought once by the enrichment, the inserted row's organization by the refresh.
    expect(ledgerTotal(emulator)).toBe(6 * UNIT_39);
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
  });

  it("Refresh now's price counts the row whose identifier is by chance its place's, as the refresh does", async () => {
    // As above, with the company the service does not know in s0's place: back at its own place beside
    // s4's values, the refresh asks for it again (the service may know it now); the price counted it out.
    const world = await jobsWorld({ orgs: 100 });
    const { gas, emulator } = world;
    const [added, ...four] = domains(emulator, 5);
    const s = ["0-nowhere.example", ...[...four].sort((a, b) => a!.localeCompare(b!))];
    const sheet = gas.sheet("Sheet1");
    sheet.set("A1", [["Domain"], [s[4]], [s[0]], [s[1]], [s[2]], [s[3]]]);
    const job = run(gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A2:A",
      fields: FIELDS_39,
      output: { mode: "empty-only", targetColumn: "B" },
    });
    advanceUntil(world, () => run(gas, "getJobStatus", job.jobId).state === "done");
    const rule = run<RuleView>(gas, "saveRefreshRule", {
      jobId: job.jobId,
      frequency: "daily",
      newRowsOnly: true,
    });
    sheet.sortRange("A2:A6");
    sheet.insertRows(2, 1);
    sheet.set("A2", added);
    const enriched = ledgerTotal(emulator);
    // Before the price used the refresh's own view of moved cells: "Up to 3 credits · 1 organization".
    const price = run<{ credits: number; organizations: number }>(gas, "estimateRefreshNow", rule.ruleId);
    expect(price).toMatchObject({ credits: 2 * UNIT_39, organizations: 2 });
    const refresh = run<{ jobId: string }>(gas, "refreshNow", rule.ruleId);
    advanceUntil(world, () => run(gas, "getJobStatus", refresh.jobId).state === "done");
    expect(run<{ message: string }>(gas, "getJobStatus", refresh.jobId).message).toBe(
      "Done: 6 rows, 1 organization matched and 1 not found, for 3 credits.",
    );
    expect(ledgerTotal(emulator) - enriched).toBe(UNIT_39);
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
  });
});
