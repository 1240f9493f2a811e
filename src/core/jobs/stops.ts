// A confirmed Stop, kept apart from its job's record, so no execution's checkpoint can overwrite it.
import { isActive, type Job } from "./job";

/**
 * A confirmed Stop, kept apart from its job's record: the job's holder rewrites the job at every
 * checkpoint, and where the holder and the presser share no lock (a published add-on's documentless
 * trigger, a collaborator's sidebar) a stop written into the job could be overwritten. Nobody but the
 * presser writes this record, so once written it stands until the job comes to rest or is resumed.
 */
export const STOP_PREFIX = "stop:";
/** What the sidebar says of a job whose Stop is recorded and that an execution still holds. */
export const STOPPING_MESSAGE = "Stopping: the request already sent will be written; nothing more is bought.";

/** Who pressed Stop (the log says so when it was not the starter). */
export interface StopRecord {
  at: number;
  by: "starter" | "collaborator";
}

export function stopKey(id: string): string {
  return `${STOP_PREFIX}${id}`;
}

/** A job as its recorded Stop leaves it: an active one is stopping, and says who pressed Stop. */
export function withStop(job: Job, stop: StopRecord | null): Job {
  if (!stop || !isActive(job)) return job;
  job.stopRequested = true;
  job.message = STOPPING_MESSAGE;
  if (stop.by === "collaborator") job.stoppedBy = "collaborator";
  else delete job.stoppedBy;
  return job;
}
