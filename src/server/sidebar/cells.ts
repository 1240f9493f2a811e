// What a selected cell holds for the Lists, Signals and More screens: an organization or person id, an
// organization slug, a domain, URL, e-mail or name to match, a header label, or something else (said in
// words for the row it is on).
import { readOrganization } from "../../core/organizations/identifiers";
import type { ReadableOrganization } from "./organization-match";

export type ListCell =
  | { kind: "blank" }
  | { kind: "id"; id: number }
  | { kind: "slug"; slug: string }
  /** A domain, URL, e-mail or name: matched to an id (paid) before it can be added. */
  | { kind: "match"; read: ReadableOrganization }
  | { kind: "other"; reason: string };

/** A cell of a column used where an organization is asked for: an id (free), or what to match, or why neither. */
export type OrganizationCell =
  | { kind: "blank" }
  | { kind: "org"; read: ReadableOrganization }
  | { kind: "other"; reason: string };

/** Slugs as the service writes them: lower-case letters and digits joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DIGITS = /^\d+$/;
// Zero-width characters ride along with text pasted from web pages; String#trim keeps them.
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;

/** Labels people put above a column of ids or slugs; a label that is also slug-shaped must be listed. */
const HEADER_WORDS = new Set([
  "id",
  "ids",
  "slug",
  "slugs",
  "organization",
  "organizations",
  "organisation",
  "organisations",
  "org",
  "orgs",
  "company",
  "companies",
  "account",
  "accounts",
  "person",
  "people",
  "contact",
  "contacts",
  "name",
  "domain",
  "organization id",
  "organization ids",
  "organization slug",
  "org id",
  "company id",
  "account id",
  "person id",
  "person ids",
  "people id",
  "contact id",
]);

function text(value: unknown): string | null {
  return typeof value === "string" ? value.replace(ZERO_WIDTH, "").trim() : null;
}

/** A positive whole number, or digits typed as text; null for anything else. */
export function readIdCell(value: unknown): number | null {
  const typed = text(value);
  const number = typed !== null && DIGITS.test(typed) ? Number(typed) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

export function isBlankCell(value: unknown): boolean {
  return value === null || value === undefined || text(value) === "";
}

/** A cell of a column sent to an organization list: an id, a slug, or the reason it is neither. */
export function readListCell(value: unknown): ListCell {
  if (isBlankCell(value)) return { kind: "blank" };
  const id = readIdCell(value);
  if (id !== null) return { kind: "id", id };
  const typed = text(value);
  if (typed !== null && SLUG.test(typed)) return { kind: "slug", slug: typed };
  const cell = readOrganizationCell(value);
  return cell.kind === "org" ? { kind: "match", read: cell.read } : cell;
}

/** Slug-shaped text is the organization's name as far as the organizations endpoint goes. */
export function isSlugText(value: unknown): boolean {
  const typed = text(value);
  return typed !== null && readIdCell(typed) === null && SLUG.test(typed);
}

/** A cell as an organization: an id, or a domain, URL, e-mail or name to match, or the reason it is neither. */
export function readOrganizationCell(value: unknown): OrganizationCell {
  if (isBlankCell(value)) return { kind: "blank" };
  const id = readIdCell(value);
  if (id !== null) return { kind: "org", read: { kind: "org", input: { id }, key: `id:${id}` } };
  const read = readOrganization(value);
  if (read.kind === "org") return { kind: "org", read };
  return { kind: "other", reason: read.kind === "invalid" ? read.reason : "Not an organization" };
}

/**
 * Whether the first cell of a selection is its label rather than data: text that is not an id, a domain,
 * URL or e-mail and not shaped like a slug (capitals, spaces, underscores), or one of the usual header words.
 */
export function isHeaderCell(value: unknown): boolean {
  const typed = text(value);
  if (typed === null || typed === "" || readIdCell(typed) !== null) return false;
  // A domain, URL or e-mail is data (a column of them often has no header); no header word has a dot.
  const read = readOrganization(typed);
  if (read.kind === "org" && read.input.url !== undefined) return false;
  const folded = typed
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  return !SLUG.test(typed) || HEADER_WORDS.has(folded);
}

/** How a cell reads in a sentence: its text, quoted and cut short. */
export function cellLabel(value: unknown): string {
  const raw = typeof value === "string" ? value.trim() : String(value);
  return JSON.stringify(raw.length > 40 ? `${raw.slice(0, 39)}…` : raw);
}
