// Asynchronous people jobs: pending, running, then succeeded or failed, by elapsed time or polls.
import type { PeopleQuery } from "./query.ts";

export interface PeopleJobTiming {
  /** A job reports `running` once this much time has passed since it started… */
  runningAfterMs: number;
  /** …or once it has been polled this many times, whichever comes first. */
  runningAfterPolls: number;
  succeededAfterMs: number;
  succeededAfterPolls: number;
}

export type PeopleJobStatus = "pending" | "running" | "succeeded" | "failed";

export interface PeopleJob {
  id: string;
  apiKey: string;
  startedAt: number;
  polls: number;
  /** Set by the fault API: the job ends in `failed` instead of `succeeded`. */
  fails: boolean;
  /** Credits were taken (on the first succeeded poll); later polls report 0. */
  charged: boolean;
  query: PeopleQuery;
}

export function jobStatus(job: PeopleJob, now: number, timing: PeopleJobTiming): PeopleJobStatus {
  const elapsed = now - job.startedAt;
  if (elapsed >= timing.succeededAfterMs || job.polls >= timing.succeededAfterPolls) {
    return job.fails ? "failed" : "succeeded";
  }
  if (elapsed >= timing.runningAfterMs || job.polls >= timing.runningAfterPolls) return "running";
  return "pending";
}
