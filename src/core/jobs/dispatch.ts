// The dispatcher loop: claim the job due first, run one step of it, repeat until the time budget ends.
import type { Clock } from "../../api/retry/clock";
import type { Job } from "./job";
import { type JobQueue, LeaseLostError } from "./queue";

/** No job step starts later than this before the deadline. */
export const DEFAULT_DISPATCH_RESERVE_MS = 30_000;
/** The longest single wait for a job to fall due. */
export const DEFAULT_MAX_IDLE_WAIT_MS = 30_000;
/** Waiting in all, per dispatch: trigger time counts against a daily quota. */
export const DEFAULT_MAX_IDLE_TOTAL_MS = 90_000;

/** An execution's hold on one claimed job. */
export interface JobHandle {
  readonly id: string;
  /** When this execution must have stopped working. */
  readonly deadline: number;
  /** Checkpoints the job, keeping the lease. */
  update(mutate: (job: Job) => void): Job;
  /** Saves the job's outcome and gives up the lease. */
  release(mutate: (job: Job) => void): Job;
  readonly released: boolean;
  /**
   * Whether the store has the job leased to this execution. A job taken with `tentative` is not, until its
   * first update or release confirms the claim: until then the step may read but must not write or pay.
   */
  readonly held: boolean;
}

export interface DispatchOptions {
  queue: JobQueue;
  clock: Clock;
  /** Unique per execution. */
  owner: string;
  deadline: number;
  /** Which jobs this execution may run (default: all). */
  mayRun?: (job: Job) => boolean;
  /**
   * Jobs taken without the lock: the step runs on the job as last read, and its first update or release
   * leases it only if nobody changed it meanwhile (JobQueue.confirm), in that one write instead of a claim
   * of its own. For steps that read before they write or pay (a bulk run's first wave checkpoints its
   * intent before it sends); a step that loses the race ends with LeaseLostError, having spent nothing.
   */
  tentative?: (job: Job) => boolean;
  /** Runs one step of a claimed job and releases it. */
  run(job: Job, handle: JobHandle): void;
  /** Turns an unexpected error of a step into the job's outcome (it is released with it). */
  onError(job: Job, error: unknown): void;
  reserveMs?: number;
  maxIdleWaitMs?: number;
  maxIdleTotalMs?: number;
}

export interface DispatchReport {
  /** Ids of the jobs stepped, in order (a job polled twice appears twice). */
  steps: string[];
  /** Milliseconds spent waiting for jobs to fall due. */
  waitedMs: number;
}

/** `seen`: the job's JSON as peeked, for a claim its first update or release confirms; null when claimed. */
function handleFor(queue: JobQueue, job: Job, owner: string, deadline: number, seen: string | null) {
  let released = false;
  let unconfirmed = seen;
  let lost = false;
  const take = (mutate: (job: Job) => void, release: boolean): Job => {
    if (lost) throw new LeaseLostError(`Job ${job.id} is no longer held by this execution.`);
    if (unconfirmed === null)
      return release ? queue.release(job.id, owner, mutate) : queue.update(job.id, owner, mutate);
    try {
      const saved = queue.confirm(job.id, owner, unconfirmed, mutate, release);
      unconfirmed = null;
      return saved;
    } catch (error) {
      // Changed since it was peeked: someone else's now, or to be read again by a later claim.
      if (error instanceof LeaseLostError) lost = true;
      throw error;
    }
  };
  return {
    id: job.id,
    deadline,
    update: (mutate: (job: Job) => void) => take(mutate, false),
    release: (mutate: (job: Job) => void) => {
      const saved = take(mutate, true);
      released = true;
      return saved;
    },
    get released() {
      return released;
    },
    get held() {
      return unconfirmed === null && !lost && !released;
    },
  } satisfies JobHandle;
}

export function dispatch(options: DispatchOptions): DispatchReport {
  const { queue, clock, owner, deadline } = options;
  const reserve = options.reserveMs ?? DEFAULT_DISPATCH_RESERVE_MS;
  const maxWait = options.maxIdleWaitMs ?? DEFAULT_MAX_IDLE_WAIT_MS;
  const maxIdle = options.maxIdleTotalMs ?? DEFAULT_MAX_IDLE_TOTAL_MS;
  const report: DispatchReport = { steps: [], waitedMs: 0 };
  while (clock.now() < deadline - reserve) {
    const peeked = options.tentative ? queue.peek(options.mayRun) : null;
    const tentative = peeked !== null && options.tentative?.(peeked) === true;
    // Where jobs are peeked, a store that shows none due (as this execution read it, with its own writes)
    // is not asked again under the lock: a job someone added since is the next poll's, seconds away. That
    // saves a lock holding at the end of every step (issue 31).
    const job = tentative
      ? peeked
      : options.tentative && peeked === null
        ? null
        : queue.claim(owner, options.mayRun);
    if (job) {
      const handle = handleFor(queue, job, owner, deadline, tentative ? JSON.stringify(job) : null);
      try {
        options.run(job, handle);
      } catch (error) {
        if (!(error instanceof LeaseLostError) && !handle.released) {
          handle.release((saved) => options.onError(saved, error));
        }
      }
      if (!handle.released) {
        try {
          handle.release(() => undefined);
        } catch (error) {
          if (!(error instanceof LeaseLostError)) throw error;
        }
      }
      report.steps.push(job.id);
      continue;
    }
    const next = queue.nextDue(options.mayRun);
    if (next === null) break;
    const wait = Math.max(0, next - clock.now());
    if (wait > maxWait || report.waitedMs + wait > maxIdle || clock.now() + wait >= deadline - reserve) break;
    // A job due now but still leased by another execution: waiting on it is not this execution's work.
    if (wait === 0) break;
    clock.sleep(wait);
    report.waitedMs += wait;
  }
  return report;
}
