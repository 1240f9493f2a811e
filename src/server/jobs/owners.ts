// Whose work a job or a scheduled refresh is: the controls that spend (Refresh now, Resume, Re-run lost
// rows) answer anyone else with a sentence naming whose it is; Stop, which never spends, says in the log
// who pressed it.

import { type Job, runsFor } from "../../core/jobs/job";
import type { RefreshRule } from "../../core/jobs/refresh-rules";
import { columnRangeA1 } from "../../core/sheet/a1";
import { RequestError } from "../../core/text/user-errors";

/** What another person reads for a control that would spend the starter's credits. */
export function othersWorkMessage(work: string, doing: string): string {
  return `${work} belongs to the collaborator who started it: it runs in their sessions and is paid with their key, so only they can ${doing}. Ask them, or start your own.`;
}

/** Refuses a spending control of `job` unless `me` started it. */
export function refuseOthersJob(job: Job, me: string, doing: string): void {
  if (!runsFor(job, me)) throw new RequestError(othersWorkMessage(`"${job.title}"`, doing));
}

/** Refuses changing or running `rule` unless `me` saved it: its runs spend its creator's credits. */
export function refuseOthersRule(rule: RefreshRule, me: string, doing: string): void {
  if (!runsFor(rule, me)) {
    const range = `${rule.request.sheetName}!${columnRangeA1(rule.request.range)}`;
    throw new RequestError(othersWorkMessage(`The scheduled refresh of ${range}`, doing));
  }
}
