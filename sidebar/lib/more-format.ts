// Sentences the Lists, Signals and More screens share: what a paid action spent, per-item prices, and
// comma-separated text fields read as lists.
import { formatCredits, formatNumber } from "./format";

/** "Spent 250 credits · 999,740 left" (ux.md's after-a-run line). */
export function spentLine(creditsUsed: number, remaining: number): string {
  return `Spent ${formatCredits(creditsUsed)} · ${formatNumber(remaining)} left`;
}

/** "1 credit per list", "50 credits per brief". */
export function perItem(credits: number, item: string): string {
  return `${formatCredits(credits)} per ${item}`;
}

/** "kubernetes, Snowflake ,, " → ["kubernetes", "Snowflake"]: each entry trimmed, empty ones dropped. */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** "12 organizations", "1 person": a count with its noun. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

/** A whole number typed in a field, within bounds; null when the text is not one. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}
