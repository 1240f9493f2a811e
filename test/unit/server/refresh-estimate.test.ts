// A refresh rule's price over fake ports: every row before a first run, none new right after a finished
// run, and after a saved rule's run only the rows added since, less those its own cells already answer.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { rowPrints } from "../../../src/core/changes/row-prints.ts";
import type { Job } from "../../../src/core/jobs/job.ts";
import { PRINTS_PREFIX } from "../../../src/core/jobs/refresh-rules.ts";
import { planRun } from "../../../src/server/bulk/plan-run.ts";
import { rowsNow } from "../../../src/server/jobs/refresh-changes.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

let workbook = new FakeWorkbook();
const jobs = new Map<string, Job>();
const rules = new Map<string, unknown>();
const prints = new Map<string, string>();

vi.mock("../../../src/server/jobs/services", () => ({
  jobServices: () => ({
    workbook,
    queue: { get: (id: string) => jobs.get(id) ?? null },
    rules: { get: (id: string) => rules.get(id) ?? null },
    prints: { read: (key: string) => prints.get(key) ?? null },
  }),
}));

const { estimateRefreshRule } = await import("../../../src/server/jobs/refresh-estimate.ts");

const fields = [{ kind: "attribute", name: "industry" }];
const input = { sheetName: "Leads", inputRange: "A2:A", fields };
/** 1 base + 1 for industry. */
const UNIT = 2;
const cost = (organizations: number) => ({
  organizations,
  perRun: organizations * UNIT,
  perDay: organizations * UNIT,
});

/** Leads with its last run's values in B (labelled Industry) beside three rows, two organizations. */
function enriched(): FakeSheet {
  const sheet = new FakeSheet("Leads");
  sheet.writeValues(1, 1, [
    ["Website", "Industry"],
    ["acme.com", "Software"],
    ["globex.com", "Energy"],
    ["acme.com", "Software"],
  ]);
  return sheet;
}

beforeEach(() => {
  jobs.clear();
  rules.clear();
  prints.clear();
  workbook = new FakeWorkbook(enriched());
});

describe("estimateRefreshRule", () => {
  it("before a first run every row is new", () => {
    expect(estimateRefreshRule({ request: input, frequency: "daily" })).toEqual({
      unitCost: UNIT,
      runsPerDay: 1,
      everyRow: cost(2),
      newRowsOnly: cost(2),
    });
  });

  it("right after a finished run none is; a run not finished leaves every row new", () => {
    const request = validateEnrichmentRequest(input);
    const bulk = { request, outputColumn: 2 };
    jobs.set("done", { id: "done", kind: "bulk", state: "done", bulk } as unknown as Job);
    jobs.set("stopped", { id: "stopped", kind: "bulk", state: "stopped", bulk } as unknown as Job);
    const done = estimateRefreshRule({ jobId: "done", frequency: "hourly" });
    expect(done.runsPerDay).toBe(24);
    expect(done.everyRow).toEqual({ organizations: 2, perRun: 4, perDay: 96 });
    expect(done.newRowsOnly).toEqual({ organizations: 0, perRun: 0, perDay: 0 });
    expect(estimateRefreshRule({ jobId: "stopped", frequency: "daily" }).newRowsOnly).toEqual(cost(2));
  });

  it("a saved rule: rows added since its run, less those whose organization its cells already answer", () => {
    const request = validateEnrichmentRequest(input);
    const { state, sheet } = planRun(request, workbook, { outputColumn: 2 });
    const now = rowsNow(sheet, state);
    prints.set(`${PRINTS_PREFIX}rule-1`, rowPrints(now.reads, now.outputs));
    rules.set("rule-1", { id: "rule-1", request, frequency: "daily", outputColumn: 2 });
    expect(estimateRefreshRule({ ruleId: "rule-1" }).newRowsOnly).toEqual(cost(0));
    sheet.appendRow(["initech.com"]);
    sheet.appendRow(["globex.com"]);
    expect(estimateRefreshRule({ ruleId: " rule-1 " })).toEqual({
      unitCost: UNIT,
      runsPerDay: 1,
      everyRow: cost(3),
      newRowsOnly: cost(1),
    });
  });

  it("refuses what it cannot price in one short sentence", () => {
    jobs.set("people", { id: "people", kind: "people", state: "done" } as unknown as Job);
    const shape = "{ruleId}, or before saving {jobId, frequency} or {request, frequency}";
    expect(() => estimateRefreshRule(null)).toThrow(`Say which refresh to price: ${shape}.`);
    expect(() => estimateRefreshRule({ frequency: "daily" })).toThrow(
      `Say which refresh to price: ${shape}.`,
    );
    expect(() => estimateRefreshRule({ ruleId: "nope" })).toThrow(
      'There is no scheduled refresh "nope" in this spreadsheet.',
    );
    expect(() => estimateRefreshRule({ ruleId: "  " })).toThrow(
      'There is no scheduled refresh "  " in this spreadsheet.',
    );
    expect(() => estimateRefreshRule({ jobId: "people", frequency: "daily" })).toThrow(
      "Only a bulk enrichment can be scheduled to refresh.",
    );
  });
});
