// The mutation score's 95% Wilson interval and Stryker's way of counting statuses.
import { describe, expect, it } from "vitest";
import { durationText, scoreText, tally, wilson } from "../../../scripts/mutate/score.ts";

describe("tally", () => {
  it("counts timeouts as killed and no coverage as survived, errors and ignored as neither", () => {
    expect(
      tally([
        "Killed",
        "Timeout",
        "Survived",
        "NoCoverage",
        "CompileError",
        "RuntimeError",
        "Ignored",
        "Killed",
      ]),
    ).toEqual({ killed: 3, survived: 2 });
  });
});

describe("wilson", () => {
  it("matches the published interval for 8 of 10 (0.490–0.943)", () => {
    const { low, high } = wilson({ killed: 8, survived: 2 });
    expect(low).toBeCloseTo(0.4902, 4);
    expect(high).toBeCloseTo(0.9433, 4);
  });

  it("stays inside 0 and 1 at the ends, and narrows with more mutants", () => {
    const all = wilson({ killed: 2, survived: 0 });
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.3424, 4);
    const none = wilson({ killed: 0, survived: 5 });
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.4345, 4);
    const small = wilson({ killed: 9, survived: 1 });
    const large = wilson({ killed: 900, survived: 100 });
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    expect(large.low).toBeCloseTo(0.8798, 4);
    expect(large.high).toBeCloseTo(0.9171, 4);
  });

  it("knows nothing without mutants", () => {
    expect(wilson({ killed: 0, survived: 0 })).toEqual({ low: 0, high: 1 });
  });
});

describe("scoreText and durationText", () => {
  it("say the score, its interval and the count", () => {
    expect(scoreText({ killed: 8, survived: 2 })).toBe("80.0% (95% interval 49.0%–94.3%), 8 killed of 10");
    expect(scoreText({ killed: 0, survived: 0 })).toBe("n/a (no mutant was killed or survived)");
    expect(durationText(754_400)).toBe("12 min 34 s");
    expect(durationText(59_600)).toBe("1 min 0 s");
  });
});
