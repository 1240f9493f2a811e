// The harness clock and the durations tests give it.
import { describe, expect, it } from "vitest";
import { parseDuration } from "../../../harness/duration.ts";
import { createClock, HarnessUsageError } from "../../../harness/index.ts";

describe("parseDuration", () => {
  it("reads milliseconds and unit strings", () => {
    expect(["250ms", "30s", "15m", "1h", "2d", "1w", "1h30m", "1.5h", 42].map(parseDuration)).toEqual([
      250, 30_000, 900_000, 3_600_000, 172_800_000, 604_800_000, 5_400_000, 5_400_000, 42,
    ]);
  });

  it("refuses anything else with a message that shows the accepted forms", () => {
    const message = (input: unknown) =>
      `Invalid duration ${JSON.stringify(input)}: use milliseconds (a number of at least 0) or a number with a unit, e.g. "30s", "15m", "1h", "2d".`;
    for (const bad of ["", "1 hour", "h", "5x", -1, Number.NaN]) {
      expect(() => parseDuration(bad as string)).toThrow(message(bad));
    }
  });
});

describe("createClock", () => {
  it("starts where asked and advances by durations", () => {
    const clock = createClock(1_000);
    clock.advance("2s");
    clock.advance(500);
    expect(clock.now()).toBe(3_500);
  });

  it("hands out now() that works unbound, as the emulator state takes it", () => {
    const clock = createClock(5);
    const { now } = clock;
    expect(now()).toBe(5);
  });

  it("refuses a start that is not a number", () => {
    expect(() => createClock(Number.NaN)).toThrow(
      new HarnessUsageError("createClock needs epoch milliseconds; got NaN."),
    );
  });
});
