// The credits chip turns amber under 5% of the last top-up and red at zero, and says how fresh it is.
import { describe, expect, it } from "vitest";
import {
  chipDescription,
  chipLevel,
  chipText,
  spentTodayText,
  todaySince,
} from "../../../sidebar/lib/credits-chip.ts";

const view = (
  remaining: number,
  topUp: number,
  asOf: string | null = null,
  spentToday = 0,
  from: "paid" | "read" = "paid",
) => ({
  remaining,
  topUp,
  asOf,
  spentToday,
  from,
  formulasToday: 0,
  possiblyToday: 0,
  balanceBeforeLoss: false,
  version: "v",
});

describe("chipLevel", () => {
  it.each([
    ["unknown without a balance", null, "unknown"],
    ["ok at the top-up", view(10_000, 10_000), "ok"],
    ["ok at exactly 5%", view(500, 10_000), "ok"],
    ["low just under 5%", view(499, 10_000), "low"],
    ["low at 1 credit", view(1, 10_000), "low"],
    ["empty at 0", view(0, 10_000), "empty"],
    ["empty below 0", view(-3, 10_000), "empty"],
    ["ok when the balance is above the recorded top-up", view(20_000, 10_000), "ok"],
    ["empty at 0 even with no top-up seen", view(0, 0), "empty"],
  ] as const)("is %s", (_name, credits, level) => {
    expect(chipLevel(credits)).toBe(level);
  });
});

describe("chipText and chipDescription", () => {
  const now = Date.parse("2026-03-10T12:00:00Z");

  it("shows the balance, or a neutral label before one is known", () => {
    expect(chipText(view(12_480, 20_000))).toBe("12,480 credits");
    expect(chipText(null)).toBe("Credits");
  });

  it("says when the sidebar read the balance, and that refreshing is free", () => {
    expect(chipDescription(view(12_480, 20_000, "2026-03-10T11:55:00Z", 0, "read"), now)).toBe(
      "12,480 credits left, read from the service, 5 min ago. Spent today (since 00:00, this spreadsheet's time zone): 0 credits, of which formulas 0 credits. Select to refresh (free).",
    );
  });

  it("says the balance came from the last paid answer, and how long ago", () => {
    expect(chipDescription(view(12_480, 20_000, "2026-03-10T11:58:00Z"), now)).toBe(
      "12,480 credits left, from the last paid answer, 2 min ago. Spent today (since 00:00, this spreadsheet's time zone): 0 credits, of which formulas 0 credits. Select to refresh (free).",
    );
  });

  it("says what was spent today, and since when", () => {
    expect(chipDescription(view(12_480, 20_000, null, 1_392), now)).toContain(
      "Spent today (since 00:00, this spreadsheet's time zone): 1,392 credits,",
    );
  });

  it("counts credits possibly charged for lost answers in today's total, said apart", () => {
    const lost = { ...view(12_380, 20_000, "2026-03-10T11:59:55Z", 40, "read"), possiblyToday: 100 };
    expect(chipDescription({ ...lost, formulasToday: 30 }, now)).toBe(
      "12,380 credits left, read from the service, just now. Spent today (since 00:00, this spreadsheet's time zone): 140 credits, of which formulas 30 credits and 100 credits possibly charged for answers that were lost. Select to refresh (free).",
    );
  });

  it('says "just now" only within seconds, then the seconds', () => {
    expect(chipDescription(view(5, 10, "2026-03-10T11:59:33Z"), now)).toContain(
      "from the last paid answer, 27 s ago.",
    );
  });

  it("warns when the balance is low or gone", () => {
    expect(chipDescription(view(100, 10_000), now)).toContain(
      "Running low: under 5% of the highest balance seen.",
    );
    expect(chipDescription(view(0, 10_000), now)).toContain(
      "The account is out of credits: paid actions stop until it is topped up.",
    );
  });

  it.each([null, view(12_480, 20_000), view(100, 10_000), view(0, 10_000)])(
    "starts its accessible name with the visible text (%j)",
    (credits) => {
      expect(chipDescription(credits, now).startsWith(chipText(credits))).toBe(true);
    },
  );

  it("invites a first read when nothing is known", () => {
    expect(chipDescription(null, now)).toBe("Credits: balance not known yet. Select to read it (free).");
  });
});

describe("todaySince", () => {
  it("names the spreadsheet's zone the day is counted in", () => {
    expect(todaySince("Los Angeles")).toBe("since 00:00 (Los Angeles)");
    expect(spentTodayText({ ...view(100, 1_000), zone: "Berlin" })).toBe(
      "Spent today (since 00:00 (Berlin)): 0 credits, of which formulas 0 credits",
    );
  });

  it("says it in words when the server named no zone", () => {
    expect(todaySince(undefined)).toBe("since 00:00, this spreadsheet's time zone");
    expect(todaySince("")).toBe("since 00:00, this spreadsheet's time zone");
  });
});
