// A step's end releases its job, noting its log row on it, and appends the row in one holding of the jobs
// lock: killed between the two, the next execution that reads the jobs appends the row, once.
import { describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { ScriptError } from "../../harness/index.ts";
import { LOG_HEADER } from "../../src/core/jobs/enrichment-log.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";
import { logFacts } from "./log-rows.ts";

const PROPERTIES = { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY, DEPLOYMENT: "addon" };

describe("a job's release and its log row", () => {
  it("killed after the release is written and before the row goes in, the next poll logs the run once", async () => {
    // The log is there already (an earlier run's): its append reads the last row, which a new log's does not.
    const w = await addonWorld({
      emulator: { orgs: 1_500 },
      scriptProperties: PROPERTIES,
      harness: { sheets: [{ name: "Sheet1" }, { name: "Enrichment log", values: [LOG_HEADER] }] },
    });
    const domains = w.state.dataset.orgs.map((o) => o.domain);
    w.gas.sheet("Sheet1").set("A1", [["Domain"], ...domains.map((d) => [d])]);
    const job = w.gas.run("startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A:A",
      fields: [{ kind: "attribute", name: "name" }],
    }) as JobStatus;
    // The append's read of the log's last row: the release is written by then, in the same holding.
    w.gas.killAt("Sheet.getLastRow");
    const from = w.gas.executions.length;
    try {
      w.gas.run("pollJobs");
    } catch (error) {
      if (!(error instanceof ScriptError)) throw error;
    }
    expect(w.gas.executions.slice(from).map((e) => e.status)).toEqual(["failed"]);
    const charged = w.charged();
    expect(charged).toBe(1_500);
    for (let i = 0; i < 3; i++) w.gas.clock.advance("10m");
    const statuses = w.gas.run("pollJobs") as JobStatus[];
    expect(statuses.find((s) => s.jobId === job.jobId)?.state).toBe("done");
    w.gas.run("pollJobs");
    // The row the killed execution noted on the job is appended by the next poll, and by no later one.
    expect(logFacts(w.gas)).toEqual([{ action: "Enrich Sheet1!A2:A1501", kind: "charged", credits: 1_500 }]);
    expect(w.charged()).toBe(charged);
  }, 120_000);
});
