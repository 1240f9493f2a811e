// Every time and date the add-on shows as text, one way: the date cells' order, the spreadsheet's zone named.

/** A moment's wall clock in the spreadsheet's zone (the platform reads it with Utilities.formatDate). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** What formatting needs: the spreadsheet's zone, and the wall clock of a moment there. */
export interface TimeWords {
  /** IANA name ("America/Los_Angeles"), as Spreadsheet.getSpreadsheetTimeZone() gives it. */
  timeZone: string;
  wallClock(ms: number): WallClock;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A time zone as a person names it: the place of an IANA name ("America/Los_Angeles" → "Los Angeles",
 * "America/Argentina/Buenos_Aires" → "Buenos Aires"), "UTC" for the zones that are UTC, and a fixed
 * offset as it reads ("Etc/GMT+5" is five hours behind: "UTC−5").
 */
export function zonePlace(timeZone: string): string {
  if (/^(?:Etc\/)?(?:UTC|GMT|UCT|Zulu|Universal|Greenwich)(?:[+-]0)?$/i.test(timeZone)) return "UTC";
  const fixed = /^Etc\/GMT([+-])(\d{1,2})$/.exec(timeZone);
  // The Etc zones' signs are POSIX's, the reverse of what the offset is.
  if (fixed) return `UTC${fixed[1] === "+" ? "−" : "+"}${Number(fixed[2])}`;
  const place = timeZone.slice(timeZone.lastIndexOf("/") + 1);
  return place.replace(/_/g, " ");
}

const two = (n: number) => String(n).padStart(2, "0");

/**
 * A day in the sheets' one order, "2026-11-28": what every date cell the add-on writes shows (see
 * DATE_FORMAT), so a note or a sentence reads the same as the cell beside it, in every locale.
 */
export function dayText(words: TimeWords, ms: number): string {
  return dayOf(words.wallClock(ms));
}

function dayOf(wall: WallClock): string {
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}`;
}

function clock(wall: WallClock): string {
  return `${two(wall.hour)}:${two(wall.minute)}`;
}

/** A time of day with its zone named: "20:17 (Los Angeles)". */
export function timeText(words: TimeWords, ms: number): string {
  return `${clock(words.wallClock(ms))} (${zonePlace(words.timeZone)})`;
}

/** A moment: its day and time, the zone named: "2026-11-28 20:17 (Los Angeles)". */
export function momentText(words: TimeWords, ms: number): string {
  const wall = words.wallClock(ms);
  return `${dayOf(wall)} ${clock(wall)} (${zonePlace(words.timeZone)})`;
}

/** A month the service names as "2024-12" (a start date known only to the month) in words: "Dec 2024". */
export function monthText(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month !== undefined ? `${month} ${match[1]}` : value;
}
