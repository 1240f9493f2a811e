// Calendar arithmetic on whole UTC days and months, the units the dataset stores dates in.

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) of a millisecond timestamp. */
export function epochDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** `YYYY-MM-DD` of an epoch day. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DDTHH:MM:SSZ` of a millisecond timestamp. */
export function isoDateTime(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}

/** Epoch day of a `YYYY-MM-DD` string, or undefined when it is not a real date. */
export function parseIsoDate(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const day = epochDay(ms);
  return isoDate(day) === text ? day : undefined;
}

/** Months since 1970-01 of an epoch day. */
export function epochMonth(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth() - 1970 * 12;
}

/** First epoch day of an epoch month. */
export function monthStartDay(month: number): number {
  return epochDay(Date.UTC(1970 + Math.floor(month / 12), month % 12, 1));
}

/** `YYYY-MM` of an epoch month. */
export function monthLabel(month: number): string {
  return `${1970 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, "0")}`;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Jun 2026" for an epoch month. */
export function monthName(month: number): string {
  return `${MONTH_NAMES[month % 12]} ${1970 + Math.floor(month / 12)}`;
}
