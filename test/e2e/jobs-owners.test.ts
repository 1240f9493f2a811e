// Whose credits: a job runs only in the executions of the person who started it, with their key, even
// when a collaborator's sidebar or trigger dispatches jobs in the same spreadsheet.
import { describe, expect, it } from "vitest";
import { type JobStatus, OTHERS_JOB_MESSAGE } from "../../src/core/jobs/status.ts";
import { domains, FIELDS, ledgerTotal, run, UNIT } from "./bulk-world.ts";
import { ANN, BOB, sharedSpreadsheet } from "./owners-world.ts";

describe("jobs in a shared spreadsheet", () => {
  it("are run and paid only by the person who started them", async () => {
    const world = await sharedSpreadsheet({ orgs: 2_000 });
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 1_500).map((d) => [d])]);
    gas.setUser(ANN.email);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A1501", fields: FIELDS });

    // Bob's sidebar polls the same spreadsheet: it sees Ann's job but never runs it.
    gas.setUser(BOB.email);
    const seen = run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === job.jobId)!;
    expect(seen.state).toBe("queued");
    expect(seen.message).toBe(OTHERS_JOB_MESSAGE);
    expect(ledgerTotal(emulator, BOB.key)).toBe(0);

    // Ann's own poll runs it, on her key.
    gas.setUser(ANN.email);
    const done = run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === job.jobId)!;
    expect(done).toMatchObject({ state: "done", rowsDone: 1_500, creditsSpent: 1_500 * UNIT });
    expect(ledgerTotal(emulator, ANN.key)).toBe(1_500 * UNIT);
    expect(ledgerTotal(emulator, BOB.key)).toBe(0);
  });
});
