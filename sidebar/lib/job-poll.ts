// Follows a background job while the sidebar is open: asks the server to drive due jobs (pollJobs) every
// few seconds and hands back the job's status, until it comes to rest or the server fails.
import { useState } from "preact/hooks";
import { server } from "../bridge";
import { usePoll } from "../hooks/use-poll";
import type { JobStatus } from "./more-types";
import { isActiveState } from "./run-progress";

export const POLL_INTERVAL_MS = 3_000;

/** Whether the dispatcher still has work for the job (queued, running, or waiting to ask again). */
export function isJobActive(status: JobStatus): boolean {
  return isActiveState(status.state);
}

export function useJobPoll(
  jobId: string | null,
  onStatus: (status: JobStatus) => void,
  onError: (message: string) => void,
): void {
  // The job last seen at rest, gone, or whose poll failed: polling stops for it until another job is followed.
  const [settled, setSettled] = useState<string | null>(null);
  usePoll(
    async () => {
      try {
        const status = (await server.pollJobs()).find((job) => job.jobId === jobId);
        // A job the server no longer lists (finished long ago and pruned) has nothing more to say.
        if (status) onStatus(status);
        if (!status || !isJobActive(status)) setSettled(jobId);
      } catch (error) {
        setSettled(jobId);
        onError(error instanceof Error ? error.message : String(error));
      }
    },
    POLL_INTERVAL_MS,
    jobId !== null && settled !== jobId,
  );
}
