// Tells a header cell ("Domain", "Company website") from a first organization identifier.
import { readOrganization } from "../organizations/identifiers";

/** Words people put above a column of organizations; compared after folding case and punctuation. */
const HEADER_WORDS = new Set([
  "account",
  "accounts",
  "account name",
  "account domain",
  "company",
  "companies",
  "company name",
  "company domain",
  "company website",
  "company url",
  "customer",
  "domain",
  "domains",
  "email",
  "emails",
  "email address",
  "id",
  "ids",
  "identifier",
  "name",
  "org",
  "orgs",
  "org id",
  "organisation",
  "organization",
  "organizations",
  "organization id",
  "organization name",
  "site",
  "url",
  "urls",
  "web",
  "website",
  "websites",
  "work email",
]);

/** How many cells below the first are looked at, and the share of them that must be ids or domains. */
const SAMPLE = 20;
const IDENTIFIER_SHARE = 0.6;

function folded(text: string): string {
  return text
    .toLowerCase()
    .replace(/\be-mail/g, "email")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * True when `first` reads as a label rather than an organization: a known header word, or a name above
 * cells that are mostly domains, e-mails or ids. A first cell that is itself a domain or id never is.
 */
export function looksLikeHeader(first: unknown, below: readonly unknown[]): boolean {
  if (typeof first !== "string") return false;
  const read = readOrganization(first);
  if (read.kind !== "org" || read.input.name === undefined) return false;
  if (HEADER_WORDS.has(folded(first))) return true;
  let sampled = 0;
  let identifiers = 0;
  for (const value of below) {
    if (sampled >= SAMPLE) break;
    const cell = readOrganization(value);
    if (cell.kind !== "org") continue;
    sampled++;
    if (cell.input.name === undefined) identifiers++;
  }
  return sampled > 0 && identifiers / sampled >= IDENTIFIER_SHARE;
}
