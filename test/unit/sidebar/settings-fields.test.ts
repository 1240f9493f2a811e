// The Settings form fields: the cache lifetime choices and the daily cap text.
import { describe, expect, it } from "vitest";
import { lifetimeOptions } from "../../../sidebar/lib/cache-lifetime.ts";
import { capToText, textToCap } from "../../../sidebar/lib/daily-cap.ts";
import {
  CACHE_LIFETIME_MAX,
  CACHE_LIFETIME_MIN,
  validateFormulaSettings,
} from "../../../src/core/settings.ts";

describe("lifetimeOptions", () => {
  it("offers presets from 10 minutes to 6 hours", () => {
    expect(lifetimeOptions(21_600).map((o) => o.label)).toEqual([
      "10 minutes",
      "30 minutes",
      "1 hour",
      "3 hours",
      "6 hours (longest)",
    ]);
  });

  it("keeps a stored value that is none of the presets, in order", () => {
    expect(lifetimeOptions(90).map((o) => [o.seconds, o.label])).toEqual([
      [90, "90 seconds"],
      [600, "10 minutes"],
      [1800, "30 minutes"],
      [3600, "1 hour"],
      [10_800, "3 hours"],
      [21_600, "6 hours (longest)"],
    ]);
  });

  it("offers only lifetimes the server accepts", () => {
    for (const { seconds } of lifetimeOptions(21_600)) {
      expect(seconds).toBeGreaterThanOrEqual(CACHE_LIFETIME_MIN);
      expect(seconds).toBeLessThanOrEqual(CACHE_LIFETIME_MAX);
      expect(() =>
        validateFormulaSettings({ killSwitch: false, dailyCap: null, cacheLifetimeSeconds: seconds }),
      ).not.toThrow();
    }
  });
});

describe("daily cap text", () => {
  it.each([
    [null, ""],
    [0, "0"],
    [2500, "2500"],
  ])("shows %s as %j", (cap, text) => {
    expect(capToText(cap)).toBe(text);
  });

  it.each([
    ["", null],
    ["   ", null],
    ["0", 0],
    [" 2500 ", 2500],
  ])("reads %j as %s", (text, cap) => {
    expect(textToCap(text)).toBe(cap);
  });
});
