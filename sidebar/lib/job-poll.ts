// Follows a background job while the sidebar is open: asks the server to drive due jobs (pollJobs) every
// few seconds and hands back the job's status, until it comes to rest.
import { useEffect, useRef } from "preact/hooks";
import { server } from "../bridge";
import type { JobStatus } from "./more-types";

export const POLL_INTERVAL_MS = 3_000;

/** Whether the dispatcher still has work for the job (queued, running, or waiting to ask again). */
export function isJobActive(status: JobStatus): boolean {
  return status.state === "queued" || status.state === "running" || status.state === "waiting";
}

export function useJobPoll(
  jobId: string | null,
  onStatus: (status: JobStatus) => void,
  onError: (message: string) => void,
): void {
  const handlers = useRef({ onStatus, onError });
  handlers.current = { onStatus, onError };
  useEffect(() => {
    if (!jobId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const tick = async () => {
      try {
        const status = (await server.pollJobs()).find((job) => job.jobId === jobId);
        if (stopped || !status) return;
        handlers.current.onStatus(status);
        if (isJobActive(status)) timer = setTimeout(tick, POLL_INTERVAL_MS);
      } catch (error) {
        if (!stopped) handlers.current.onError(error instanceof Error ? error.message : String(error));
      }
    };
    timer = setTimeout(tick, POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [jobId]);
}
