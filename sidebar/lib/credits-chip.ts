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

/** Since when today's spending is counted, said wherever it is shown: "since 00:00 (Los Angeles)". */
export function todaySince(zone: string | undefined): string {
  return zone ? `since 00:00 (${zone})` : "since 00:00, this spreadsheet's time zone";
}

/** Where the balance comes from and how old it is: "from the last paid answer, 2 min ago". */
export function balanceSource(credits: CreditsView, nowMs: number): string {
  const age = credits.asOf ? formatAge(credits.asOf, nowMs) : null;
  const source = credits.from === "read" ? "read from the service" : "from the last paid answer";
  return age ? `${source}, ${age}` : source;
}

/**
 * "Spent today (since 00:00, this spreadsheet's time zone): 1,492 credits, of which formulas 30 credits and
 * 100 credits possibly charged for answers that were lost": every paid call of the key, the chip's and
 * Settings' one sentence. The total is what the service may have charged, as the Enrichment log sums it:
 * possibly charged credits are in it and said apart, never dropped.
 */
export function spentTodayText(credits: CreditsView): string {
  const possibly = credits.possiblyToday ?? 0;
  const parts = [`formulas ${formatCredits(credits.formulasToday)}`];
  if (possibly > 0) parts.push(`${formatCredits(possibly)} possibly charged for answers that were lost`);
  return `Spent today (${todaySince(credits.zone)}): ${formatCredits(credits.spentToday + possibly)}, of which ${parts.join(" and ")}`;
}

/** The chip's accessible name and tooltip; it starts with the visible text, so speech users can say what they see. */
export function chipDescription(credits: CreditsView | null, nowMs: number): string {
  if (!credits) return "Credits: balance not known yet. Select to read it (free).";
  const level = chipLevel(credits);
  const warning =
    level === "empty"
      ? " The account is out of credits: paid actions stop until it is topped up."
      : level === "low"
        ? ` Running low: under ${LOW_SHARE * 100}% of the highest balance seen.`
        : "";
  return `${formatCredits(credits.remaining)} left, ${balanceSource(credits, nowMs)}. ${spentTodayText(credits)}.${warning} Select to refresh (free).`;
}
