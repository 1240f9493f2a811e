// Whose work a job or a scheduled refresh is: the controls that spend (Refresh now, Resume, Re-run lost
// rows) answer anyone else with a sentence naming whose it is; Stop, which never spends, says in the log
// who pressed it.
import { RequestError } from "../../core/bulk/request";
import { type Job, runsFor } from "../../core/jobs/job";

/** What another person reads for a control that would spend the starter's credits. */
export function othersWorkMessage(work: string, doing: string): string {
  return `${work} belongs to the collaborator who started it: it runs in their sessions and is paid with their key, so only they can ${doing}. Ask them, or start your own.`;
}

/** Refuses a spending control of `job` unless `me` started it. */
export function refuseOthersJob(job: Job, me: string, doing: string): void {
  if (!runsFor(job, me)) throw new RequestError(othersWorkMessage(`"${job.title}"`, doing));
}
