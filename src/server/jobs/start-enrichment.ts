// The Enrich tab's two calls: the estimate before anything is spent, and starting the run as a queued job.
import { runningMessage } from "../../core/bulk/messages";
import { validateEnrichmentRequest } from "../../core/bulk/request";
import { blocksOverlap, outputBlock } from "../../core/bulk/state";
import { type BulkJob, newJobCommon } from "../../core/jobs/job";
import { type JobStatus, toStatus } from "../../core/jobs/status";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import {
  estimateLine,
  noIdentifiersMessage,
  planBeside,
  runningBlocks,
  sameRangeMessage,
} from "../bulk/enrichment";
import { estimateWarnings } from "../bulk/estimate-warnings";
import { formulaSettings, lastCredits, makeClient } from "../runtime";
import { keepEarlierRowsTrue } from "./enrich-again";
import { boughtBefore } from "./refresh-changes";
import { jobServices } from "./services";
import { syncTrigger } from "./trigger-sync";

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
  const warnings = estimateWarnings(jobs, plan, workbook, services.clock.now());
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
    message: [estimateLine(estimate, request.range.lastRow === null), ...warnings].join(" · "),
  };
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
    keepEarlierRowsTrue(jobs, plan, workbook, () => boughtBefore(services));
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
