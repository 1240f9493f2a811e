// The words of the sidebar's small paid lookups, in one place: what the field says, the question asked
// at the click and what a failed lookup says (issue 41 point 6).
import { formatCredits } from "./format";
import { countOf, perItem } from "./more-format";

export const TECHNOLOGY_SEARCH = {
  button: "Search technologies",
  placeholder: "Type a technology, then Enter",
  question: (query: string) => `Search technologies for "${query}"?`,
  detail:
    "Looks the name up in the service's technologies. Free when nothing is found or the same search ran in the last 6 hours.",
  hint: (price: number) =>
    `Enter or Search looks it up for ${formatCredits(price)}, asked first. Names found before are suggested for free.`,
  tooShort: (min: number) => `Type at least ${min} characters, then search.`,
  noMatch: (typed: string) => `No technology matches "${typed}".`,
} as const;

export const CATEGORY_LOOKUP = {
  question: (text: string) => `Look up the category "${text}"?`,
  detail:
    "Finds the technology category and its technologies. Free when the same category was looked up in the last 6 hours.",
  hint: (price: number) =>
    `Enter looks the category up for ${formatCredits(price)}, asked first; the same one again is free for 6 hours.`,
} as const;

/** Reading saved lists: 1 credit per list, and only a read tells how many there are. */
export const LISTS_READ = {
  never: (price: number, noun: string) =>
    `Reading costs ${perItem(price, noun)}; how many there are is known once read.`,
  /** The bound from the last read (this sidebar's or an earlier one's, kept per key by the server). */
  known: (count: number, price: number, noun: string) =>
    `Up to ${formatCredits(count * price)} for the ${countOf(count, noun)} read last time (${perItem(price, noun)}), plus ${formatCredits(price)} for each ${noun} added since.`,
} as const;

/** Clearing kept formula answers: what fetching them again costs, as an estimate. */
export const CACHE_CLEAR = {
  rebuy: (credits: number) =>
    credits === 0
      ? "Cleared, formulas in this spreadsheet fetch again on their next recalculation; what is kept now cost nothing to fetch."
      : `Cleared, formulas in this spreadsheet fetch again on their next recalculation: about ${formatCredits(credits)} to fetch these again.`,
} as const;
