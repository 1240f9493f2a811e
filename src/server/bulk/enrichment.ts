// Bulk enrichment server functions: the estimate before anything is spent, and starting the run.

import { PRICES } from "../../api/contract";
import { formatCount, plural } from "../../api/words/format";
import { againWords, lostKeys, rowsAgain } from "../../core/bulk/lost-again";
import { runningMessage } from "../../core/bulk/messages";
import type { BulkEstimate } from "../../core/bulk/plan";
import { purchaseRecord, RECORD_SHEET } from "../../core/bulk/purchase-record";
import { RECORD_GONE_WORDS, recordGone } from "../../core/bulk/record-gone";
import { type BulkRequest, RequestError, validateEnrichmentRequest } from "../../core/bulk/request";
import type { SheetPort, WorkbookPort } from "../../core/bulk/sheet-port";
import { type BulkState, blocksOverlap, type OutputBlock, outputBlock } from "../../core/bulk/state";
import { LOG_SHEET } from "../../core/jobs/enrichment-log";
import { type BulkJob, isActive, type Job, newJobCommon } from "../../core/jobs/job";
import { type JobStatus, toStatus } from "../../core/jobs/status";
import { type OrganizationRead, readOrganization } from "../../core/organizations/identifiers";
import { activeWorkbook } from "../../platform/spreadsheet";
import { jobServices } from "../jobs/services";
import { syncTrigger } from "../jobs/trigger-sync";
import { formulaSettings, lastCredits, makeClient } from "../runtime";
import { type PlannedRun, planRun } from "./plan-run";

export interface EnrichmentEstimate {
  sheetName: string;
  /** The data rows, header excluded ("A2:A501"). */
  inputRange: string;
  headerRow: number | null;
  rows: number;
  unique: number;
  blank: number;
  invalid: number;
  duplicates: number;
  /** Organizations that would be sent (fewer than `unique` when filled rows need nothing). */
  organizations: number;
  requests: number;
  unitCost: number;
  /** The most the run can cost: every organization matched. */
  credits: number;
  /** The balance as of the latest paid response, when known. */
  creditsRemaining: number | null;
  /** Where the values go, labels included ("D1:F501"). */
  outputRange: string;
  /** The footer line: "Up to 1,440 credits · 480 organizations × 3 (1 base + 2 for fields)". */
  message: string;
}

export function estimateEnrichment(input: unknown): EnrichmentEstimate {
  const request = validateEnrichmentRequest(input);
  // New columns go after those a running job will fill, as startEnrichment will place them.
  const services = jobServices();
  const jobs = services.queue.list();
  const workbook = activeWorkbook();
  const running = runningBlocks(jobs, request.sheetName);
  const plan = planBeside(request, workbook, running);
  const { summary, estimate } = plan;
  const again = lostAgain(jobs, plan, workbook, services.clock.now());
  const line = estimateLine(estimate, request.range.lastRow === null);
  return {
    sheetName: request.sheetName,
    inputRange: plan.dataRange,
    headerRow: plan.state.headerRow,
    rows: summary.rows,
    unique: summary.unique,
    blank: summary.blank,
    invalid: summary.invalid,
    duplicates: summary.duplicates,
    organizations: estimate.unique,
    requests: estimate.requests,
    unitCost: estimate.unitCost,
    credits: estimate.credits,
    creditsRemaining: lastCredits()?.creditsRemaining ?? null,
    outputRange: plan.outputRange,
    message: [
      line,
      ...(again > 0 ? [againWords(again)] : []),
      ...(recordLost(workbook, jobs) ? [RECORD_GONE_WORDS] : []),
    ].join(" · "),
  };
}

/** Whether the purchase record was deleted after answers were bought: the log is read only then. */
function recordLost(workbook: WorkbookPort, jobs: Job[]): boolean {
  if (workbook.sheet(RECORD_SHEET)) return false;
  return recordGone(false, workbook.sheet(LOG_SHEET)?.readAll() ?? [], jobs);
}

/** The input cells of `state`'s rows on `sheet`, read as organizations. */
function readsOf(sheet: SheetPort, state: BulkState): OrganizationRead[] {
  if (state.rowCount === 0) return [];
  return sheet
    .readValues(state.firstDataRow, state.request.range.column, state.rowCount, 1)
    .map((row) => readOrganization(row[0]));
}

/**
 * The planned run's rows whose organization an earlier run on the same sheet lost the paid answer of and
 * no record holds since: the new run sends them again, so its price says so. Reads the rows, and the
 * purchase record, only when such a run is there.
 */
function lostAgain(jobs: Job[], plan: PlannedRun, workbook: WorkbookPort, now: number): number {
  const lost = new Set<string>();
  for (const job of jobs) {
    if (job.kind !== "bulk" || (job.bulk.lost ?? []).length === 0) continue;
    if (job.bulk.request.sheetName !== plan.state.request.sheetName) continue;
    for (const key of lostKeys(job.bulk, readsOf(plan.sheet, job.bulk))) lost.add(key);
  }
  if (lost.size === 0) return 0;
  // What the run will find bought, as startEnrichment sets its window.
  const reuseFrom = now - formulaSettings().cacheLifetimeSeconds * 1000;
  const held = purchaseRecord(workbook, { jobId: "", reuseFrom, now: () => now, create: (make) => make() });
  for (const key of held.load().keys()) lost.delete(key);
  return rowsAgain(readsOf(plan.sheet, plan.state), lost);
}

/**
 * The footer line of a run's estimate, for the Enrich tab and a scheduled refresh's Refresh now alike. An
 * open-ended range ("A2:A") is priced as it is now and says that rows added later cost when they come.
 */
export function estimateLine(
  estimate: Pick<BulkEstimate, "credits" | "unique" | "unitCost">,
  openEnded = false,
): string {
  const line = `Up to ${plural(estimate.credits, "credit")}${openEnded ? " now" : ""} · ${plural(estimate.unique, "organization")} × ${formatCount(estimate.unitCost)} ${unitBreakdown(estimate.unitCost)}`;
  return openEnded ? `${line}; rows added later are bought when the refresh runs` : line;
}

/**
 * The base price every organization found costs, said in the estimate whatever is asked for: attributes
 * marked "no extra" add nothing, but an organization is never free once matched.
 */
function unitBreakdown(unitCost: number): string {
  const fields = unitCost - PRICES.organizationBase;
  return fields > 0
    ? `(${formatCount(PRICES.organizationBase)} base + ${formatCount(fields)} for fields)`
    : `(${formatCount(PRICES.organizationBase)} base per organization found; the fields add nothing)`;
}

export function noIdentifiersMessage(range: string): string {
  return `${range} has no organization identifiers to enrich.`;
}

/** What the runs not yet finished on a sheet are about to write. */
export function runningBlocks(jobs: Job[], sheetName: string): Array<{ title: string; block: OutputBlock }> {
  return jobs
    .filter((j): j is BulkJob => j.kind === "bulk" && isActive(j) && j.bulk.request.sheetName === sheetName)
    .map((j) => ({ title: j.title, block: outputBlock(j.bulk) }));
}

/**
 * Plans a run beside the running ones: new columns that would land in the rows a running job is about to
 * fill move past its columns (planned again, once: the rows do not depend on the column).
 */
function planBeside(
  request: BulkRequest,
  workbook: WorkbookPort,
  running: Array<{ block: OutputBlock }>,
): PlannedRun {
  const plan = planRun(request, workbook);
  if (request.output.mode !== "new-columns") return plan;
  const mine = outputBlock(plan.state);
  const sameRows = running.filter(
    (r) => r.block.firstRow <= mine.lastRow && mine.firstRow <= r.block.lastRow,
  );
  const after = Math.max(0, ...sameRows.map((r) => r.block.lastColumn));
  return after >= mine.firstColumn ? planRun(request, workbook, { afterColumn: after }) : plan;
}

/** Refused: another run that has not finished writes into the same cells. */
export function sameRangeMessage(outputRange: string, otherTitle: string): string {
  return `${outputRange} is being written by another run ("${otherTitle}"). Wait for it to finish or stop it first; two runs writing the same cells would pay twice.`;
}

export function startEnrichment(input: unknown): JobStatus {
  const request = validateEnrichmentRequest(input);
  const services = jobServices();
  // A missing key or service address fails here, not in a background execution nobody watches.
  makeClient({ budgetMs: 1_000 });
  const workbook = activeWorkbook();
  const freshness = formulaSettings().cacheLifetimeSeconds;
  // Planned under the queue's lock: two runs started at once see each other, so new columns never collide
  // and two runs never write the same cells.
  const job = services.queue.addWith((jobs) => {
    const running = runningBlocks(jobs, request.sheetName);
    const plan = planBeside(request, workbook, running);
    if (plan.summary.unique === 0) throw new RequestError(noIdentifiersMessage(plan.dataRange));
    const mine = outputBlock(plan.state);
    const clash = running.find((r) => blocksOverlap(r.block, mine));
    if (clash) throw new RequestError(sameRangeMessage(plan.outputRange, clash.title));
    const now = services.clock.now();
    return {
      ...newJobCommon(
        services.newId(),
        `Enrich ${request.sheetName}!${plan.dataRange}`,
        now,
        runningMessage(plan.state),
      ),
      ownerId: services.ownerId(),
      kind: "bulk",
      // Whatever any run bought inside the spreadsheet's freshness window (Settings ▸ cache lifetime, the
      // one formulas use) is not bought again.
      bulk: { ...plan.state, reuseFrom: now - freshness * 1000 },
    } satisfies BulkJob;
  });
  syncTrigger(services);
  return toStatus(job);
}
