// How the Lists, Signals and More screens price matching domains, URLs, e-mails and names to organization
// ids before an action that needs ids: the server's price per organization found, ids always free.
import { formatCredits } from "./format";
import type { SelectionView } from "./more-types";

/** The most matching `count` organizations can cost. */
export function matchCredits(count: number, price: number): number {
  return count * price;
}

/** "3 domains or names to match first: up to 3 credits; ids are free." */
export function matchLine(count: number, price: number, free = "ids are free"): string {
  const what = count === 1 ? "1 domain or name" : `${count} domains or names`;
  return `${what} to match first: up to ${formatCredits(matchCredits(count, price))}; ${free}.`;
}

/** Organizations a list must match before adding: slugs go to the list as they are (free). */
export function listMatches(selection: SelectionView | null): number {
  return selection ? selection.toMatch - selection.slugs : 0;
}
