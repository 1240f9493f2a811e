// Dates in the spreadsheet's own time zone (a date cell is midnight there, not in UTC).
import { activeSpreadsheetObject } from "./service-objects";

function zone(): string {
  return activeSpreadsheetObject()?.getSpreadsheetTimeZone() ?? Session.getScriptTimeZone();
}

export function formatDay(date: Date): string {
  return Utilities.formatDate(date, zone(), "yyyy-MM-dd");
}

/** A time of day in the spreadsheet's zone: "14:05". */
export function formatTime(ms: number): string {
  return Utilities.formatDate(new Date(ms), zone(), "HH:mm");
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
