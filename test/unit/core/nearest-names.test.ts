// Suggesting the valid name a person most likely meant.
import { describe, expect, it } from "vitest";
import { didYouMean, nearestNames } from "../../../src/core/text/nearest-names.ts";

const ATTRIBUTES = ["employee_count", "industry", "name", "headquarters_country", "founded_year"];

describe("nearestNames", () => {
  it("finds typos, swapped letters, spaces and case", () => {
    expect(nearestNames("industy", ATTRIBUTES)).toEqual(["industry"]);
    expect(nearestNames("indsutry", ATTRIBUTES)).toEqual(["industry"]);
    expect(nearestNames("Employee Count", ATTRIBUTES)).toEqual(["employee_count"]);
    expect(nearestNames("headquarters", ATTRIBUTES)).toEqual(["headquarters_country"]);
  });

  it("suggests nothing when nothing is close", () => {
    expect(nearestNames("revenue", ATTRIBUTES)).toEqual([]);
    expect(nearestNames("", ATTRIBUTES)).toEqual([]);
    expect(didYouMean("zzz", ATTRIBUTES)).toBe("");
  });

  it("reads as a sentence", () => {
    expect(didYouMean("nme", ATTRIBUTES)).toBe(' Did you mean "name"?');
    expect(didYouMean("ab", ["ac", "ad"])).toBe(' Did you mean "ac" or "ad"?');
  });
});
