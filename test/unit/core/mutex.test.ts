// Tests for tryExclusive: a lock time-out is an answer, a failure of the guarded work is not.
import { describe, expect, it } from "vitest";
import { tryExclusive } from "../../../src/core/spending/mutex.ts";
import { FakeMutex } from "./fakes.ts";

describe("tryExclusive", () => {
  it("returns the guarded work's value while holding the lock", () => {
    const mutex = new FakeMutex();
    let heldDuring = false;
    const outcome = tryExclusive(
      mutex,
      () => {
        heldDuring = mutex.held;
        return 42;
      },
      1_000,
    );
    expect(outcome).toEqual({ acquired: true, value: 42 });
    expect(heldDuring).toBe(true);
    expect(mutex.held).toBe(false);
  });

  it("reports a lock time-out without running the work", () => {
    const mutex = new FakeMutex();
    mutex.holdElsewhere();
    let ran = false;
    const outcome = tryExclusive(
      mutex,
      () => {
        ran = true;
      },
      1_000,
    );
    expect(outcome).toEqual({ acquired: false });
    expect(ran).toBe(false);
    expect(mutex.timeouts).toBe(1);
  });

  it("lets an error of the guarded work propagate and releases the lock", () => {
    const mutex = new FakeMutex();
    expect(() =>
      tryExclusive(
        mutex,
        () => {
          throw new Error("cache write failed");
        },
        1_000,
      ),
    ).toThrow("cache write failed");
    expect(mutex.held).toBe(false);
  });
});
