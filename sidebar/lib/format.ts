// How the sidebar writes numbers, credits and ages: fixed English grouping, so every user reads the same.

export function formatNumber(value: number): string {
  const sign = value < 0 ? "-" : "";
  const [whole, fraction] = String(Math.abs(value)).split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}

/** "12,480 credits", "1 credit". */
export function formatCredits(value: number): string {
  return `${formatNumber(value)} credit${value === 1 ? "" : "s"}`;
}

/** Under this, "just now" is true: a figure a poll brought 30 s after it changed is not "just now". */
const JUST_NOW_MS = 10_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "27 s ago", "5 min ago", "3 h ago", "2 days ago"; an unreadable or future time reads "just now". */
export function formatAge(iso: string, nowMs: number): string {
  const then = Date.parse(iso);
  const age = Number.isNaN(then) ? 0 : nowMs - then;
  if (age < JUST_NOW_MS) return "just now";
  if (age < MINUTE) return `${Math.floor(age / 1000)} s ago`;
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  const days = Math.floor(age / DAY);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/** "6 hours", "10 minutes", "90 seconds": a cache lifetime in the largest whole unit. */
export function formatDuration(seconds: number): string {
  const unit = (n: number, name: string) => `${formatNumber(n)} ${name}${n === 1 ? "" : "s"}`;
  if (seconds % 86_400 === 0) return unit(seconds / 86_400, "day");
  if (seconds % 3600 === 0) return unit(seconds / 3600, "hour");
  if (seconds % 60 === 0) return unit(seconds / 60, "minute");
  return unit(seconds, "second");
}
