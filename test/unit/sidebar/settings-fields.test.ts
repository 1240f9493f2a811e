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
  it("offers presets from 10 minutes to 90 days", () => {
    expect(lifetimeOptions(30 * 86_400).map((o) => o.label)).toEqual([
      "10 minutes",
      "30 minutes",
      "1 hour",
      "6 hours",
      "1 day",
      "7 days",
      "30 days",
      "90 days (longest)",
    ]);
  });

  it("keeps a stored value that is none of the presets, in order", () => {
    expect(lifetimeOptions(90).map((o) => [o.seconds, o.label])).toEqual([
      [90, "90 seconds"],
      [600, "10 minutes"],
      [1800, "30 minutes"],
      [3600, "1 hour"],
      [21_600, "6 hours"],
      [86_400, "1 day"],
      [604_800, "7 days"],
      [2_592_000, "30 days"],
      [7_776_000, "90 days (longest)"],
    ]);
  });

  it("offers only lifetimes the server accepts", () => {
    for (const { seconds } of lifetimeOptions(30 * 86_400)) {
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
