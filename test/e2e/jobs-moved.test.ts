// Jobs saved by the add-on before the job store moved to a hidden sheet (in document properties, out of a
// documentless trigger's reach) are moved there when the sidebar next runs, and finish as before.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { domains, FIELDS, jobsWorld, ledgerTotal, loggedCredits, run, UNIT } from "./bulk-world.ts";

describe("a job saved in document properties by an earlier version", () => {
  it("is moved to the hidden sheet, runs to its end, and leaves the properties", async () => {
    const { gas, emulator } = await jobsWorld({ mode: "addon", scriptProperties: { DEPLOYMENT: "addon" } });
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 10).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS });
    // Where the earlier version kept it: "job:<id>" in document properties, "=" + JSON.
    const sheet = gas.sheet("Enrichment jobs");
    const rows = sheet.values();
    const index = rows.findIndex(([key]) => key === `job:${job.jobId}`);
    const record = String(rows[index]![1]).slice(1);
    sheet.set(`A${index + 1}`, [["", "", ""]]);
    gas.properties.document().put({ [`job:${job.jobId}`]: record });
    gas.caches.document().remove("jobs-moved-from-properties");
    expect(run<JobStatus[]>(gas, "listJobs").map((s) => s.jobId)).toEqual([job.jobId]);
    expect(Object.keys(gas.properties.document().snapshot()).filter((k) => k.startsWith("job:"))).toEqual([]);

    gas.clock.advance("1h");
    expect(run(gas, "getJobStatus", job.jobId)).toMatchObject({ state: "done", creditsSpent: 10 * UNIT });
    expect(ledgerTotal(emulator)).toBe(10 * UNIT);
    expect(loggedCredits(gas)).toBe(10 * UNIT);
  });
});
