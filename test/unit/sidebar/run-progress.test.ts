// A job in the sidebar: its progress bar, the line under it, what it spent, and the balance for the chip.
import { describe, expect, it } from "vitest";
import {
  isActiveState,
  type JobProgress,
  progressLine,
  progressPercent,
  shouldDrive,
  spentLine,
  UNATTENDED_MS,
} from "../../../sidebar/lib/run-progress.ts";

const job = (patch: Partial<JobProgress> = {}): JobProgress => ({
  state: "running",
  rowsDone: 120,
  rowsTotal: 500,
  creditsSpent: 240,
  creditsRemaining: 11_088,
  updatedAt: "2026-03-10T09:00:00.000Z",
  ...patch,
});

describe("run progress", () => {
  it("reads rows, credits spent and left", () => {
    expect(progressLine(job())).toBe("120 of 500 rows · 240 credits spent · 11,088 left");
    expect(progressLine(job({ creditsRemaining: null, creditsSpent: 1 }))).toBe(
      "120 of 500 rows · 1 credit spent",
    );
    expect(spentLine(job({ creditsSpent: 1_392 }))).toBe("Spent 1,392 credits · 11,088 left");
  });

  it("says credits possibly charged for a lost answer apart, and no balance the lost answer may have lowered", () => {
    expect(spentLine(job({ creditsSpent: 0, possiblyCharged: 100 }))).toBe(
      "Spent 0 credits · 100 credits possibly charged (an answer was lost)",
    );
  });

  it("fills the bar by rows done, full when a job with no rows is done", () => {
    expect(progressPercent(job())).toBe(24);
    expect(progressPercent(job({ rowsDone: 500 }))).toBe(100);
    expect(progressPercent(job({ rowsTotal: 0, rowsDone: 0, state: "done" }))).toBe(100);
    expect(progressPercent(job({ rowsTotal: 0, rowsDone: 0, state: "queued" }))).toBe(0);
  });

  it("tells a job that is still going from one at rest", () => {
    expect(["queued", "running", "waiting"].map(isActiveState)).toEqual([true, true, true]);
    expect(["done", "stopped", "out_of_credits", "failed"].map(isActiveState)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("shouldDrive", () => {
  it("runs the queue in a published add-on whenever a job is going", () => {
    expect(shouldDrive("waiting", true, 0)).toBe(true);
    expect(shouldDrive("done", true, 0)).toBe(false);
  });

  it("otherwise runs it for a job not picked up yet, or one left unattended past a trigger's minute", () => {
    expect(shouldDrive("queued", false, 0)).toBe(true);
    expect(shouldDrive("running", false, 1_000)).toBe(false);
    expect(shouldDrive("waiting", false, UNATTENDED_MS + 1)).toBe(true);
    expect(shouldDrive("stopped", false, UNATTENDED_MS + 1)).toBe(false);
  });
});
