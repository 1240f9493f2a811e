// The one way times and dates read: the zone named, the date cells' order, a month as a month.
import { describe, expect, it } from "vitest";
import { CHANGE_NOTE_MARK, changeNote, changesHeader } from "../../../src/core/changes/change-sheet.ts";
import { logHeader } from "../../../src/core/jobs/enrichment-log.ts";
import {
  dayText,
  momentText,
  monthText,
  type TimeWords,
  timeText,
  type WallClock,
  zonePlace,
} from "../../../src/core/text/when.ts";

/** Los Angeles in November (UTC−8), as the platform's Utilities.formatDate would read it. */
const losAngeles: TimeWords = {
  timeZone: "America/Los_Angeles",
  wallClock: (ms): WallClock => {
    const d = new Date(ms - 8 * 3_600_000);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
    };
  },
};

const EVENING = Date.parse("2026-11-29T04:17:42Z"); // 20:17 on Nov 28 in Los Angeles
const MORNING = Date.parse("2026-03-05T17:05:00Z"); // 09:05 on Mar 5

describe("zonePlace", () => {
  it("names an IANA zone by its place, underscores as spaces, the last part of a nested name", () => {
    expect(zonePlace("America/Los_Angeles")).toBe("Los Angeles");
    expect(zonePlace("Europe/Berlin")).toBe("Berlin");
    expect(zonePlace("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
    expect(zonePlace("Asia/Ho_Chi_Minh")).toBe("Ho Chi Minh");
  });

  it("names every spelling of UTC as UTC", () => {
    for (const zone of [
      "UTC",
      "Etc/UTC",
      "GMT",
      "Etc/GMT",
      "Etc/GMT+0",
      "Etc/GMT-0",
      "Etc/UCT",
      "Etc/Zulu",
      "etc/utc",
    ])
      expect(zonePlace(zone)).toBe("UTC");
  });

  it("turns a fixed Etc zone's POSIX sign around, as the offset reads", () => {
    expect(zonePlace("Etc/GMT+5")).toBe("UTC−5");
    expect(zonePlace("Etc/GMT-10")).toBe("UTC+10");
    expect(zonePlace("Etc/GMT-03")).toBe("UTC+3");
    // Only a whole Etc/GMT±N name is an offset: one inside a longer name, or with three digits, is not.
    expect(zonePlace("Posix/Etc/GMT+5")).toBe("GMT+5");
    expect(zonePlace("Etc/GMT+123")).toBe("GMT+123");
  });

  it("keeps a zone with no slash as it is", () => {
    expect(zonePlace("Singapore")).toBe("Singapore");
    expect(zonePlace("GMT+5")).toBe("GMT+5");
  });
});

describe("times and days", () => {
  it("says a time of day on a 24-hour clock with the zone named", () => {
    expect(timeText(losAngeles, EVENING)).toBe("20:17 (Los Angeles)");
    expect(timeText(losAngeles, MORNING)).toBe("09:05 (Los Angeles)");
  });

  it("says a day in the date cells' order, in the spreadsheet's zone (not UTC's)", () => {
    expect(dayText(losAngeles, EVENING)).toBe("2026-11-28");
    expect(dayText(losAngeles, MORNING)).toBe("2026-03-05");
  });

  it("says a moment as its day, time and zone", () => {
    expect(momentText(losAngeles, EVENING)).toBe("2026-11-28 20:17 (Los Angeles)");
    expect(momentText(losAngeles, Date.parse("2026-01-01T08:00:00Z"))).toBe("2026-01-01 00:00 (Los Angeles)");
  });

  it("says a month-only date as its month", () => {
    expect(monthText("2024-12")).toBe("Dec 2024");
    expect(monthText("2021-01")).toBe("Jan 2021");
    expect(monthText("2021-04")).toBe("Apr 2021");
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    for (const [i, month] of months.entries()) {
      expect(monthText(`2020-${String(i + 1).padStart(2, "0")}`)).toBe(`${month} 2020`);
    }
  });

  it("keeps anything that is not a year and month as it came", () => {
    for (const value of [
      "",
      "2024-13",
      "2024-00",
      "2024-1",
      "2024-12-03",
      "x2024-12",
      "2024-12x",
      "Dec 2024",
    ])
      expect(monthText(value)).toBe(value);
  });
});

describe("headers and notes name the zone", () => {
  it("the Enrichment log's Time and the Changes sheet's When name the spreadsheet's zone", () => {
    expect(logHeader("America/Los_Angeles")).toEqual([
      "Time (Los Angeles)",
      "Action",
      "Rows",
      "Credits used",
      "Credits remaining",
      "Result",
    ]);
    expect(changesHeader("Etc/UTC")).toEqual([
      "When (UTC)",
      "Sheet",
      "Row",
      "Organization",
      "Field",
      "Before",
      "After",
      "Why",
    ]);
  });

  it("a changed cell's note says when in the spreadsheet's zone, never an ISO timestamp", () => {
    expect(changeNote(losAngeles, EVENING, 120)).toBe(
      `${CHANGE_NOTE_MARK} at 2026-11-28 20:17 (Los Angeles). Before: 120`,
    );
    expect(changeNote(losAngeles, EVENING, "")).toBe(
      `${CHANGE_NOTE_MARK} at 2026-11-28 20:17 (Los Angeles). Before: (empty)`,
    );
    expect(changeNote(losAngeles, EVENING, null)).toBe(
      `${CHANGE_NOTE_MARK} at 2026-11-28 20:17 (Los Angeles). Before: (empty)`,
    );
  });

  it("a date held before reads as its cell shows it: the day at midnight, else the moment", () => {
    const midnight = new Date(Date.parse("2024-03-01T08:00:00Z")); // 00:00 Mar 1 in Los Angeles
    expect(changeNote(losAngeles, EVENING, midnight)).toBe(
      `${CHANGE_NOTE_MARK} at 2026-11-28 20:17 (Los Angeles). Before: 2024-03-01`,
    );
    const late = new Date(Date.parse("2024-03-01T08:30:00Z"));
    expect(changeNote(losAngeles, EVENING, late)).toBe(
      `${CHANGE_NOTE_MARK} at 2026-11-28 20:17 (Los Angeles). Before: 2024-03-01 00:30 (Los Angeles)`,
    );
    const hourOnly = new Date(Date.parse("2024-03-01T09:00:00Z"));
    expect(changeNote(losAngeles, EVENING, hourOnly)).toBe(
      `${CHANGE_NOTE_MARK} at 2026-11-28 20:17 (Los Angeles). Before: 2024-03-01 01:00 (Los Angeles)`,
    );
  });

  it("a long value held before is clipped to 200 characters with an ellipsis", () => {
    const note = changeNote(losAngeles, EVENING, "x".repeat(300));
    expect(note).toBe(`${CHANGE_NOTE_MARK} at 2026-11-28 20:17 (Los Angeles). Before: ${"x".repeat(199)}…`);
    expect(changeNote(losAngeles, EVENING, "y".repeat(200))).toBe(
      `${CHANGE_NOTE_MARK} at 2026-11-28 20:17 (Los Angeles). Before: ${"y".repeat(200)}`,
    );
  });
});
