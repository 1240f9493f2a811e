// The "Changes" sheet's rows and the notes that mark a changed cell until the next run of its rule.

import { isoTime } from "../../api/words/format";
import { CHANGES_SHEET } from "../addon-sheets/registry";
import { cellText, sheetsWouldChange } from "../sheet/cells";
import type { CellValue } from "../sheet/port";
import { isDate } from "../sheet/values";
import { dayText, momentText, type TimeWords, zonePlace } from "../text/when";
import type { CellChange } from "./change";

export { CHANGES_SHEET };
export const CHANGES_HEADER = ["When", "Sheet", "Row", "Organization", "Field", "Before", "After", "Why"];

/** The header as written: the When column names the spreadsheet's zone its times are in. */
export function changesHeader(timeZone: string): string[] {
  return [`When (${zonePlace(timeZone)})`, ...CHANGES_HEADER.slice(1)];
}
/** The When column (from 1): a date on every row, so it is formatted once for the whole sheet. */
export const CHANGES_WHEN_COLUMN = 1;

/** The Why column: the person reads it too, and the sidebar reads it back (see readChangeRow). */
export const WHY_VALUE_CHANGED = "Value changed";
export const WHY_NEW_ORGANIZATION = "Different organization in this row";
export const WHY_FILLED_FREE = "Filled free from what was bought";

/**
 * The Status of a row whose identifier now names another organization than the values beside it, until a
 * refresh writes its own (a run that stops first, out of credits or stopped, leaves it saying so).
 */
export const STATUS_IDENTIFIER_CHANGED = "Identifier changed after this row was enriched: refresh to update";

/**
 * The Status of a row whose identifier cell is now blank (cleared, or the identifier column sorted alone)
 * while it still shows a run's values: they are no organization's of this row, and nothing can refresh them.
 */
export const STATUS_IDENTIFIER_REMOVED =
  "Identifier removed after this row was enriched: type one and refresh, or clear the row";

/**
 * The Status of a row whose identifier cell now holds no organization ("n/a", "—", an address with no
 * domain) while it still shows a run's values: they are from before it changed, and nothing is bought for it.
 */
export const STATUS_IDENTIFIER_INVALID =
  "Identifier not valid after this row was enriched: fix it and refresh, or clear the row";

/** Every note the add-on puts on a changed cell starts so: a note that does not is the person's own. */
export const CHANGE_NOTE_MARK = "Changed by a refresh";
const NOTE_BEFORE_MAX = 200;

/** One row of the Changes sheet: service text through the text guard, numbers and dates as they are. */
export function changeRow(
  change: CellChange,
  before: CellValue | null,
  after: CellValue | null,
): CellValue[] {
  const cell = (value: CellValue | null): CellValue => (value === null ? "" : cellText(value));
  return [
    new Date(change.at),
    cellText(change.sheetName),
    change.row,
    cellText(change.organization),
    cellText(change.field),
    cell(before),
    cell(after),
    cellText(why(change)),
  ];
}

function why(change: CellChange): string {
  if (change.filled) return WHY_FILLED_FREE;
  return change.newOrganization ? WHY_NEW_ORGANIZATION : WHY_VALUE_CHANGED;
}

/** The note on a cell a run changed: when (the spreadsheet's zone named), and what it held before. */
export function changeNote(words: TimeWords, at: number, before: CellValue | null): string {
  const text = before === null || before === "" ? "(empty)" : shown(words, before);
  const clipped = text.length > NOTE_BEFORE_MAX ? `${text.slice(0, NOTE_BEFORE_MAX - 1)}…` : text;
  return `${CHANGE_NOTE_MARK} at ${momentText(words, at)}. Before: ${clipped}`;
}

export function isChangeNote(note: unknown): boolean {
  return typeof note === "string" && note.startsWith(CHANGE_NOTE_MARK);
}

/** A date as its cell shows it: the day for a day's midnight, else the moment. */
function shown(words: TimeWords, value: CellValue): string {
  if (!isDate(value)) return String(value);
  const wall = words.wallClock(value.getTime());
  return wall.hour === 0 && wall.minute === 0
    ? dayText(words, value.getTime())
    : momentText(words, value.getTime());
}

/**
 * What a cell reads back after `value` is written: text the guard quoted loses its quote. Compared by
 * value: dates by time, numbers and text as they are, so a refresh writing the same value changes nothing.
 */
export function sameWritten(cell: unknown, value: CellValue | null): boolean {
  const wanted = value === null ? "" : readBack(value);
  const held = cell === null || cell === undefined ? "" : cell;
  if (isDate(held) || isDate(wanted))
    return isDate(held) && isDate(wanted) && held.getTime() === wanted.getTime();
  return held === wanted;
}

function readBack(value: CellValue): CellValue {
  if (typeof value === "string" && value.startsWith("'") && sheetsWouldChange(value.slice(1)))
    return value.slice(1);
  return value;
}

/** Plain value for a CellChange record: a date as its ISO instant. */
export function recordValue(value: unknown): CellChange["before"] {
  if (value === null || value === undefined || value === "") return null;
  if (isDate(value)) return isoTime(value.getTime());
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return String(value);
}
