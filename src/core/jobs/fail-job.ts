// What an unexpected error of a step leaves on its job: the failure, and the money the step spent before it.
import { keepFailedStepMoney } from "../bulk/failed-step";
import { bulkMessage } from "../bulk/messages";
import type { Job } from "./job";

/**
 * `job` (as saved) takes `error`'s message as its failure. `current`, the job as the failed step left it in
 * memory, tells what a bulk step was charged since its last checkpoint, so the failure's log row counts it.
 */
export function failJob(job: Job, error: unknown, current?: Job): void {
  const message = error instanceof Error ? error.message : String(error);
  job.state = "failed";
  if (job.kind === "bulk") {
    if (current?.kind === "bulk") keepFailedStepMoney(job.bulk, current.bulk);
    job.bulk.failure = message;
    job.message = bulkMessage(job.bulk, "failed");
  } else if (job.kind === "people") {
    job.people.failure = message;
    job.message = message;
  } else {
    job.message = message;
  }
}
