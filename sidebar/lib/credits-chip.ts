// The credits chip in the header: its text and its colour, from the balance the server reports.
import { formatAge, formatCredits } from "./format";
import type { CreditsView } from "./server-types";

export type ChipLevel = "unknown" | "ok" | "low" | "empty";

/** Amber below this share of the last top-up (ux.md). */
export const LOW_SHARE = 0.05;

/** Red at 0 (or below); amber under 5% of the last top-up, taken as the highest balance seen for the key. */
export function chipLevel(credits: CreditsView | null): ChipLevel {
  if (!credits) return "unknown";
  if (credits.remaining <= 0) return "empty";
  const reference = Math.max(credits.topUp, credits.remaining);
  return credits.remaining < reference * LOW_SHARE ? "low" : "ok";
}

export function chipText(credits: CreditsView | null): string {
  return credits ? formatCredits(credits.remaining) : "Credits";
}

/** The chip's accessible name and tooltip; it starts with the visible text, so speech users can say what they see. */
export function chipDescription(credits: CreditsView | null, nowMs: number): string {
  if (!credits) return "Credits: balance not known yet. Select to read it (free).";
  const when = credits.asOf ? `read ${formatAge(credits.asOf, nowMs)}` : "from the latest paid response";
  const level = chipLevel(credits);
  const warning =
    level === "empty"
      ? " The account is out of credits: paid actions stop until it is topped up."
      : level === "low"
        ? ` Running low: under ${LOW_SHARE * 100}% of the highest balance seen.`
        : "";
  return `${formatCredits(credits.remaining)} left, ${when}. Spent today: ${formatCredits(credits.spentToday)}.${warning} Select to refresh (free).`;
}
