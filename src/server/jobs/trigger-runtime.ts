// The dispatcher's trigger executions count their own running time in the user's properties (one read and
// one write as each starts, one write as it ends), so a run knows what is left of the day's allowance
// before it starts a wave: see core/spending/trigger-runtime.ts for what it can and cannot know.
import type { Clock } from "../../api/retry/clock";
import type { Job } from "../../core/jobs/job";
import {
  beginRun,
  DEFAULT_TRIGGER_RUNTIME_MS,
  endRun,
  formatRuntime,
  parseRuntime,
  type RuntimeRecord,
  remainingMs,
  renewsAt,
} from "../../core/spending/trigger-runtime";
import { propertyStore } from "../../platform/properties";
import { formatTime } from "../../platform/spreadsheet-time";

const KEY = "TRIGGER_RUNTIME";
/** Apps Script's limit for one execution: an execution that never recorded its end ran at most this. */
const EXECUTION_LIMIT_MS = 360_000;
/** Time an execution needs after its last wave: releasing jobs, the log, the trigger, recording its end. */
export const RUNTIME_MARGIN_MS = 60_000;

export interface TriggerRuntime {
  /** The latest time work may go on in this execution by the add-on's own count (its deadline's cap). */
  until: number;
  /** When the add-on's count renews. */
  renewsAt: number;
  /** Records this execution's end (its running time joins the day's). */
  end(): void;
}

/**
 * Starts counting this trigger execution. Null when the user's properties cannot keep the count (the day's
 * properties quota out): the execution then runs on its own budget, as before.
 */
export function beginTriggerRuntime(clock: Clock): TriggerRuntime | null {
  const store = propertyStore("user");
  if (!store) return null;
  let record: RuntimeRecord;
  try {
    record = beginRun(parseRuntime(store.get(KEY)), clock.now(), EXECUTION_LIMIT_MS);
    store.put(KEY, formatRuntime(record));
  } catch {
    return null;
  }
  return {
    until: clock.now() + remainingMs(record, DEFAULT_TRIGGER_RUNTIME_MS) - RUNTIME_MARGIN_MS,
    renewsAt: renewsAt(record),
    end: () => {
      try {
        store.put(KEY, formatRuntime(endRun(record, clock.now())));
      } catch {
        // Counted as the longest an execution runs when the next one starts.
      }
    },
  };
}

/** What a job waiting for the day's trigger time says, and until when it waits. */
export function waitForRuntime(job: Job, renewal: number): void {
  job.notBefore = renewal;
  job.message = `Paused: today's background running time for your account (90 minutes on a consumer account) is nearly used up, so no new part of this job starts now; nothing was lost. It goes on by itself after ${formatTime(renewal)}.`;
}
