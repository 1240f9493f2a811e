// Scheduled refresh: saving, listing and deleting rules, and turning due rules into bulk jobs.

import { isoTime } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { columnRangeA1 } from "../../core/bulk/a1";
import { fieldLabel } from "../../core/bulk/cells";
import { runningMessage } from "../../core/bulk/messages";
import type { WritePolicy } from "../../core/bulk/output";
import { type BulkRequest, RequestError, validateEnrichmentRequest } from "../../core/bulk/request";
import type { WorkbookPort } from "../../core/bulk/sheet-port";
import { type BulkState, blocksOverlap, outputBlock } from "../../core/bulk/state";
import { DEFAULT_THRESHOLDS, type NotableThresholds, type RefreshRunReport } from "../../core/changes/change";
import { type BulkJob, isActive, newJobCommon, runsFor } from "../../core/jobs/job";
import { noJobMessage } from "../../core/jobs/queue";
import {
  type Frequency,
  isDue,
  MAX_RULES,
  nextRunAfter,
  PERIOD_MS,
  type RefreshRule,
  readFrequency,
} from "../../core/jobs/refresh-rules";
import { type JobStatus, toStatus } from "../../core/jobs/status";
import { runningBlocks, sameRangeMessage } from "../bulk/enrichment";
import { planRun } from "../bulk/plan-run";
import { isRecord } from "../sidebar/args";
import { fieldHeader } from "../sidebar/headers";
import { refuseOthersRule } from "./owners";
import { clearChangeMarks, forgetRowPrints, keepRowPrints, markNewRows } from "./refresh-changes";
import { keepRowsTrue } from "./refresh-known";
import { type JobServices, jobServices } from "./services";
import { syncTrigger } from "./trigger-sync";

export interface RuleView {
  ruleId: string;
  sheetName: string;
  inputRange: string;
  /** The fields by their API names, and as the columns' headers name them ("Employee count"). */
  fields: string[];
  fieldLabels: string[];
  mode: BulkRequest["output"]["mode"];
  frequency: Frequency;
  nextRunAt: string;
  lastRunAt: string | null;
  lastCredits: number | null;
  lastResult: string | null;
  newRowsOnly: boolean;
  thresholds: NotableThresholds;
  lastRun: RefreshRunReport | null;
}

function view(rule: RefreshRule): RuleView {
  return {
    ruleId: rule.id,
    sheetName: rule.request.sheetName,
    inputRange: columnRangeA1(rule.request.range),
    fields: rule.request.fields.map(fieldLabel),
    fieldLabels: rule.request.fields.map((field) => fieldHeader(field).label),
    mode: rule.request.output.mode,
    frequency: rule.frequency,
    nextRunAt: isoTime(rule.nextRunAt),
    lastRunAt: rule.lastRunAt === null ? null : isoTime(rule.lastRunAt),
    lastCredits: rule.lastCredits,
    lastResult: rule.lastResult,
    newRowsOnly: rule.newRowsOnly === true,
    thresholds: rule.thresholds ?? DEFAULT_THRESHOLDS,
    lastRun: rule.lastRun ?? null,
  };
}

/** "new rows only": absent or a boolean. */
function readNewRowsOnly(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") {
    throw new RequestError(`"newRowsOnly" must be true or false; got ${quoteInput(value)}.`);
  }
  return value;
}

/** Thresholds: absent (the defaults) or {countChange} as a fraction between 0 and 10 (0.1 is ±10%). */
function readThresholds(value: unknown): NotableThresholds | undefined {
  if (value === undefined || value === null) return undefined;
  const change = isRecord(value) ? value["countChange"] : undefined;
  if (typeof change !== "number" || !Number.isFinite(change) || change <= 0 || change > 10) {
    throw new RequestError(
      `The threshold for counts must be a fraction above 0 and at most 10 (0.1 is ±10%); got ${quoteInput(change ?? value)}.`,
    );
  }
  return { countChange: change };
}

export function readRuleId(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new RequestError("Give the id of a scheduled refresh (ruleId).");
  return value.trim();
}

export function unknownRule(id: string): RequestError {
  return new RequestError(`There is no scheduled refresh ${quoteInput(id)} in this spreadsheet.`);
}

/**
 * Saves a rule from a finished or running bulk job ({jobId, frequency}: its columns are reused) or from a
 * request ({request, frequency}). The first refresh is one period from now.
 */
export function saveRefreshRule(input: unknown): RuleView {
  if (!isRecord(input)) {
    throw new RequestError("A scheduled refresh needs {jobId, frequency} or {request, frequency}.");
  }
  const frequency = readFrequency(input["frequency"]);
  const newRowsOnly = readNewRowsOnly(input["newRowsOnly"]);
  const thresholds = readThresholds(input["thresholds"]);
  const services = jobServices();
  let finished: { sheetName: string; state: BulkState } | null = null;
  let request: BulkRequest;
  let outputColumn: number | null = null;
  if (input["jobId"] !== undefined) {
    const jobId = typeof input["jobId"] === "string" ? input["jobId"] : "";
    const job = services.queue.get(jobId);
    if (!job) throw new RequestError(noJobMessage(input["jobId"]));
    if (job.kind !== "bulk") throw new RequestError("Only a bulk enrichment can be scheduled to refresh.");
    request = job.bulk.request;
    outputColumn = job.bulk.outputColumn;
    // Its rows are enriched: a "new rows only" rule's first run buys only rows added or edited after it.
    if (job.state === "done") finished = { sheetName: request.sheetName, state: job.bulk };
  } else if (input["request"] !== undefined) {
    request = validateEnrichmentRequest(input["request"]);
    outputColumn = request.output.targetColumn;
    if (!services.workbook.sheet(request.sheetName)) {
      throw new RequestError(`There is no sheet named "${request.sheetName}" in this spreadsheet.`);
    }
  } else {
    throw new RequestError("A scheduled refresh needs {jobId, frequency} or {request, frequency}.");
  }
  const now = services.clock.now();
  const rule: RefreshRule = {
    id: services.newId(),
    request,
    frequency,
    createdAt: now,
    nextRunAt: now + PERIOD_MS[frequency],
    outputColumn,
    lastRunAt: null,
    lastCredits: null,
    lastResult: null,
    jobId: null,
    ownerId: services.ownerId(),
    ...(newRowsOnly ? { newRowsOnly } : {}),
    ...(thresholds ? { thresholds } : {}),
  };
  services.queue.locked(() => {
    if (services.rules.list().length >= MAX_RULES) {
      throw new RequestError(
        `This spreadsheet already has ${MAX_RULES} scheduled refreshes. Delete one first.`,
      );
    }
    services.rules.put(rule);
  });
  const sheet = finished ? services.workbook.sheet(finished.sheetName) : null;
  if (finished && sheet) keepRowPrints(services, rule.id, sheet, finished.state);
  syncTrigger(services);
  return view(rule);
}

export function listRefreshRules(): RuleView[] {
  return jobServices().rules.list().map(view);
}

export function deleteRefreshRule(ruleId: unknown): RuleView[] {
  const id = readRuleId(ruleId);
  const services = jobServices();
  services.queue.locked(() => {
    if (!services.rules.get(id)) throw unknownRule(id);
    services.rules.remove(id);
  });
  forgetRowPrints(services, id);
  syncTrigger(services);
  return services.rules.list().map(view);
}

/**
 * Changes a saved rule's options ({ruleId, newRowsOnly?, thresholds?}); its creator's only, since "new
 * rows only" changes what their runs spend. Answers the rule as listRefreshRules shows it.
 */
export function updateRefreshRule(input: unknown): RuleView {
  if (!isRecord(input))
    throw new RequestError(
      "Give the scheduled refresh and what to change: {ruleId, newRowsOnly?, thresholds?}.",
    );
  const id = readRuleId(input["ruleId"]);
  const newRowsOnly = input["newRowsOnly"] === undefined ? undefined : readNewRowsOnly(input["newRowsOnly"]);
  const thresholds = readThresholds(input["thresholds"]);
  const services = jobServices();
  const me = services.ownerId();
  return services.queue.locked(() => {
    const rule = services.rules.get(id);
    if (!rule) throw unknownRule(id);
    refuseOthersRule(rule, me, "change it");
    if (newRowsOnly !== undefined) rule.newRowsOnly = newRowsOnly;
    if (thresholds) rule.thresholds = thresholds;
    services.rules.put(rule);
    return view(rule);
  });
}

/** Makes a rule due now and starts its run; the sidebar then follows the job with pollJobs. */
export function refreshNow(ruleId: unknown): JobStatus {
  const id = readRuleId(ruleId);
  const services = jobServices();
  const me = services.ownerId();
  services.queue.locked(() => {
    const rule = services.rules.get(id);
    if (!rule) throw unknownRule(id);
    // Only the rule's creator's executions run it: made due by anyone else, it would spend their credits.
    refuseOthersRule(rule, me, "refresh it now");
    const running = rule.jobId ? services.queue.get(rule.jobId) : null;
    if (running && isActive(running)) throw new RequestError("This refresh is already running.");
    rule.nextRunAt = services.clock.now();
    services.rules.put(rule);
  });
  startDueRules(services, services.workbook);
  syncTrigger(services);
  const jobId = services.rules.get(id)?.jobId;
  const job = jobId ? services.queue.get(jobId) : null;
  if (!job) throw new RequestError(services.rules.get(id)?.lastResult ?? "The refresh could not start.");
  return toStatus(job, me);
}

/**
 * Where a rule's run writes: a "new-columns" rule refreshes the columns its first run made. A refresh
 * rewrites only cells still holding what the add-on wrote; a cell someone edited since is left alone.
 */
export function placement(rule: RefreshRule): { outputColumn?: number; policy?: WritePolicy } {
  const { mode } = rule.request.output;
  if (mode === "new-columns") {
    return rule.outputColumn === null ? {} : { outputColumn: rule.outputColumn, policy: "refresh" };
  }
  // An "only empty cells" rule refreshes what the add-on wrote (an edited identifier's row gets its own
  // organization's values) and never a cell the person filled. An overwrite rule's first run replaces
  // with the consent it was saved with; later runs only refresh.
  if (mode === "empty-only") return { policy: "refresh" };
  return mode === "overwrite" && rule.lastRunAt !== null ? { policy: "refresh" } : {};
}

export function startDueRules(services: JobServices, workbook: WorkbookPort): void {
  const now = services.clock.now();
  const active = (jobId: string) => {
    const job = services.queue.get(jobId);
    return job !== null && isActive(job);
  };
  const me = services.ownerId();
  for (const candidate of services.rules.list()) {
    // A rule runs in its creator's executions only, so its credits are theirs.
    if (!runsFor(candidate, me) || !isDue(candidate, now, active)) continue;
    const claimed = services.queue.locked(() => {
      const rule = services.rules.get(candidate.id);
      if (!rule || !isDue(rule, now, active)) return null;
      rule.jobId = services.newId();
      rule.nextRunAt = nextRunAfter(rule, now);
      services.rules.put(rule);
      return rule;
    });
    if (!claimed) continue;
    try {
      // Planned and queued under the queue's lock, like a run started by hand: a refresh never writes the
      // cells a running job writes (both would pay for them).
      services.queue.addWith((jobs) => {
        const plan = planRun(claimed.request, workbook, placement(claimed));
        const fresh = markNewRows(services, claimed.id, plan.sheet, plan.state, claimed.newRowsOnly === true);
        const clash = runningBlocks(jobs, claimed.request.sheetName).find((r) =>
          blocksOverlap(r.block, outputBlock(plan.state)),
        );
        if (clash) throw new RequestError(sameRangeMessage(plan.outputRange, clash.title));
        // The last run's marks on changed cells have been seen: this run marks its own.
        clearChangeMarks(plan.sheet, plan.state);
        keepRowsTrue(workbook, claimed, plan, fresh, now);
        const title = `Refresh ${claimed.request.sheetName}!${plan.dataRange}`;
        return {
          ...newJobCommon(claimed.jobId as string, title, now, runningMessage(plan.state)),
          ownerId: me,
          ruleId: claimed.id,
          kind: "bulk",
          bulk: plan.state,
        } satisfies BulkJob;
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      services.queue.locked(() => {
        const rule = services.rules.get(claimed.id);
        if (!rule) return;
        rule.lastRunAt = now;
        rule.lastCredits = 0;
        rule.lastResult = `The refresh could not start: ${message}`;
        services.rules.put(rule);
      });
    }
  }
}
