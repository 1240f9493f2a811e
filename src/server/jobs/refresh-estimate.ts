// What a scheduled refresh costs per run and per day, every row or new rows only, before or after saving;
// Refresh now shows the same figure before the click, so the two never disagree.

import { plural } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { type BulkRequest, validateEnrichmentRequest } from "../../core/bulk/request";
import { knownRows } from "../../core/changes/known-rows";
import { rowPrints } from "../../core/changes/row-prints";
import { noJobMessage } from "../../core/jobs/queue";
import { estimateRefresh, type RefreshEstimate, refreshCounts } from "../../core/jobs/refresh-cost";
import { type Frequency, PRINTS_PREFIX, readFrequency } from "../../core/jobs/refresh-rules";
import type { JobStatus } from "../../core/jobs/status";
import { RequestError } from "../../core/text/user-errors";
import { estimateLine } from "../bulk/enrichment";
import { planRun } from "../bulk/plan-run";
import { isRecord } from "../sidebar/args";
import { readRuleId, refreshNow, unknownRule } from "./refresh";
import { boughtBefore, boughtCells, type NewRows, newRowsSince, rowsNow } from "./refresh-changes";
import { copySheetOf } from "./refresh-moves";
import { jobServices } from "./services";

const SHAPE = "{ruleId}, or before saving {jobId, frequency} or {request, frequency}";

/**
 * The price of a saved rule ({ruleId}: rows added or edited since its last run are its "new rows"), or of
 * one about to be saved ({jobId, frequency}: a finished run's rows are enriched, so none is new yet;
 * {request, frequency}: every row is new). Reads the rows there now.
 */
export function estimateRefreshRule(input: unknown): RefreshEstimate {
  if (!isRecord(input)) throw new RequestError(`Say which refresh to price: ${SHAPE}.`);
  const services = jobServices();
  let request: BulkRequest;
  let frequency: Frequency;
  let outputColumn: number | null = null;
  /** The row prints to compare with: null (every row is new), or "now" (none is). */
  let prints: string | null | "now" = null;
  if (input["ruleId"] !== undefined) {
    const id = typeof input["ruleId"] === "string" ? input["ruleId"].trim() : "";
    const rule = id === "" ? null : services.rules.get(id);
    if (!rule) {
      throw new RequestError(
        `There is no scheduled refresh ${quoteInput(input["ruleId"])} in this spreadsheet.`,
      );
    }
    request = rule.request;
    frequency = rule.frequency;
    outputColumn = rule.outputColumn;
    prints = services.prints.read<string>(PRINTS_PREFIX + rule.id);
  } else if (input["jobId"] !== undefined) {
    frequency = readFrequency(input["frequency"]);
    const job = typeof input["jobId"] === "string" ? services.queue.get(input["jobId"]) : null;
    if (!job) throw new RequestError(noJobMessage(input["jobId"]));
    if (job.kind !== "bulk") throw new RequestError("Only a bulk enrichment can be scheduled to refresh.");
    request = job.bulk.request;
    outputColumn = job.bulk.outputColumn;
    if (job.state === "done") prints = "now";
  } else if (input["request"] !== undefined) {
    frequency = readFrequency(input["frequency"]);
    request = validateEnrichmentRequest(input["request"]);
  } else {
    throw new RequestError(`Say which refresh to price: ${SHAPE}.`);
  }
  const plan = planRun(request, services.workbook, outputColumn === null ? {} : { outputColumn });
  const now = rowsNow(plan.sheet, plan.state);
  const previous = prints === "now" ? rowPrints(now.reads, now.outputs) : prints;
  // The rows a refresh would find new and fill free, as it finds them (moved cells included).
  const fresh = newRowsSince(
    copySheetOf(services.workbook, plan.state),
    plan.sheet,
    plan.state,
    previous,
    now,
  );
  return estimateRefresh({
    fields: request.fields,
    frequency,
    ...refreshCounts(
      now.reads,
      fresh.offsets,
      knownNow(
        fresh,
        boughtCells(() => boughtBefore(services), plan.sheet, plan.state),
      ),
    ),
  });
}

/** The new rows a "new rows only" run would fill free, as fillKnownRows finds them. */
function knownNow(fresh: NewRows, bought: ReturnType<typeof boughtCells>): Set<number> {
  if (fresh.previous === null || fresh.offsets.length === 0) return new Set();
  return new Set(
    knownRows({ ...fresh, previous: fresh.previous, copy: fresh.snapshot?.block ?? null, bought }).keys(),
  );
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

/** Refresh now's price before the click: one run of the rule as it would run now, in the rule's own mode. */
export function estimateRefreshNow(ruleId: unknown): RefreshNowEstimate {
  const id = readRuleId(ruleId);
  const rule = jobServices().rules.get(id);
  if (!rule) throw unknownRule(id);
  const estimate = estimateRefreshRule({ ruleId: id });
  const cost = rule.newRowsOnly ? estimate.newRowsOnly : estimate.everyRow;
  return {
    ruleId: id,
    credits: cost.perRun,
    organizations: cost.organizations,
    unitCost: estimate.unitCost,
    message: estimateLine({ credits: cost.perRun, unique: cost.organizations, unitCost: estimate.unitCost }),
  };
}

/**
 * Refresh now as the sidebar presses it: {ruleId, upTo}, the most the person saw and agreed to. The rule
 * is priced again at the click from the rows there now; a run that would cost more than `upTo` (rows
 * added or edited since the price was shown) is refused, nothing spent, with the price now, so the
 * sidebar asks again with it. A bare ruleId starts the run without that check.
 */
export function refreshNowAtPrice(input: unknown): JobStatus {
  if (!isRecord(input)) return refreshNow(input);
  const ruleId = readRuleId(input["ruleId"]);
  const upTo = input["upTo"];
  if (typeof upTo !== "number" || !Number.isFinite(upTo) || upTo < 0) {
    throw new RequestError(`Say the most this refresh may cost (upTo, in credits); got ${quoteInput(upTo)}.`);
  }
  const now = estimateRefreshNow(ruleId);
  if (now.credits > upTo) {
    throw new RequestError(
      `Rows changed since the price was shown (${plural(upTo, "credit")}). Refresh now: ${now.message}. Nothing was spent; press Refresh now again to confirm the new price.`,
    );
  }
  return refreshNow(ruleId);
}
