// failJob: a step's unexpected error fails its job, and a bulk step's charge since its checkpoint is counted.
import { describe, expect, it } from "vitest";
import { readInputColumn } from "../../../src/core/bulk/plan.ts";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { createBulkState } from "../../../src/core/bulk/state.ts";
import { createBriefsState } from "../../../src/core/jobs/briefs.ts";
import { logEntry } from "../../../src/core/jobs/enrichment-log.ts";
import { failJob } from "../../../src/core/jobs/fail-job.ts";
import { type BriefsJob, type BulkJob, newJobCommon, type PeopleJob } from "../../../src/core/jobs/job.ts";

const NOW = Date.UTC(2026, 2, 10, 9);
const LOCK = "Lock timeout: another process was holding the lock for too long.";

function bulkJob(): BulkJob {
  const request = validateEnrichmentRequest({
    sheetName: "Leads",
    inputRange: "A1:A3",
    fields: [{ kind: "attribute", name: "industry" }],
  });
  const column = readInputColumn(["Domain", "a.com", "b.com"], 1, "auto", false);
  return {
    ...newJobCommon("j1", "Enrich Leads!A2:A3", NOW, "Running."),
    state: "running",
    kind: "bulk",
    bulk: createBulkState(request, column, { lastColumn: 1 }),
  };
}

describe("failJob", () => {
  it("fails a bulk job with the error's message, counting what its step journaled since the checkpoint", () => {
    const saved = bulkJob();
    const current = structuredClone(saved);
    Object.assign(current.bulk, { creditsSpent: 4, creditsRemaining: 96, journalWaves: 1, inFlight: [0] });
    failJob(saved, new Error(LOCK), current);
    expect(saved.state).toBe("failed");
    expect(saved.bulk).toMatchObject({
      failure: LOCK,
      creditsSpent: 4,
      creditsRemaining: 96,
      journalWaves: 1,
    });
    expect(saved.message).toBe(`${LOCK} 0 of 2 rows were done; press Resume to try the rest.`);
    // The failure's log row says what the service charged.
    expect(logEntry(saved, new Date(NOW))?.rows.map((row) => row.slice(2, 5))).toEqual([[0, 4, 96]]);
  });

  it("without the step's job in memory (dispatch's own onError), only fails it", () => {
    const saved = bulkJob();
    failJob(saved, "refused");
    expect(saved.state).toBe("failed");
    expect(saved.bulk).toMatchObject({ failure: "refused", creditsSpent: 0, creditsRemaining: null });
  });

  it("fails a people search and a briefs run with the message, the step's memory not read", () => {
    const people: PeopleJob = {
      ...newJobCommon("p", "CTOs", NOW, "Running."),
      kind: "people",
      people: {
        requestId: "req",
        attributes: ["name"],
        relatedDirections: [],
        listMode: false,
        sheetName: "People",
        polls: 1,
        estimate: 10,
        peopleWritten: 0,
        writtenTo: null,
        creditsSpent: 0,
        creditsRemaining: null,
        failure: null,
      },
    };
    failJob(people, new Error(LOCK), bulkJob());
    expect(people).toMatchObject({
      state: "failed",
      message: LOCK,
      people: { failure: LOCK, creditsSpent: 0 },
    });
    const briefs: BriefsJob = {
      ...newJobCommon("b", "Briefs", NOW, "Running."),
      kind: "briefs",
      briefs: createBriefsState([7], NOW),
    };
    failJob(briefs, new Error(LOCK));
    expect(briefs).toMatchObject({ state: "failed", message: LOCK });
  });
});
