// Runs the job queue from the open sidebar (pollJobs) when its jobs need it, one call at a time: a
// published add-on's trigger runs hourly at most, and a job nobody picks up must not wait for it.
import { useCallback, useRef, useState } from "preact/hooks";
import { failureMessage, server } from "../bridge";
import { shouldDrive } from "../lib/run-progress";

export interface DrivenJob {
  jobId: string;
  state: string;
  updatedAt: string;
}

export interface QueueDriver {
  /** Looks at the jobs as last read and runs the queue if one of them needs it. */
  consider: (jobs: readonly DrivenJob[]) => void;
  error: string | null;
}

export function useQueueDriver(sidebarDrives: boolean, afterRun: () => void): QueueDriver {
  const running = useRef(false);
  // When each job was first seen with its current updatedAt, on this browser's clock (the server's may differ).
  const seen = useRef(new Map<string, { updatedAt: string; since: number }>());
  const [error, setError] = useState<string | null>(null);
  const afterRef = useRef(afterRun);
  afterRef.current = afterRun;

  const consider = useCallback(
    (jobs: readonly DrivenJob[]) => {
      const now = Date.now();
      let needed = false;
      for (const job of jobs) {
        const last = seen.current.get(job.jobId);
        const since = last && last.updatedAt === job.updatedAt ? last.since : now;
        seen.current.set(job.jobId, { updatedAt: job.updatedAt, since });
        needed ||= shouldDrive(job.state, sidebarDrives, now - since);
      }
      if (!needed || running.current) return;
      running.current = true;
      server
        .pollJobs()
        .then(
          () => setError(null),
          (failure) => setError(failureMessage(failure)),
        )
        .finally(() => {
          running.current = false;
          afterRef.current();
        });
    },
    [sidebarDrives],
  );

  return { consider, error };
}
