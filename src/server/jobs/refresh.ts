// Scheduled refresh: saving, listing and deleting rules, and turning due rules into bulk jobs.

import { followSheet } from "../../core/bulk/follow-sheet";
import { runningMessage } from "../../core/bulk/messages";
import type { WritePolicy } from "../../core/bulk/output";
import { type BulkRequest, validateEnrichmentRequest } from "../../core/bulk/request";
import { type BulkState, blocksOverlap, outputBlock } from "../../core/bulk/state";
import { adoptRule, atHome, copiedFrom, copiedRuleMessage } from "../../core/jobs/home";
import { type BulkJob, isActive, newJobCommon, runsFor } from "../../core/jobs/job";
import {
  hasKeptPrints,
  isDue,
  MAX_RULES,
  newRefreshRule,
  nextRunAfter,
  overlappingRule,
  overlappingRuleMessage,
  type RefreshRule,
  readFrequency,
} from "../../core/jobs/refresh-rules";
import { type JobStatus, toStatus } from "../../core/jobs/status";
import type { WorkbookPort } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import { runningBlocks, sameRangeMessage } from "../bulk/enrichment";
import { planRun } from "../bulk/plan-run";
import { isRecord } from "../sidebar/args";
import { refuseOthersRule } from "./owners";
import { refillChanges } from "./refill-changes";
import { markBlankRows } from "./refresh-blank";
import {
  boughtBefore,
  boughtCells,
  clearChangeMarks,
  forgetRowPrints,
  keepRowPrints,
  markNewRows,
} from "./refresh-changes";
import { keepRowsTrue } from "./refresh-known";
import { copySheetOf } from "./refresh-moves";
import { refillOtherBlocks } from "./refresh-others";
import { type RuleView, readNewRowsOnly, readRuleId, readThresholds, unknownRule, view } from "./rule-view";
import { dropRuleCopy, keepRuleCopy } from "./rules-copy";
import { goneRunMessage } from "./runs-back";
import { type JobServices, jobServices } from "./services";
import { syncTrigger } from "./trigger-sync";

export { type RuleView, readRuleId, unknownRule };

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
  let finished: { state: BulkState } | null = null;
  let request: BulkRequest;
  let outputColumn: number | null = null;
  if (input["jobId"] !== undefined) {
    const jobId = typeof input["jobId"] === "string" ? input["jobId"] : "";
    const job = services.queue.get(jobId);
    if (!job) throw new RequestError(goneRunMessage(input["jobId"], services.jobsLoss, services.workbook));
    if (job.kind !== "bulk") throw new RequestError("Only a bulk enrichment can be scheduled to refresh.");
    request = job.bulk.request;
    outputColumn = job.bulk.outputColumn;
    // Its rows are enriched: a "new rows only" rule's first run buys only rows added or edited after it.
    if (job.state === "done") finished = { state: job.bulk };
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
  // The run's sheet as it is named now: renamed since the run, the old name finds nothing and no prints
  // would be kept, so the first "new rows only" run would buy every row again.
  if (finished) followSheet(services.workbook, request);
  const sheet = finished ? services.workbook.sheet(request.sheetName) : null;
  const rule = newRefreshRule({
    id: services.newId(),
    request,
    frequency,
    now,
    outputColumn,
    ownerId: services.ownerId(),
    newRowsOnly,
    thresholds,
    printsKept: finished !== null && sheet !== null,
  });
  services.queue.locked(() => {
    // Under the lock: two saves at once see each other, so only one of them is kept. Rules and the new
    // one name their sheets as they are now, so a renamed sheet's rule still clashes.
    followSheet(services.workbook, request);
    for (const saved of services.rules.list())
      if (followSheet(services.workbook, saved.request)) services.rules.put(saved);
    const clash = overlappingRule(services.rules.list(), request);
    if (clash) throw new RequestError(overlappingRuleMessage(clash));
    if (services.rules.list().length >= MAX_RULES) {
      throw new RequestError(
        `This spreadsheet already has ${MAX_RULES} scheduled refreshes. Delete one first.`,
      );
    }
    services.rules.put(rule);
  });
  keepRuleCopy(rule);
  if (finished && sheet) keepRowPrints(services, rule.id, sheet, finished.state);
  syncTrigger(services);
  return view(rule, services.spreadsheetId);
}

export function listRefreshRules(): RuleView[] {
  const services = jobServices();
  return services.rules.list().map((rule) => view(rule, services.spreadsheetId));
}

export function deleteRefreshRule(ruleId: unknown): RuleView[] {
  const id = readRuleId(ruleId);
  const services = jobServices();
  services.queue.locked(() => {
    if (!services.rules.get(id)) throw unknownRule(id);
    services.rules.remove(id);
  });
  dropRuleCopy(id);
  forgetRowPrints(services, id);
  syncTrigger(services);
  return services.rules.list().map((rule) => view(rule, services.spreadsheetId));
}

/**
 * Changes a saved rule's options ({ruleId, newRowsOnly?, thresholds?}); its creator's only, since "new
 * rows only" changes what their runs spend. `resumeHere: true` takes a rule copied from another
 * spreadsheet as this one's, run on the key of whoever pressed it (anyone working in the copy may).
 * Answers the rule as listRefreshRules shows it.
 */
export function updateRefreshRule(input: unknown): RuleView {
  if (!isRecord(input))
    throw new RequestError(
      "Give the scheduled refresh and what to change: {ruleId, newRowsOnly?, thresholds?, resumeHere?}.",
    );
  const id = readRuleId(input["ruleId"]);
  const newRowsOnly = input["newRowsOnly"] === undefined ? undefined : readNewRowsOnly(input["newRowsOnly"]);
  const thresholds = readThresholds(input["thresholds"]);
  const resumeHere = input["resumeHere"] === true;
  const services = jobServices();
  const me = services.ownerId();
  const here = services.spreadsheetId;
  const saved = services.queue.locked(() => {
    const rule = services.rules.get(id);
    if (!rule) throw unknownRule(id);
    const from = copiedFrom(rule, here);
    if (resumeHere) {
      if (from === null) throw new RequestError("This scheduled refresh already runs in this spreadsheet.");
      adoptRule(rule, services.home(), me, services.clock.now());
    } else if (from !== null) throw new RequestError(copiedRuleMessage(from));
    else refuseOthersRule(rule, me, "change it");
    if (newRowsOnly !== undefined) rule.newRowsOnly = newRowsOnly;
    if (thresholds) rule.thresholds = thresholds;
    services.rules.put(rule);
    return rule;
  });
  keepRuleCopy(saved);
  // Resumed here, it is this user's work in this spreadsheet: the trigger and the index learn of it.
  if (resumeHere) syncTrigger(services);
  return view(saved, here);
}

/** Makes a rule due now and starts its run; the sidebar then follows the job with pollJobs. */
export function refreshNow(ruleId: unknown): JobStatus {
  const id = readRuleId(ruleId);
  const services = jobServices();
  const me = services.ownerId();
  services.queue.locked(() => {
    const rule = services.rules.get(id);
    if (!rule) throw unknownRule(id);
    const from = copiedFrom(rule, services.spreadsheetId);
    if (from !== null) throw new RequestError(copiedRuleMessage(from));
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
  const here = services.spreadsheetId;
  for (const candidate of services.rules.list()) {
    // A rule runs in its creator's executions only, so its credits are theirs, and only in the
    // spreadsheet it was saved in (a copy's waits for someone to resume it there).
    if (!runsFor(candidate, me) || !atHome(candidate, here) || !isDue(candidate, now, active)) continue;
    const claimed = services.queue.locked(() => {
      const rule = services.rules.get(candidate.id);
      if (!rule || !isDue(rule, now, active)) return null;
      // The rule keeps its sheet's name as it is now (a rename is followed by the sheet's id).
      followSheet(workbook, rule.request);
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
        const fresh = markNewRows(
          services,
          claimed.id,
          plan.sheet,
          plan.state,
          claimed.newRowsOnly === true,
          copySheetOf(workbook, plan.state),
          hasKeptPrints(claimed),
        );
        const clash = runningBlocks(jobs, claimed.request.sheetName).find((r) =>
          blocksOverlap(r.block, outputBlock(plan.state)),
        );
        if (clash) throw new RequestError(sameRangeMessage(plan.outputRange, clash.title));
        // The last run's marks on changed cells have been seen: this run marks its own.
        clearChangeMarks(plan.sheet, plan.state);
        keepRowsTrue(
          workbook,
          claimed,
          plan,
          fresh,
          now,
          boughtCells(() => boughtBefore(services), plan.sheet, plan.state),
        );
        const copy = copySheetOf(workbook, plan.state);
        markBlankRows(plan.sheet, copy, plan.state, fresh.reads);
        const refilled = refillChanges(workbook, claimed.id, fresh.inputs, now);
        refillOtherBlocks(jobs, plan.state, plan.sheet, copy, fresh.reads, () => boughtBefore(services), {
          refilled: refilled.cell,
        });
        refilled.flush();
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
