// The harness clock shared by the fakes and the emulator: per-execution cursors, advance() fires triggers.
import { type Duration, parseDuration } from "./duration.ts";
import { HarnessUsageError } from "./errors.ts";

export interface Clock {
  /** Epoch milliseconds: the running execution's cursor, or the harness time between executions. */
  now(): number;
  /** Moves harness time forward, firing every time-driven trigger that falls due, in time order. */
  advance(by: Duration): void;
}

/** Something with scheduled work on the timeline (the trigger table). */
export interface ClockScheduler {
  nextDue(): number | null;
  fire(at: number): void;
}

interface Cursor {
  cursor: number;
}

export class HarnessClock implements Clock {
  #base: number;
  #active: Cursor | null = null;
  #schedulers = new Set<ClockScheduler>();

  constructor(startMs: number) {
    this.#base = startMs;
  }

  // Arrow properties, so `now: clock.now` can be handed to the emulator unbound.
  now = (): number => (this.#active ? this.#active.cursor : this.#base);

  advance = (by: Duration): void => {
    if (this.#active)
      throw new HarnessUsageError("clock.advance cannot be called while an execution is running.");
    const target = this.#base + parseDuration(by);
    for (;;) {
      let next: { at: number; scheduler: ClockScheduler } | null = null;
      for (const scheduler of this.#schedulers) {
        const due = scheduler.nextDue();
        if (due !== null && due <= target && (!next || due < next.at)) next = { at: due, scheduler };
      }
      if (!next) break;
      this.#base = Math.max(this.#base, next.at);
      next.scheduler.fire(this.#base);
    }
    this.#base = target;
  };

  get base(): number {
    return this.#base;
  }

  /** Moves harness time to `ms` if that is later (an execution that finished there). */
  reach(ms: number): void {
    this.#base = Math.max(this.#base, ms);
  }

  get running(): boolean {
    return this.#active !== null;
  }

  /** Runs `fn` with now() reading `cursor` (the execution's virtual time). */
  within<T>(cursor: Cursor, fn: () => T): T {
    const previous = this.#active;
    this.#active = cursor;
    try {
      return fn();
    } finally {
      this.#active = previous;
    }
  }

  addScheduler(scheduler: ClockScheduler): void {
    this.#schedulers.add(scheduler);
  }
}

/** A clock starting at `startMs` (default: the wall time now), to share between the harness and an emulator. */
export function createClock(startMs: number = Date.now()): Clock {
  if (!Number.isFinite(startMs)) {
    throw new HarnessUsageError(`createClock needs epoch milliseconds; got ${String(startMs)}.`);
  }
  return new HarnessClock(startMs);
}

export function harnessClock(clock: Clock): HarnessClock {
  if (!(clock instanceof HarnessClock)) {
    throw new HarnessUsageError("The harness needs a clock made by createClock().");
  }
  return clock;
}
