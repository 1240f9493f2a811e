// Background work never moves the person's view: the first log row makes the "Enrichment log" sheet
// without showing it, while they keep working on their own sheet.
import { describe, expect, it } from "vitest";
import { LOG_SHEET } from "../../src/core/jobs/enrichment-log.ts";
import { domains, FIELDS, jobsWorld, run } from "./bulk-world.ts";

describe("the person's view during background work", () => {
  // Regression: Sheets shows a newly inserted sheet, so the first log row used to take the view there.
  it("stays on the sheet the person is working on when a job creates the log sheet", async () => {
    const { gas, emulator } = await jobsWorld();
    gas.sheet("Sheet1").set("A1", [["Website"], ...domains(emulator, 20).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A:A", fields: FIELDS });
    gas.select("Sheet1!C5");
    gas.clock.advance("1m");
    expect(run(gas, "getJobStatus", job.jobId).state).toBe("done");
    expect(gas.sheet(LOG_SHEET).values().length).toBeGreaterThan(1);
    expect(run<{ sheetName: string }>(gas, "describeSelection").sheetName).toBe("Sheet1");
  });
});
