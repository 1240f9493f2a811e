// Issue 38 case 6: what one run bought, every later run on the spreadsheet finds in its purchase record.
import { describe, expect, it } from "vitest";
import type { Harness } from "../../harness/index.ts";
import { RECORD_SHEET } from "../../src/core/bulk/purchase-record.ts";
import {
  addAccount,
  domains,
  FIELDS,
  jobsWorld,
  ledgerTotal,
  logRows,
  run,
  settle,
  UNIT,
} from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

/** The log's rows as [action, rows, credits]. */
const logged = (gas: Harness) => logRows(gas).map((r) => [r[1], r[2], r[3]]);

describe("the spreadsheet's purchase record", () => {
  it("a second run over the same rows buys nothing the first bought", async () => {
    const world = await jobsWorld({ orgs: 3_000 });
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 3_000).map((d) => [d])]);
    const request = { sheetName: "Sheet1", inputRange: "A1:A3001", fields: FIELDS };
    const first = run(gas, "startEnrichment", request);
    expect(settle(world, first.jobId)).toMatchObject({ state: "done", rowsDone: 3_000 });
    // The person enriches the same rows again into new columns (the first run's columns are B:E).
    const second = run(gas, "startEnrichment", request);
    expect(settle(world, second.jobId)).toMatchObject({ state: "done", rowsDone: 3_000, creditsSpent: 0 });
    expect(ledgerTotal(emulator)).toBe(3_000 * UNIT);
    expect(logFacts(gas)).toEqual([
      { action: "Enrich Sheet1!A2:A3001", kind: "charged", credits: 9_000 },
      { action: "Enrich Sheet1!A2:A3001", kind: "charged", credits: 0 },
    ]);
    // Written from the record: the second run's columns hold what the first run's do.
    expect(gas.sheet("Sheet1").values("F2:H3001")).toEqual(gas.sheet("Sheet1").values("B2:D3001"));
    expect(gas.sheet(RECORD_SHEET)).toMatchObject({ hidden: true });
  }, 120_000);

  it("the sheet renamed mid-run, then Enrich again on it: 27,000 credits, not 36,000", async () => {
    const key = "small-account-key-0038";
    const world = await jobsWorld({ orgs: 9_000, apiKey: key });
    const { gas, emulator } = world;
    // Room for three chunks of 1,000 organizations: the run stops out of credits after 3,000 rows.
    addAccount(emulator, key, 3_000 * UNIT + 100);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 9_000).map((d) => [d])]);
    const first = run(gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A1:A9001",
      fields: FIELDS,
    });
    expect(settle(world, first.jobId)).toMatchObject({ state: "out_of_credits", rowsDone: 3_000 });
    const paidBefore = ledgerTotal(emulator, key);
    expect(paidBefore).toBe(3_000 * UNIT);
    // The person tops the account up (a new ledger), renames the tab, and enriches the renamed sheet afresh.
    addAccount(emulator, key, 1_000_000);
    gas.renameSheet("Sheet1", "Leads");
    const second = run(gas, "startEnrichment", {
      sheetName: "Leads",
      inputRange: "A1:A9001",
      fields: FIELDS,
    });
    expect(settle(world, second.jobId)).toMatchObject({ state: "done", rowsDone: 9_000 });
    // Each of the 9,000 organizations bought once: the price list's minimum, 27,000 (it was 36,000).
    expect(paidBefore + ledgerTotal(emulator, key)).toBe(9_000 * UNIT);
    expect(logged(gas)).toEqual([
      ["Enrich Sheet1!A2:A9001", 3_000, 3_000 * UNIT],
      ["Enrich Leads!A2:A9001", 9_000, 6_000 * UNIT],
    ]);
    const org = emulator.dataset.orgs[10]!;
    expect(gas.sheet("Leads").values("F12:G12")).toEqual([[org.name, org.employeeCount]]);
  }, 120_000);
});
