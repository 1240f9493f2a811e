// The persisted job queue: jobs in the spreadsheet's job store, changed under the lock, leased to one execution.

import type { Clock } from "../../api/retry/clock";
import { quoteInput } from "../../api/words/quote-input";
import type { Mutex } from "../spending/mutex";
import type { ChunkedStore } from "./chunked-store";
import { type Home, isActive, type Job } from "./job";
import { STOP_PREFIX, type StopRecord, stopKey, withStop } from "./stops";

/** The refusal for a job id that names no job of this spreadsheet. */
export function noJobMessage(id: unknown): string {
  return `There is no job ${quoteInput(id)} in this spreadsheet.`;
}

export const JOB_PREFIX = "job:";
/** Longer than Apps Script's 6-minute execution limit, so only a dead execution's lease expires. */
export const DEFAULT_LEASE_MS = 7 * 60_000;
export const DEFAULT_QUEUE_LOCK_TIMEOUT_MS = 10_000;
/** Finished jobs kept for the sidebar to show; older ones are deleted when a job is added. */
export const DEFAULT_KEEP_FINISHED = 20;

/** The jobs' lock could not be had in time. */
export class QueueBusyError extends Error {
  override name = "QueueBusyError";
}

/** The job is no longer held by this execution (its lease expired and another took it, or it is gone). */
export class LeaseLostError extends Error {
  override name = "LeaseLostError";
}

export class JobNotFoundError extends Error {
  override name = "JobNotFoundError";
}

export interface JobQueueOptions {
  store: ChunkedStore;
  mutex: Mutex;
  clock: Clock;
  /** Default: 7 minutes (DEFAULT_LEASE_MS). */
  leaseMs?: number;
  /** Default: 10,000 ms (DEFAULT_QUEUE_LOCK_TIMEOUT_MS). */
  lockTimeoutMs?: number;
  /** Default: 20 (DEFAULT_KEEP_FINISHED). */
  keepFinished?: number;
  /** The spreadsheet the store belongs to, written on every job added (see home.ts). */
  home?: () => Home;
}

function key(id: string): string {
  return `${JOB_PREFIX}${id}`;
}

function leaseFree(job: Job, now: number): boolean {
  return job.lease === null || job.lease.until <= now;
}

export class JobQueue {
  readonly leaseMs: number;
  private readonly store: ChunkedStore;
  private readonly mutex: Mutex;
  private readonly clock: Clock;
  private readonly lockTimeoutMs: number;
  private readonly keepFinished: number;
  private readonly home: (() => Home) | undefined;

  constructor(options: JobQueueOptions) {
    this.store = options.store;
    this.mutex = options.mutex;
    this.clock = options.clock;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.lockTimeoutMs = options.lockTimeoutMs ?? DEFAULT_QUEUE_LOCK_TIMEOUT_MS;
    this.keepFinished = options.keepFinished ?? DEFAULT_KEEP_FINISHED;
    this.home = options.home;
  }

  /** Runs `fn` under the document lock; a lock that cannot be had is a QueueBusyError. */
  locked<T>(fn: () => T): T {
    return this.holding(() => {
      // Under the lock, read what other executions wrote, not what this one read before.
      this.store.refresh();
      return fn();
    });
  }

  /**
   * Runs `fn` holding the queue's lock, for work that must share one holding with the queue calls inside
   * it (a job's release and its log row): with a mutex that is reentrant per execution (LockService's, see
   * src/platform/lock.ts) those calls run at once, each reading the store afresh as always. A lock that
   * cannot be had is a QueueBusyError.
   */
  holding<T>(fn: () => T): T {
    let ran = false;
    try {
      return this.mutex.runExclusive(() => {
        ran = true;
        return fn();
      }, this.lockTimeoutMs);
    } catch (error) {
      if (ran) throw error;
      throw new QueueBusyError(
        "Another execution is updating this spreadsheet's background jobs. Try again in a moment.",
      );
    }
  }

  /** The job, with its recorded Stop if any (see STOP_PREFIX). */
  get(id: string): Job | null {
    const job = this.store.read<Job>(key(id));
    return job ? withStop(job, this.store.read<StopRecord>(stopKey(id))) : null;
  }

  /** Every job, oldest first, each with its recorded Stop if any. */
  list(): Job[] {
    const stops = new Map(this.store.readAll<StopRecord>(STOP_PREFIX).map((r) => [r.key, r.value]));
    return this.store
      .readAll<Job>(JOB_PREFIX)
      .map((r) => withStop(r.value, stops.get(stopKey(r.value.id)) ?? null))
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * Records a Stop of job `id` by `by`, under the lock; `check` refuses a job with nothing to stop by
   * throwing. A job some execution holds is not written (its holder may be checkpointing it without
   * this lock): every later read of it, by any execution, sees it stopping, and its holder stops before
   * its next request (see stopRecorded). One nobody holds is brought to rest at once by `atRest`; the
   * record stays until it is resumed, so a holder that took it meanwhile and writes it back running still
   * stops.
   */
  requestStop(
    id: string,
    by: StopRecord["by"],
    check: (job: Job) => void,
    atRest: (job: Job, now: number) => void,
  ): Job {
    return this.locked(() => {
      const job = this.get(id);
      if (!job) throw new JobNotFoundError(noJobMessage(id));
      check(job);
      const now = this.clock.now();
      this.store.write(stopKey(id), { at: now, by } satisfies StopRecord);
      if (!leaseFree(job, now)) return this.get(id) as Job;
      atRest(job, now);
      job.updatedAt = now;
      this.store.write(key(id), job);
      return job;
    });
  }

  /**
   * Whether a Stop of job `id` is recorded, read afresh from the store (a cache read when nobody wrote
   * since this execution last read): asked just before each paid request goes out.
   */
  stopRecorded(id: string): boolean {
    this.store.refresh();
    return this.store.read<StopRecord>(stopKey(id)) !== null;
  }

  /** Adds a job and deletes the oldest finished ones beyond the number kept. */
  add(job: Job): void {
    this.addWith(() => job);
  }

  /**
   * Adds the job `make` builds from the jobs already queued, under the same lock: two executions starting
   * jobs at once each see the other's (so they can pick other columns, or refuse, by throwing).
   */
  addWith(make: (jobs: Job[]) => Job): Job {
    return this.locked(() => {
      const job = make(this.list());
      if (this.home && !job.home) job.home = this.home();
      this.store.write(key(job.id), job);
      const finished = this.list()
        .filter((j) => !isActive(j))
        .sort((a, b) => b.updatedAt - a.updatedAt);
      for (const old of finished.slice(this.keepFinished)) {
        this.store.remove(key(old.id));
        this.clearStop(old.id);
      }
      this.store.sweep(JOB_PREFIX);
      return job;
    });
  }

  /**
   * Takes the job due first whose lease is free, leases it to `owner` and marks it running. Jobs are
   * due when active and their `notBefore` has come.
   */
  claim(owner: string, mayRun: (job: Job) => boolean = () => true): Job | null {
    return this.locked(() => {
      const job = this.due(mayRun);
      if (!job) return null;
      this.lease(job, owner);
      job.state = "running";
      this.store.write(key(job.id), job);
      return job;
    });
  }

  /**
   * The job claim() would take, as this execution last read the store, without the lock and without
   * writing: a claim to confirm with its first checkpoint (see confirm), for work that reads before it
   * writes or pays.
   */
  peek(mayRun: (job: Job) => boolean = () => true): Job | null {
    return this.due(mayRun);
  }

  /**
   * Leases a peeked job to `owner` and applies `mutate`, in one write, if the store still holds it as it
   * was peeked (`seen`, its JSON then) with its lease free; LeaseLostError when anything changed it since —
   * another execution claimed it, Stop was pressed — so nothing done on the stale copy is kept or paid for.
   */
  confirm(id: string, owner: string, seen: string, mutate: (job: Job) => void, release: boolean): Job {
    return this.locked(() => {
      const job = this.get(id);
      if (!job || JSON.stringify(job) !== seen || !leaseFree(job, this.clock.now())) {
        throw new LeaseLostError(`Job ${id} changed before this execution could take it.`);
      }
      job.state = "running";
      mutate(job);
      if (release) {
        job.lease = null;
        job.updatedAt = this.clock.now();
      } else this.lease(job, owner);
      this.store.write(key(id), job);
      return job;
    });
  }

  /** Changes a job this execution holds, renewing the lease; LeaseLostError when it holds it no more. */
  update(id: string, owner: string, mutate: (job: Job) => void): Job {
    return this.locked(() => {
      const job = this.held(id, owner);
      mutate(job);
      this.lease(job, owner);
      this.store.write(key(id), job);
      return job;
    });
  }

  /** Changes a job this execution holds and gives up its lease. */
  release(id: string, owner: string, mutate: (job: Job) => void): Job {
    return this.locked(() => {
      const job = this.held(id, owner);
      mutate(job);
      job.lease = null;
      job.updatedAt = this.clock.now();
      this.store.write(key(id), job);
      // At rest, its Stop is honoured (or moot): a paused job keeps it for its next step.
      if (!isActive(job)) this.clearStop(id);
      return job;
    });
  }

  /** Changes a job whoever holds it (stop and resume requests from the sidebar). */
  modify(id: string, mutate: (job: Job, now: number) => void): Job {
    return this.locked(() => {
      const job = this.get(id);
      if (!job) throw new JobNotFoundError(noJobMessage(id));
      const now = this.clock.now();
      mutate(job, now);
      job.updatedAt = now;
      this.store.write(key(id), job);
      // Resumed (active and no longer stopping): an earlier Stop is spent.
      if (isActive(job) && !job.stopRequested) this.clearStop(id);
      return job;
    });
  }

  private clearStop(id: string): void {
    if (this.store.read(stopKey(id)) !== null) this.store.remove(stopKey(id));
  }

  /** Writes a job as it is; the caller holds the lock (inside locked) and has read it there. */
  put(job: Job): void {
    this.store.write(key(job.id), job);
  }

  remove(id: string): void {
    this.locked(() => {
      this.store.remove(key(id));
      this.clearStop(id);
    });
  }

  /** When the next job falls due (now or later), or null when no job is active. */
  nextDue(mayRun: (job: Job) => boolean = () => true): number | null {
    let next: number | null = null;
    for (const job of this.list()) {
      if (!isActive(job) || !mayRun(job)) continue;
      const at = Math.max(job.notBefore, job.lease?.until ?? 0);
      next = next === null ? at : Math.min(next, at);
    }
    return next;
  }

  hasActive(): boolean {
    return this.list().some(isActive);
  }

  /** The active job of `mayRun` due first (then oldest first) whose lease is free, in the store as read. */
  private due(mayRun: (job: Job) => boolean): Job | null {
    const now = this.clock.now();
    const due = this.list()
      .filter((job) => isActive(job) && mayRun(job) && job.notBefore <= now && leaseFree(job, now))
      .sort((a, b) => a.notBefore - b.notBefore || a.createdAt - b.createdAt);
    return due[0] ?? null;
  }

  private lease(job: Job, owner: string): void {
    const now = this.clock.now();
    job.updatedAt = now;
    job.lease = { owner, until: now + this.leaseMs };
  }

  private held(id: string, owner: string): Job {
    const job = this.get(id);
    if (!job || job.lease === null || job.lease.owner !== owner) {
      throw new LeaseLostError(`Job ${id} is no longer held by this execution.`);
    }
    return job;
  }
}
