// Whose spreadsheet a job or rule belongs to: copies stop what they carry and forget the original's spend.
import { describe, expect, it } from "vitest";
import { readInputColumn } from "../../../src/core/bulk/plan.ts";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { createBulkState } from "../../../src/core/bulk/state.ts";
import { createBriefsState } from "../../../src/core/jobs/briefs.ts";
import { logEntry } from "../../../src/core/jobs/enrichment-log.ts";
import {
  adoptJob,
  adoptRule,
  atHome,
  copiedFrom,
  homeless,
  stopCopiedJob,
} from "../../../src/core/jobs/home.ts";
import { type BriefsJob, type BulkJob, newJobCommon } from "../../../src/core/jobs/job.ts";
import { PERIOD_MS, type RefreshRule } from "../../../src/core/jobs/refresh-rules.ts";

const NOW = Date.UTC(2026, 2, 10, 9);
const ORIGINAL = { id: "sheet-1", name: "Leads" };
const COPY = { id: "sheet-2", name: "Copy of Leads" };

function bulkJob(): BulkJob {
  const request = validateEnrichmentRequest({
    sheetName: "Leads",
    inputRange: "A1:A5",
    fields: [{ kind: "attribute", name: "industry" }],
  });
  const column = readInputColumn(["Domain", "a.com", "b.com", "c.com", "d.com"], 1, "auto", false);
  const bulk = createBulkState(request, column, { lastColumn: 1 });
  return {
    ...newJobCommon("j1", "Enrich Leads!A2:A5", NOW, "Running."),
    ownerId: "ann",
    home: ORIGINAL,
    kind: "bulk",
    bulk,
  };
}

describe("a job's home", () => {
  it("is where it runs; a record with no home (an earlier version's) belongs where it is", () => {
    const job = bulkJob();
    expect(atHome(job, ORIGINAL.id)).toBe(true);
    expect(atHome(job, COPY.id)).toBe(false);
    expect(copiedFrom(job, COPY.id)).toBe("Leads");
    expect(copiedFrom(job, ORIGINAL.id)).toBeNull();
    delete job.home;
    expect(homeless(job)).toBe(true);
    expect(atHome(job, COPY.id)).toBe(true);
    expect(copiedFrom(job, COPY.id)).toBeNull();
  });

  it("stops a running bulk job found in a copy, forgetting the original's credits, answers out and logged rows", () => {
    const job = bulkJob();
    job.state = "running";
    job.lease = { owner: "exec", until: NOW + 60_000 };
    job.stopRequested = true;
    job.stoppedBy = "collaborator";
    job.bulk.rowsDone = 2;
    job.bulk.creditsSpent = 9_000;
    job.bulk.creditsRemaining = 10;
    job.bulk.possiblyCharged = 3_000;
    job.bulk.inFlight = [1];
    job.bulk.heldPossibly = 3_000;
    job.loggedCredits = 6_000;
    job.loggedRows = 1;
    job.loggedPossibly = 3_000;
    stopCopiedJob(job, "Leads", 4);
    expect(job).toMatchObject({
      state: "stopped",
      lease: null,
      stopRequested: false,
      loggedCredits: 0,
      loggedPossibly: 0,
      loggedRows: 2,
    });
    expect(job.stoppedBy).toBeUndefined();
    expect(job.bulk.heldPossibly).toBeUndefined();
    expect(job.bulk).toMatchObject({
      creditsSpent: 0,
      creditsRemaining: null,
      possiblyCharged: 0,
      inFlight: [],
      journalWaves: 4,
      rowsDone: 2,
    });
    expect(job.message).toBe(
      'Copied from "Leads": resume here? It does not run in this copy until someone resumes it. Going on here costs up to 8 credits (up to 4 rows × 2 credits), on the key of whoever resumes it.',
    );
    // Resting with nothing spent here, its first log row in the copy counts only the copy's work.
    expect(logEntry(job, new Date(NOW))?.rows.map((row) => row.slice(1, 4))).toEqual([
      ["Enrich Leads!A2:A5", 0, 0],
    ]);
    adoptJob(job, COPY, "bob");
    expect(job).toMatchObject({ home: COPY, ownerId: "bob" });
  });

  it("keeps a finished job finished, and clears a brief asked for by the original", () => {
    const done = bulkJob();
    done.state = "done";
    stopCopiedJob(done, "Leads", null);
    expect(done.state).toBe("done");
    expect(done.message).toBe('Copied from "Leads", where it finished.');
    const briefs: BriefsJob = {
      ...newJobCommon("b1", "Briefs", NOW, "Waiting."),
      state: "waiting",
      kind: "briefs",
      briefs: createBriefsState([7, 8], NOW),
    };
    briefs.briefs.items[0]!.asking = true;
    briefs.briefs.creditsSpent = 50;
    stopCopiedJob(briefs, "Leads", null);
    expect(briefs.state).toBe("stopped");
    expect(briefs.briefs.items.map((item) => item.asking)).toEqual([undefined, undefined]);
    expect(briefs.briefs.creditsSpent).toBe(0);
    expect(briefs.message).toMatch(
      /^Copied from "Leads": resume here\? .* Going on here costs up to 100 credits/,
    );
  });

  it("adopts a copied rule with its resumer as owner, its last run forgotten, next due on its schedule", () => {
    const rule = {
      id: "r1",
      request: bulkJob().bulk.request,
      frequency: "hourly",
      createdAt: 0,
      nextRunAt: NOW - 90 * 60_000,
      outputColumn: 2,
      lastRunAt: NOW - 150 * 60_000,
      lastCredits: 30,
      lastResult: "Done.",
      jobId: "j1",
      ownerId: "ann",
      home: ORIGINAL,
      lastRun: { at: "x" },
    } as unknown as RefreshRule;
    adoptRule(rule, COPY, "bob", NOW);
    expect(rule).toMatchObject({ home: COPY, ownerId: "bob", lastCredits: null, lastResult: null });
    expect(rule.lastRun).toBeUndefined();
    expect(rule.nextRunAt).toBe(NOW - 90 * 60_000 + 2 * PERIOD_MS.hourly);
  });
});
