// What the emulator remembers between requests and its options; time always comes from `state.now()`.
import { type Account, createAccount, DEMO_ACCOUNT, DEMO_CREDITS } from "./accounts.ts";
import { Dataset } from "./dataset/index.ts";
import { FaultQueue } from "./faults.ts";
import { IdGenerator } from "./ids.ts";
import type { PeopleJob, PeopleJobTiming } from "./people/jobs.ts";
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimitOptions } from "./rate-limit.ts";

export interface EmulatorOptions {
  /** Seed of the generated dataset (default 7). */
  seed?: number;
  /** Number of organizations (default 5,000). */
  orgs?: number;
  /** Clock in milliseconds (default Date.now). */
  now?: () => number;
  /** Retry-After of a pending intelligence brief, in whole seconds (default 2). */
  briefRetryAfterSeconds?: number;
  /** Per-key rate limit (default 10 per second, burst 20); false turns it off. */
  rateLimit?: RateLimitOptions | false;
  /** People job progress (default: running after 1 s or 1 poll, succeeded after 3 s or 3 polls). */
  peopleJob?: Partial<PeopleJobTiming>;
  /** Balance of the demo account (default 1,000,000). */
  demoCredits?: number;
}

export interface ResolvedOptions {
  seed: number;
  orgs: number;
  briefRetryAfterSeconds: number;
  rateLimit: RateLimitOptions | false;
  peopleJob: PeopleJobTiming;
  demoCredits: number;
}

export interface EmulatorState {
  readonly options: ResolvedOptions;
  readonly now: () => number;
  readonly dataset: Dataset;
  readonly accounts: Map<string, Account>;
  readonly rateLimiter: RateLimiter;
  readonly faults: FaultQueue;
  /** Organization index → when its brief was first requested (ms). */
  readonly briefs: Map<number, number>;
  readonly peopleJobs: Map<string, PeopleJob>;
  readonly ids: IdGenerator;
}

export const DEFAULT_PEOPLE_JOB_TIMING: PeopleJobTiming = {
  runningAfterMs: 1000,
  runningAfterPolls: 1,
  succeededAfterMs: 3000,
  succeededAfterPolls: 3,
};

export function createEmulatorState(options: EmulatorOptions = {}): EmulatorState {
  const now = options.now ?? Date.now;
  const resolved: ResolvedOptions = {
    seed: options.seed ?? 7,
    orgs: options.orgs ?? 5000,
    briefRetryAfterSeconds: options.briefRetryAfterSeconds ?? 2,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    peopleJob: { ...DEFAULT_PEOPLE_JOB_TIMING, ...options.peopleJob },
    demoCredits: options.demoCredits ?? DEMO_CREDITS,
  };
  const state: EmulatorState = {
    options: resolved,
    now,
    dataset: new Dataset({ seed: resolved.seed, orgs: resolved.orgs, now: now() }),
    accounts: new Map(),
    rateLimiter: new RateLimiter(resolved.rateLimit),
    faults: new FaultQueue(),
    briefs: new Map(),
    peopleJobs: new Map(),
    ids: new IdGenerator(resolved.seed),
  };
  resetState(state);
  return state;
}

/** Back to the seeded state: only the demo account, nothing charged, no jobs, briefs or faults. */
export function resetState(state: EmulatorState): void {
  state.accounts.clear();
  state.accounts.set(
    DEMO_ACCOUNT.apiKey,
    createAccount({ ...DEMO_ACCOUNT, credits: state.options.demoCredits }),
  );
  state.rateLimiter.reset();
  state.faults.clear();
  state.briefs.clear();
  state.peopleJobs.clear();
  state.ids.reset();
}
