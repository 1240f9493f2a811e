// Enumerated service values in a person's words ("series_e" → "Series E", "not_in_crm" → "Not in CRM").

/** Words written in capitals wherever they appear in an enumerated value. */
const ACRONYMS = new Set(["crm", "ipo", "ai", "api", "url", "usd", "hr", "it", "ceo", "cto", "cfo", "vp"]);

/** Only a lower-case snake_case token is an enumerated value; anything else is already someone's text. */
const API_TOKEN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * An enumerated API value as words: first word capitalised, acronyms and single letters in capitals.
 * Reversible on purpose: lower-casing the words and joining them with "_" gives the API value back, which
 * is what the header notes say (see API_VALUE_NOTE) and what keys read from a sheet fold to.
 */
export function apiValueWords(value: string): string {
  if (!API_TOKEN.test(value)) return value;
  return value
    .split("_")
    .map((word, i) => {
      if (ACRONYMS.has(word) || (word.length === 1 && i > 0)) return word.toUpperCase();
      return i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    })
    .join(" ");
}

/** The header note's line for a column of enumerated values, so the API value is never lost. */
export const API_VALUE_NOTE =
  'Values in words; the API value is the words in lower case joined by "_" ("Series E" is series_e).';
