// What one run of a scheduled refresh costs at most, planned exactly as the run itself is planned (the
// rule's request, its columns and write policy, the sheet as it is now): Refresh now shows it before the
// click, and the schedule's per-run and per-day price is the same figure.

import type { BulkEstimate } from "../../core/bulk/plan";
import type { WorkbookPort } from "../../core/bulk/sheet-port";
import type { RefreshRule } from "../../core/jobs/refresh-rules";
import { estimateLine } from "../bulk/enrichment";
import { planRun } from "../bulk/plan-run";
import { placement, readRuleId, unknownRule } from "./refresh";
import { jobServices } from "./services";

/** The upper bound of one run of `rule` over the sheet as it is now: unique organizations × unit cost. */
export function ruleRunEstimate(rule: RefreshRule, workbook: WorkbookPort): BulkEstimate {
  return planRun(rule.request, workbook, placement(rule)).estimate;
}

export interface RefreshNowEstimate {
  ruleId: string;
  /** The most one run costs now. */
  credits: number;
  organizations: number;
  unitCost: number;
  /** "Up to 1,440 credits · 480 organizations × 3 (1 base + 2 for fields)", as the Enrich tab says it. */
  message: string;
}

export function estimateRefreshNow(ruleId: unknown): RefreshNowEstimate {
  const id = readRuleId(ruleId);
  const services = jobServices();
  const rule = services.rules.get(id);
  if (!rule) throw unknownRule(id);
  const estimate = ruleRunEstimate(rule, services.workbook);
  return {
    ruleId: id,
    credits: estimate.credits,
    organizations: estimate.unique,
    unitCost: estimate.unitCost,
    message: estimateLine(estimate),
  };
}
