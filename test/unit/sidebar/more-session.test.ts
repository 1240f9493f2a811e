// What the Lists, Signals and More screens keep while the sidebar is open, and which jobs they still follow.
import { describe, expect, it } from "vitest";
import { isJobActive } from "../../../sidebar/lib/job-poll.ts";
import type { JobStatus } from "../../../sidebar/lib/more-types.ts";
import { createStore } from "../../../sidebar/lib/session-store.ts";

describe("createStore", () => {
  it("keeps a value and tells each listener of a change until it unsubscribes", () => {
    const store = createStore<number | null>(null);
    const heard: (number | null)[] = [];
    const stop = store.subscribe((value) => heard.push(value));
    store.set(7);
    expect(store.get()).toBe(7);
    stop();
    store.set(8);
    expect(heard).toEqual([7]);
    expect(store.get()).toBe(8);
  });
});

describe("isJobActive", () => {
  const status = (state: JobStatus["state"]) => ({ state }) as JobStatus;

  it("follows queued, running and waiting jobs, and lets finished ones rest", () => {
    expect(["queued", "running", "waiting"].map((s) => isJobActive(status(s as JobStatus["state"])))).toEqual(
      [true, true, true],
    );
    expect(
      ["done", "stopped", "out_of_credits", "failed"].map((s) =>
        isJobActive(status(s as JobStatus["state"])),
      ),
    ).toEqual([false, false, false, false]);
  });
});
