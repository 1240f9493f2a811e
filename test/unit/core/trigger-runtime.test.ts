// The add-on's own count of its trigger executions' time against the day's allowance.
import { describe, expect, it } from "vitest";
import {
  beginRun,
  DEFAULT_TRIGGER_RUNTIME_MS,
  endRun,
  formatRuntime,
  parseRuntime,
  remainingMs,
  renewsAt,
} from "../../../src/core/spending/trigger-runtime.ts";

const MIN = 60_000;
const DAY = 86_400_000;
const LONGEST = 6 * MIN;

describe("the trigger runtime count", () => {
  it("opens a window at the first execution and counts each execution's time to its end", () => {
    const first = beginRun(null, 1_000, LONGEST);
    expect(first).toEqual({ windowStart: 1_000, usedMs: 0, openSince: 1_000 });
    const ended = endRun(first, 1_000 + 4 * MIN);
    expect(ended).toEqual({ windowStart: 1_000, usedMs: 4 * MIN, openSince: null });
    expect(remainingMs(ended)).toBe(DEFAULT_TRIGGER_RUNTIME_MS - 4 * MIN);
    expect(renewsAt(ended)).toBe(1_000 + DAY);
  });

  it("counts an execution that never recorded its end as the longest one runs", () => {
    const killed = beginRun(null, 0, LONGEST);
    const next = beginRun(killed, 60 * MIN, LONGEST);
    expect(next).toEqual({ windowStart: 0, usedMs: LONGEST, openSince: 60 * MIN });
  });

  it("starts again 24 hours after the window opened, and never leaves less than nothing", () => {
    const spent = { windowStart: 0, usedMs: 95 * MIN, openSince: null };
    expect(remainingMs(spent)).toBe(0);
    expect(beginRun(spent, DAY - 1, LONGEST).usedMs).toBe(95 * MIN);
    expect(beginRun(spent, DAY, LONGEST)).toEqual({ windowStart: DAY, usedMs: 0, openSince: DAY });
  });

  it("is kept as text and read back; anything else reads as no record", () => {
    const record = { windowStart: 1_764_000_000_000, usedMs: 12_345, openSince: null };
    expect(parseRuntime(formatRuntime(record))).toEqual(record);
    const open = { ...record, openSince: 1_764_000_100_000 };
    expect(parseRuntime(formatRuntime(open))).toEqual(open);
    expect(parseRuntime("garbage")).toBeNull();
    expect(parseRuntime(null)).toBeNull();
  });
});
