// Tests for the clock helpers.
import { describe, expect, it } from "vitest";
import { msUntil, sleepFor } from "../../../src/api/retry/clock.ts";
import { FakeClock } from "./fakes.ts";

describe("clock helpers", () => {
  it("measures the time left until a deadline, negative once passed", () => {
    const clock = new FakeClock(1_000);
    expect(msUntil(clock, 1_750)).toBe(750);
    clock.advance(1_000);
    expect(msUntil(clock, 1_750)).toBe(-250);
  });

  it("sleeps for a positive duration", () => {
    const clock = new FakeClock(0);
    sleepFor(clock, 120);
    expect(clock.sleeps).toEqual([120]);
    expect(clock.now()).toBe(120);
  });

  it.each([0, -30])("does not call sleep for %i ms", (ms) => {
    const clock = new FakeClock(0);
    sleepFor(clock, ms);
    expect(clock.sleeps).toEqual([]);
  });
});
