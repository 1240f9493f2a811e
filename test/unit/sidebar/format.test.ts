// The sidebar writes numbers, credits, ages and durations the same way for every user.
import { describe, expect, it } from "vitest";
import { formatAge, formatCredits, formatDuration, formatNumber } from "../../../sidebar/lib/format.ts";

describe("formatNumber and formatCredits", () => {
  it.each([
    [0, "0", "0 credits"],
    [1, "1", "1 credit"],
    [999, "999", "999 credits"],
    [1000, "1,000", "1,000 credits"],
    [12480, "12,480", "12,480 credits"],
    [1234567, "1,234,567", "1,234,567 credits"],
    [-1500, "-1,500", "-1,500 credits"],
  ])("writes %d as %s", (value, number, credits) => {
    expect(formatNumber(value)).toBe(number);
    expect(formatCredits(value)).toBe(credits);
  });
});

describe("formatAge", () => {
  const now = Date.parse("2026-03-10T12:00:00Z");
  it.each([
    ["2026-03-10T11:59:55Z", "just now"],
    ["2026-03-10T11:59:30Z", "30 s ago"],
    ["2026-03-10T11:55:00Z", "5 min ago"],
    ["2026-03-10T09:00:00Z", "3 h ago"],
    ["2026-03-09T12:00:00Z", "1 day ago"],
    ["2026-03-07T11:00:00Z", "3 days ago"],
    ["2026-03-10T12:05:00Z", "just now"],
    ["not a time", "just now"],
  ])("reads %s as %s", (iso, text) => {
    expect(formatAge(iso, now)).toBe(text);
  });
});

describe("formatDuration", () => {
  it.each([
    [60, "1 minute"],
    [600, "10 minutes"],
    [3600, "1 hour"],
    [21600, "6 hours"],
    [90, "90 seconds"],
    [5400, "90 minutes"],
  ])("writes %d seconds as %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
