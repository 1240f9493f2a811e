// Issue 27: an organization is bought once per run, whatever chunk, wave, pause or resume its repeats fall in.
import { describe, expect, it } from "vitest";
import { RECORD_SHEET } from "../../src/core/bulk/purchase-record.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import {
  addAccount,
  domains,
  FIELDS,
  jobsWorld,
  ledger,
  ledgerTotal,
  logRows,
  run,
  UNIT,
} from "./bulk-world.ts";

const request = (inputRange: string) => ({ sheetName: "Sheet1", inputRange, fields: FIELDS });

/** The log's rows as [action, rows, credits used]: kind and amount, nothing else. */
const logged = (gas: Parameters<typeof logRows>[0]) => logRows(gas).map((r) => [r[1], r[2], r[3]]);

describe("repeated organizations in one run", () => {
  it("buys each of 5,000 organizations once over 10,000 rows, repeats in later chunks of the same wave included (case 1)", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 5_000 });
    const list = domains(emulator, 5_000);
    // A CRM export: every company twice, the second time far below the first.
    gas.sheet("Sheet1").set("A1", [["Domain"], ...[...list, ...list].map((d) => [d])]);

    const estimate = run<{ credits: number; unique: number }>(
      gas,
      "estimateEnrichment",
      request("A1:A10001"),
    );
    expect(estimate).toMatchObject({ unique: 5_000, credits: 5_000 * UNIT });

    const job = run(gas, "startEnrichment", request("A1:A10001"));
    const [done] = run<JobStatus[]>(gas, "pollJobs");
    expect(done).toMatchObject({ jobId: job.jobId, state: "done", rowsDone: 10_000 });
    expect(done!.message).toBe(
      "Done: 10,000 rows, 5,000 organizations matched and 0 not found, for 15,000 credits.",
    );
    // The estimate said "up to": the ledger holds exactly it, each organization once.
    expect(ledgerTotal(emulator)).toBe(estimate.credits);
    const sent = ledger(emulator).reduce((n, entry) => n + entry.credits / UNIT, 0);
    expect(sent).toBe(5_000);
    expect(logged(gas)).toEqual([["Enrich Sheet1!A2:A10001", 10_000, 15_000]]);
    // Every repeat got its values all the same.
    const org = emulator.dataset.orgs[4_321]!;
    expect(gas.sheet("Sheet1").values("B4323:C4323")).toEqual([[org.name, org.employeeCount]]);
    expect(gas.sheet("Sheet1").values("B9323:C9323")).toEqual([[org.name, org.employeeCount]]);
  }, 120_000);
});

describe("a run resumed long after it stopped", () => {
  for (const pause of ["1h", "7h", "25h"] as const) {
    it(`does not buy again the repeats of chunks it already paid for, resumed ${pause} later (case 2)`, async () => {
      const key = "small-account-key-0002";
      const world = await jobsWorld({ orgs: 3_000, apiKey: key });
      const { gas, emulator, clock } = world;
      // Room for two chunks of 1,000: the third (500 new, 500 repeats of the first) is refused.
      addAccount(emulator, key, 2 * 1_000 * UNIT + 100);
      const list = domains(emulator, 2_500);
      const rows = [...list.slice(0, 2_000), ...list.slice(2_000, 2_500), ...list.slice(0, 500)];
      gas.sheet("Sheet1").set("A1", [["Domain"], ...rows.map((d) => [d])]);

      const job = run(gas, "startEnrichment", request("A1:A3001"));
      const [stopped] = run<JobStatus[]>(gas, "pollJobs");
      expect(stopped).toMatchObject({ state: "out_of_credits", rowsDone: 2_000 });
      const paidBefore = ledgerTotal(emulator, key);
      expect(paidBefore).toBe(2_000 * UNIT);

      // What the run bought is in the spreadsheet's hidden purchase record, which no expiry touches.
      expect(gas.sheet(RECORD_SHEET).hidden).toBe(true);
      clock.advance(pause);
      addAccount(emulator, key, 1_000_000);
      run(gas, "resumeJob", job.jobId);
      const [finished] = run<JobStatus[]>(gas, "pollJobs");
      expect(finished).toMatchObject({ state: "done", rowsDone: 3_000 });
      // Only the 500 organizations never bought are bought: 2,500 in all, the price list's minimum.
      expect(ledgerTotal(emulator, key)).toBe(500 * UNIT);
      expect(finished!.creditsSpent).toBe(2_500 * UNIT);
      expect(logged(gas)).toEqual([
        ["Enrich Sheet1!A2:A3001", 2_000, 2_000 * UNIT],
        ["Enrich Sheet1!A2:A3001", 1_000, 500 * UNIT],
      ]);
      // Done: the record stays, for every later run of the spreadsheet (one row a paid wave).
      expect(
        gas
          .sheet(RECORD_SHEET)
          .values()
          .filter((row) => row[0] === ">#w"),
      ).toHaveLength(3);
      // The repeats of the first chunk, written from what the run had bought.
      const org = emulator.dataset.orgs[499]!;
      expect(gas.sheet("Sheet1").values("B3001:C3001")).toEqual([[org.name, org.employeeCount]]);
    }, 60_000);
  }
});
