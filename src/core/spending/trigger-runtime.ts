// The add-on's own count of its trigger executions' running time against Apps Script's daily allowance
// (90 minutes on a consumer account, 6 hours on Workspace), so the dispatcher starts no wave the day's
// remaining time cannot finish and checkpoint. What it knows: its own triggers' time, as each records it.
// What it cannot know: the time the user's other scripts and add-ons spend from the same allowance, and
// when Google's 24-hour window opened for them; a cut they cause is survived (answers journaled first),
// not foreseen.

/** The smaller allowance (a consumer account): the add-on cannot tell the account's kind. */
export const DEFAULT_TRIGGER_RUNTIME_MS = 90 * 60_000;
const DAY_MS = 86_400_000;

export interface RuntimeRecord {
  /** When the add-on's window opened (its first trigger execution counted in it). */
  windowStart: number;
  /** Running time of the add-on's trigger executions that ended in the window. */
  usedMs: number;
  /** The start of an execution that has not recorded its end (running now, or stopped before it could). */
  openSince: number | null;
}

export function parseRuntime(text: string | null): RuntimeRecord | null {
  const match = text ? /^(\d{1,16})\|(\d{1,12})\|(\d{0,16})$/.exec(text) : null;
  if (!match) return null;
  return {
    windowStart: Number(match[1]),
    usedMs: Number(match[2]),
    openSince: match[3] ? Number(match[3]) : null,
  };
}

export function formatRuntime(record: RuntimeRecord): string {
  return `${record.windowStart}|${record.usedMs}|${record.openSince ?? ""}`;
}

/**
 * The record as an execution starting at `now` finds it: a new window after 24 hours, and an earlier
 * execution that never recorded its end counted as having run `longestRunMs` (the platform stopped it,
 * at its own limit or at the day's).
 */
export function beginRun(record: RuntimeRecord | null, now: number, longestRunMs: number): RuntimeRecord {
  let current = record;
  if (current?.openSince != null) {
    current = { ...current, usedMs: current.usedMs + longestRunMs, openSince: null };
  }
  if (!current || now - current.windowStart >= DAY_MS)
    current = { windowStart: now, usedMs: 0, openSince: null };
  return { ...current, openSince: now };
}

/** Closes the execution that began at `record.openSince`, counting its time. */
export function endRun(record: RuntimeRecord, now: number): RuntimeRecord {
  if (record.openSince === null) return record;
  return { ...record, usedMs: record.usedMs + Math.max(0, now - record.openSince), openSince: null };
}

/** What the add-on's own count leaves of the day's allowance when an execution starts. */
export function remainingMs(record: RuntimeRecord, limitMs = DEFAULT_TRIGGER_RUNTIME_MS): number {
  return Math.max(0, limitMs - record.usedMs);
}

/** When the add-on's window renews (24 hours after it opened). */
export function renewsAt(record: RuntimeRecord): number {
  return record.windowStart + DAY_MS;
}
