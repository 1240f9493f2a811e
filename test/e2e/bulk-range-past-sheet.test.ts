// Issue 27, case 11: a range reaching past the sheet's rows is refused before any estimate or spend.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { domains, FIELDS, failure, jobsWorld, ledger, run } from "./bulk-world.ts";

const request = (inputRange: string) => ({ sheetName: "Sheet1", inputRange, fields: FIELDS });

describe("a range far past the sheet's last row", () => {
  it("is refused before any estimate, in a short sentence (case 11)", async () => {
    const { gas, emulator } = await jobsWorld();
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 10).map((d) => [d]),
    );
    const rows = gas.sheet("Sheet1").maxRows;
    const message = `"Sheet1" has ${rows.toLocaleString("en-US")} rows; A1:A10000000 reaches row 10,000,000. Select rows inside the sheet, for example A1:A${rows}.`;
    expect(failure(gas, "estimateEnrichment", request("A1:A10000000"))).toBe(message);
    expect(failure(gas, "startEnrichment", request("A1:A10000000"))).toBe(message);
    expect(run<JobStatus[]>(gas, "pollJobs")).toEqual([]);
    expect(ledger(emulator)).toEqual([]);
    // The sheet's own last row is fine.
    expect(run<{ rows: number }>(gas, "estimateEnrichment", request(`A1:A${rows}`)).rows).toBe(rows);
  });
});
