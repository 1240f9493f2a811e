// Bulk enrichment server functions: the estimate before anything is spent, and starting the run.

import { runningMessage } from "../../core/bulk/messages";
import { RequestError, validateEnrichmentRequest } from "../../core/bulk/request";
import { formatCount, plural } from "../../core/jobs/format";
import { type BulkJob, newJobCommon } from "../../core/jobs/job";
import { type JobStatus, toStatus } from "../../core/jobs/status";
import { activeWorkbook } from "../../platform/spreadsheet";
import { jobServices } from "../jobs/services";
import { syncTrigger } from "../jobs/trigger-sync";
import { lastCredits, makeClient } from "../runtime";
import { planRun } from "./plan-run";

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
  /** The footer line: "Up to 1,440 credits · 480 organizations × 3". */
  message: string;
}

export function estimateEnrichment(input: unknown): EnrichmentEstimate {
  const request = validateEnrichmentRequest(input);
  const plan = planRun(request, activeWorkbook());
  const { summary, estimate } = plan;
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
    message: `Up to ${plural(estimate.credits, "credit")} · ${plural(estimate.unique, "organization")} × ${formatCount(estimate.unitCost)}`,
  };
}

export function noIdentifiersMessage(range: string): string {
  return `${range} has no organization identifiers to enrich.`;
}

export function startEnrichment(input: unknown): JobStatus {
  const request = validateEnrichmentRequest(input);
  const services = jobServices();
  // A missing key or service address fails here, not in a background execution nobody watches.
  makeClient({ budgetMs: 1_000 });
  const plan = planRun(request, activeWorkbook());
  if (plan.summary.unique === 0) throw new RequestError(noIdentifiersMessage(plan.dataRange));
  const now = services.clock.now();
  const job: BulkJob = {
    ...newJobCommon(
      services.newId(),
      `Enrich ${request.sheetName}!${plan.dataRange}`,
      now,
      runningMessage(plan.state),
    ),
    ownerId: services.ownerId(),
    kind: "bulk",
    bulk: plan.state,
  };
  services.queue.add(job);
  syncTrigger(services);
  return toStatus(job);
}
