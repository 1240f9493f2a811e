// Dates in the spreadsheet's own time zone (a date cell is midnight there, not in UTC).
import { dayText, momentText, type TimeWords, timeText, type WallClock, zonePlace } from "../core/text/when";
import { activeSpreadsheetObject } from "./service-objects";

function zone(): string {
  return activeSpreadsheetObject()?.getSpreadsheetTimeZone() ?? Session.getScriptTimeZone();
}

export function formatDay(date: Date): string {
  return dayText(spreadsheetTimeWords(), date.getTime());
}

/** What the core's time words need of a spreadsheet: its zone, and a moment's wall clock there. */
export function timeWordsOf(timeZone: string): TimeWords {
  return {
    timeZone,
    wallClock: (ms: number): WallClock => {
      const [year, month, day, hour, minute] = Utilities.formatDate(
        new Date(ms),
        timeZone,
        "yyyy-MM-dd-HH-mm",
      )
        .split("-")
        .map(Number) as [number, number, number, number, number];
      return { year, month, day, hour, minute };
    },
  };
}

/** The active spreadsheet's time words (the script's zone in a trigger without a document). */
export function spreadsheetTimeWords(): TimeWords {
  return timeWordsOf(zone());
}

/** A time of day in the spreadsheet's zone, the zone named: "20:17 (Los Angeles)". */
export function formatTime(ms: number): string {
  return timeText(spreadsheetTimeWords(), ms);
}

/** A moment in the spreadsheet's zone, the zone named: "2026-11-28 20:17 (Los Angeles)". */
export function formatMoment(ms: number): string {
  return momentText(spreadsheetTimeWords(), ms);
}

/** The spreadsheet's locale (File ▸ Settings: "en_US", "de_DE"), which decides how its people write dates. */
export function spreadsheetLocale(): string {
  return activeSpreadsheetObject()?.getSpreadsheetLocale() || "en_US";
}

/** The spreadsheet's zone as a place: "Los Angeles". */
export function zoneName(): string {
  return zonePlace(zone());
}

/**
 * Midnight of a calendar day in the spreadsheet's zone: the UTC midnight moved by the zone's offset that
 * day, checked once more for a day whose offset changes at midnight (a daylight-saving switch).
 */
export function zonedMidnight(year: number, month: number, day: number, timeZone = zone()): Date {
  const target = Date.UTC(year, month - 1, day);
  const wallClock = (ms: number) => {
    const [y, m, d, h, min] = Utilities.formatDate(new Date(ms), timeZone, "yyyy-MM-dd-HH-mm")
      .split("-")
      .map(Number);
    return Date.UTC(y as number, (m as number) - 1, d, h, min);
  };
  let guess = target - (wallClock(target) - target);
  guess -= wallClock(guess) - target;
  return new Date(guess);
}

export function today(): string {
  return formatDay(new Date());
}
