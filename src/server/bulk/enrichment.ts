// What the Enrich tab's estimate and start share: a plan beside the running jobs, the estimate's line, refusals.

import { PRICES } from "../../api/contract";
import { formatCount, plural } from "../../api/words/format";
import type { BulkEstimate } from "../../core/bulk/plan";
import type { BulkRequest } from "../../core/bulk/request";
import { type OutputBlock, outputBlock } from "../../core/bulk/state";
import { type BulkJob, isActive, type Job } from "../../core/jobs/job";
import type { WorkbookPort } from "../../core/sheet/port";
import { type PlannedRun, planRun } from "./plan-run";

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
export function planBeside(
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
