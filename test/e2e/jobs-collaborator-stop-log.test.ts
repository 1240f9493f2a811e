// A collaborator's Stop writes the job at rest and its log row in one holding of the jobs lock, the row
// noted on the job first: killed between the two, the next execution that reads the jobs appends it, once.
import { describe, expect, it } from "vitest";
import { ScriptError } from "../../harness/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { domains, FIELDS, logRows, run } from "./bulk-world.ts";
import { ANN, BOB, sharedSpreadsheet } from "./owners-world.ts";

describe("a collaborator's Stop and its log row", () => {
  it("killed after the stopped job is written and before its row goes in, the next poll logs it once", async () => {
    const { gas, emulator } = await sharedSpreadsheet({ orgs: 200 });
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 50).map((d) => [d])]);
    gas.setUser(ANN.email);
    const job = run<JobStatus>(gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A2:A51",
      fields: FIELDS,
    });

    // Bob's Stop dies at the log's creation: the stopped job is written by then, in the same holding.
    gas.setUser(BOB.email);
    gas.killAt("Spreadsheet.insertSheet");
    const from = gas.executions.length;
    try {
      run(gas, "stopJob", job.jobId);
    } catch (error) {
      if (!(error instanceof ScriptError)) throw error;
    }
    expect(gas.executions.slice(from).map((e) => e.status)).toEqual(["failed"]);

    gas.setUser(ANN.email);
    const stopped = run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === job.jobId)!;
    expect(stopped.state).toBe("stopped");
    run(gas, "pollJobs");
    expect(logRows(gas).map((row) => [String(row[1]), Number(row[3]), String(row[5])])).toEqual([
      [
        "Enrich Sheet1!A2:A51",
        0,
        `${stopped.message} Stop pressed by a collaborator, not the person who started it.`,
      ],
    ]);
  }, 120_000);
});
