// The Enrich tab's two calls over fake ports: the estimate's footer (open-ended or not, with the lost rows
// a run buys again) and the refusal of a range without identifiers, which queues nothing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { purchaseRecord, RECORD_SHEET } from "../../../src/core/bulk/purchase-record.ts";
import { RECORD_GONE_WORDS } from "../../../src/core/bulk/record-gone.ts";
import { LOG_SHEET } from "../../../src/core/jobs/enrichment-log.ts";
import type { BulkJob, Job } from "../../../src/core/jobs/job.ts";
import { FakeClock, FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

let workbook = new FakeWorkbook();
const jobs: Job[] = [];
const clock = new FakeClock();
const triggers: string[] = [];

vi.mock("../../../src/platform/spreadsheet", () => ({ activeWorkbook: () => workbook }));
vi.mock("../../../src/server/runtime", () => ({
  formulaSettings: () => ({ cacheLifetimeSeconds: 3_600 }),
  lastCredits: () => ({ creditsRemaining: 900 }),
  makeClient: () => ({}),
}));
vi.mock("../../../src/server/jobs/trigger-sync", () => ({ syncTrigger: () => triggers.push("sync") }));
vi.mock("../../../src/server/jobs/services", () => ({
  jobServices: () => ({
    clock,
    workbook,
    newId: () => `job-${jobs.length + 1}`,
    ownerId: () => "owner",
    queue: {
      list: () => jobs,
      addWith: (make: (all: Job[]) => Job) => {
        const job = make(jobs);
        jobs.push(job);
        return job;
      },
    },
  }),
}));

const { estimateEnrichment, startEnrichment } = await import("../../../src/server/jobs/start-enrichment.ts");

const fields = [{ kind: "attribute", name: "industry" }];

beforeEach(() => {
  jobs.length = 0;
  triggers.length = 0;
  workbook = new FakeWorkbook(
    FakeSheet.withColumn("Leads", ["Website", "acme.com", "globex.com", "acme.com"]),
  );
});

describe("estimateEnrichment", () => {
  it("a closed range: its price alone, the balance as last known", () => {
    const estimate = estimateEnrichment({ sheetName: "Leads", inputRange: "A2:A4", fields });
    expect([estimate.rows, estimate.unique, estimate.organizations, estimate.credits]).toEqual([3, 2, 2, 4]);
    expect(estimate.creditsRemaining).toBe(900);
    expect(estimate.message).toBe("Up to 4 credits · 2 organizations × 2 (1 base + 1 for fields)");
  });

  it("an open-ended range is priced as it is now, and says rows added later cost when they come", () => {
    const estimate = estimateEnrichment({ sheetName: "Leads", inputRange: "A2:A", fields });
    expect(estimate.message).toBe(
      "Up to 4 credits now · 2 organizations × 2 (1 base + 1 for fields); rows added later are bought when the refresh runs",
    );
  });
});

const PRICE = "Up to 4 credits · 2 organizations × 2 (1 base + 1 for fields)";
const request = { sheetName: "Leads", inputRange: "A2:A4", fields };

/** A finished run on `sheet` whose chunks `lost` lost their answer (none: a run from before `lost`). */
function ranBefore(sheet: string, lost?: number[]): BulkJob {
  startEnrichment({ ...request, sheetName: sheet });
  const job = jobs[jobs.length - 1] as BulkJob;
  job.state = "done";
  if (lost) job.bulk.lost = lost;
  return job;
}

/** The estimate's message and how many times it read the Leads sheet's values. */
function estimateReads(): [string, number] {
  const sheet = workbook.sheet("Leads") as FakeSheet;
  const read = vi.spyOn(sheet, "readValues");
  const { message } = estimateEnrichment(request);
  const reads = read.mock.calls.length;
  read.mockRestore();
  return [message, reads];
}

describe("the estimate's warnings", () => {
  it("reads the rows again only when a run lost an answer", () => {
    const [plain, reads] = estimateReads();
    expect(plain).toBe(PRICE);
    ranBefore("Leads");
    ranBefore("Leads", []);
    expect(estimateReads()).toEqual([PRICE, reads]);
    ranBefore("Leads", [0]);
    const [again, more] = estimateReads();
    expect(again).toBe(`${PRICE} · 3 rows whose last answer was lost may be charged again`);
    expect(more).toBeGreaterThan(reads);
  });

  it("names rows whose organization a run on another sheet lost the answer of, read on that sheet", () => {
    const other = FakeSheet.withColumn("Other", ["Website", "initech.com", "globex.com", "initech.com"]);
    workbook.sheets.push(other);
    const read = vi.spyOn(other, "readValues");
    ranBefore("Other", [0]);
    expect(estimateReads()[0]).toBe(`${PRICE} · 1 row whose last answer was lost may be charged again`);
    expect(read).toHaveBeenCalled();
    // A run on a sheet deleted since names nothing, and fails nothing.
    workbook.sheets.splice(workbook.sheets.indexOf(other), 1);
    expect(estimateReads()[0]).toBe(PRICE);
  });

  it("leaves out organizations the purchase record holds since", () => {
    ranBefore("Leads", [0]);
    purchaseRecord(workbook, { jobId: "later", now: () => clock.now(), create: (make) => make() }).put(
      [{ entityKey: "url:globex.com", matched: true, values: { industry: "Software" } }],
      2,
    );
    expect(estimateEnrichment(request).message).toBe(
      `${PRICE} · 2 rows whose last answer was lost may be charged again`,
    );
  });

  it("says a deleted purchase record may buy again once the log shows a charge", () => {
    const log = FakeSheet.withColumn(LOG_SHEET, ["Time"]);
    workbook.sheets.push(log);
    expect(estimateEnrichment(request).message).toBe(PRICE);
    log.appendRow(["t", "Enrich Leads!A2:A4", 2, 4, 96, "Done"]);
    expect(estimateEnrichment(request).message).toBe(`${PRICE} · ${RECORD_GONE_WORDS}`);
    workbook.sheets.push(new FakeSheet(RECORD_SHEET));
    expect(estimateEnrichment(request).message).toBe(PRICE);
  });

  it("says so of a record made again since a run bought into the one deleted, inside the window", () => {
    workbook.sheets.push(new FakeSheet(RECORD_SHEET));
    const first = workbook.sheetId(RECORD_SHEET) as number;
    const run = ranBefore("Leads");
    run.bulk.creditsSpent = 4;
    run.bulk.recordSheetId = first;
    run.updatedAt = clock.now();
    expect(estimateEnrichment(request).message).toBe(PRICE);
    workbook.sheets.splice(
      workbook.sheets.findIndex((sheet) => sheet.name === RECORD_SHEET),
      1,
    );
    workbook.sheets.push(new FakeSheet(RECORD_SHEET));
    expect(workbook.sheetId(RECORD_SHEET)).not.toBe(first);
    expect(estimateEnrichment(request).message).toBe(`${PRICE} · ${RECORD_GONE_WORDS}`);
    // Bought before the window (an hour here): nothing of it would be used anyway.
    run.updatedAt = clock.now() - 3_600_001;
    expect(estimateEnrichment(request).message).toBe(PRICE);
    run.updatedAt = clock.now() - 3_600_000;
    expect(estimateEnrichment(request).message).toBe(`${PRICE} · ${RECORD_GONE_WORDS}`);
  });
});

describe("startEnrichment", () => {
  it("queues the run and syncs the trigger", () => {
    const status = startEnrichment({ sheetName: "Leads", inputRange: "A2:A4", fields });
    expect([status.jobId, status.title, status.state]).toEqual(["job-1", "Enrich Leads!A2:A4", "queued"]);
    expect(jobs.length).toBe(1);
    expect(triggers).toEqual(["sync"]);
  });

  it("refuses a range with no identifiers: nothing queued, no trigger", () => {
    workbook = new FakeWorkbook(FakeSheet.withColumn("Leads", ["Website", "", ""]));
    expect(() => startEnrichment({ sheetName: "Leads", inputRange: "A2:A3", fields })).toThrow(
      "A2:A3 has no organization identifiers to enrich.",
    );
    expect(jobs).toEqual([]);
    expect(triggers).toEqual([]);
  });
});
