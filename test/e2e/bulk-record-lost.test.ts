// Issue 38 case 7 (bulk runs): the purchase record deleted, renamed, sorted or typed over between a pause
// and Resume. The run notices, says so, and takes what it bought from the rows it wrote: 7,500 credits,
// the price list's minimum, where a lost journal made it 9,000.
import { describe, expect, it } from "vitest";
import type { Harness } from "../../harness/index.ts";
import { addonSheet, RECORD_SHEET } from "../../src/core/addon-sheets/registry.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { addAccount, domains, FIELDS, jobsWorld, ledgerTotal, logRows, run, UNIT } from "./bulk-world.ts";

const CHANGES: Record<string, (gas: Harness) => void> = {
  deleted: (gas) => gas.deleteSheet(RECORD_SHEET),
  renamed: (gas) => gas.renameSheet(RECORD_SHEET, "Old purchases"),
  "typed over": (gas) => gas.sheet(RECORD_SHEET).set("B1", "oops"),
  sorted: (gas) => gas.sheet(RECORD_SHEET).sort("B", { ascending: false }),
};

const LOST =
  ' The hidden sheet "Enrichment purchases" no longer holds what this run bought (deleted, renamed or edited): 500 organizations it had bought were taken from the rows it wrote, not bought again.';

describe("a bulk run whose purchase record is lost between a pause and Resume", () => {
  for (const [change, stage] of Object.entries(CHANGES)) {
    it(`record ${change}: buys only the 500 organizations never bought, and says what happened`, async () => {
      const key = "small-account-key-0007";
      const world = await jobsWorld({ orgs: 3_000, apiKey: key });
      const { gas, emulator } = world;
      // Room for two chunks of 1,000: the third (500 new, 500 repeats of the first) is refused.
      addAccount(emulator, key, 2 * 1_000 * UNIT + 100);
      const list = domains(emulator, 2_500);
      const rows = [...list.slice(0, 2_000), ...list.slice(2_000, 2_500), ...list.slice(0, 500)];
      gas.sheet("Sheet1").set("A1", [["Domain"], ...rows.map((d) => [d])]);
      const job = run(gas, "startEnrichment", {
        sheetName: "Sheet1",
        inputRange: "A1:A3001",
        fields: FIELDS,
      });
      const [paused] = run<JobStatus[]>(gas, "pollJobs");
      expect(paused).toMatchObject({ state: "out_of_credits", rowsDone: 2_000 });
      expect(ledgerTotal(emulator, key)).toBe(2_000 * UNIT);
      // The record is hidden and warns whoever edits it; a person unhides it and changes it all the same.
      expect(gas.sheet(RECORD_SHEET).protection).toEqual({
        warningOnly: true,
        description: addonSheet(RECORD_SHEET)?.purpose,
      });
      stage(gas);
      addAccount(emulator, key, 1_000_000);
      run(gas, "resumeJob", job.jobId);
      const [finished] = run<JobStatus[]>(gas, "pollJobs");
      expect(finished).toMatchObject({ state: "done", rowsDone: 3_000, creditsSpent: 2_500 * UNIT });
      // Only the 500 organizations never bought: 7,500 in all (it was 9,000).
      expect(ledgerTotal(emulator, key)).toBe(500 * UNIT);
      expect(logRows(gas).map((r) => [r[1], r[2], r[3]])).toEqual([
        ["Enrich Sheet1!A2:A3001", 2_000, 2_000 * UNIT],
        ["Enrich Sheet1!A2:A3001", 1_000, 500 * UNIT],
      ]);
      const done = "Done: 3,000 rows, 2,500 organizations matched and 0 not found, for 7,500 credits.";
      // A sorted record loses nothing: a wave is a row, whatever its place.
      expect(finished!.message).toBe(change === "sorted" ? done : done + LOST);
      // The repeats of the first chunk, written from the rows the run wrote.
      const org = emulator.dataset.orgs[499]!;
      expect(gas.sheet("Sheet1").values("B3001:D3001")).toEqual(gas.sheet("Sheet1").values("B501:D501"));
      expect(gas.sheet("Sheet1").values("B3001:C3001")).toEqual([[org.name, org.employeeCount]]);
    }, 60_000);
  }
});
