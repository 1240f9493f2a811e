// Reads a cell value as an organization identifier or lookup text, refusing what must never be sent.

export interface OrganizationInput {
  id?: number;
  url?: string;
  name?: string;
}

export type OrganizationRead =
  | { kind: "blank" }
  | { kind: "invalid"; reason: string }
  /** `key` is canonical ("id:123", "url:acme.com", "name:acme corp") for dedupe and the result cache. */
  | { kind: "org"; input: OrganizationInput; key: string };

export type TextRead =
  | { kind: "blank" }
  | { kind: "invalid"; reason: string }
  /** `key` is the text lower-cased, for dedupe and the result cache. */
  | { kind: "text"; text: string; key: string };

/**
 * The real service's limit on identifier and lookup text is not published. 500 is longer than any
 * domain (253), organization name or job title seen in practice, and keeps a 1,000-input request small.
 */
export const MAX_TEXT_LENGTH = 500;

/** What Sheets shows for a formula error; a custom function receives them as these strings. */
export const SPREADSHEET_ERROR_VALUES: readonly string[] = [
  "#N/A",
  "#REF!",
  "#VALUE!",
  "#ERROR!",
  "#DIV/0!",
  "#NAME?",
  "#NUM!",
  "#NULL!",
];

// Zero-width characters ride along with text pasted from web pages; String#trim keeps them.
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
// Ideographic and full-width full stops separate domain labels in IDNA, as "." does.
const IDEOGRAPHIC_DOTS = /[\u3002\uFF0E\uFF61]/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const EMAIL = /^[^\s@]+@([^\s@]+)$/;
const DIGITS = /^[0-9]+$/;
/** What people type for "no organization here", looked up as names they would only cost a request. */
const PLACEHOLDERS: readonly string[] = ["n/a", "n.a.", "na", "none", "null", "nil", "tbd", "tba"];
// Unicode letters stay as typed (IDNs such as "münchen.de" are sent in Unicode; no punycode needed
// to match), and punycode labels ("xn--…") are plain letters, digits and hyphens anyway.
// Built on first use: creating a \p{…} literal expands Unicode tables, a fifth of the bundle's top-level
// time when it ran at load for every click and trigger.
let labelPatterns: { label: RegExp; topLevel: RegExp; letterOrDigit: RegExp } | undefined;
function domainLabels(): { label: RegExp; topLevel: RegExp; letterOrDigit: RegExp } {
  labelPatterns ??= {
    label: /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u,
    topLevel: /^(?:[\p{L}][\p{L}\p{M}]{1,62}|xn--[a-z0-9-]{1,59})$/u,
    // Whether a name holds anything that could name an organization.
    letterOrDigit: /[\p{L}\p{N}]/u,
  };
  return labelPatterns;
}

function isDate(value: unknown): boolean {
  // Not instanceof: dates built in another realm (the harness's vm context) must count too.
  return Object.prototype.toString.call(value) === "[object Date]";
}

function cleanText(text: string): string {
  return text.replace(ZERO_WIDTH, "").trim();
}

function isSpreadsheetError(text: string): boolean {
  const upper = text.toUpperCase();
  return SPREADSHEET_ERROR_VALUES.some((error) => error === upper);
}

/**
 * The canonical form of a host name — lower-cased, NFC, trailing dot and a leading "www." removed — or
 * null when it is not a domain name (IP addresses, single labels and numeric top-level labels included).
 */
export function normalizeDomain(host: string): string | null {
  let domain = host.normalize("NFC").replace(IDEOGRAPHIC_DOTS, ".").toLowerCase();
  if (domain.endsWith(".")) domain = domain.slice(0, -1);
  if (domain.startsWith("www.") && domain.indexOf(".", 4) > 0) domain = domain.slice(4);
  if (domain.length > 253) return null;
  const labels = domain.split(".");
  if (labels.length < 2) return null;
  const patterns = domainLabels();
  if (!labels.every((label) => patterns.label.test(label))) return null;
  return patterns.topLevel.test(labels[labels.length - 1] as string) ? domain : null;
}

/**
 * A web address as the sheets write a domain, bare ("https://www.acme.com/" → "acme.com", as Find writes
 * it); an address with no domain in it is kept as it came.
 */
export function bareDomain(address: string): string {
  return domainOfAddress(address.trim()) ?? address;
}

/** The domain of a URL or of bare "host[:port][/path][?query][#fragment]"; null when there is none. */
function domainOfAddress(address: string): string | null {
  const rest = address.replace(SCHEME, "").replace(/^\/\//, "");
  const authority = rest.split(/[/?#]/, 1)[0] as string;
  const host = authority.slice(authority.lastIndexOf("@") + 1).replace(/:[0-9]*$/, "");
  return normalizeDomain(host);
}

function readId(value: number, shown: string): OrganizationRead {
  if (!Number.isFinite(value)) return invalid(`${shown} is not an organization id.`);
  if (value < 0) return invalid(`${shown} is not an organization id (ids are positive whole numbers).`);
  if (value === 0) return invalid("0 is not an organization id.");
  if (value > Number.MAX_SAFE_INTEGER) return invalid(`${shown} is too large for an organization id.`);
  if (!Number.isInteger(value)) return invalid(`${shown} is not an organization id (ids are whole numbers).`);
  return { kind: "org", input: { id: value }, key: `id:${value}` };
}

function invalid(reason: string): { kind: "invalid"; reason: string } {
  return { kind: "invalid", reason };
}

function byUrl(domain: string): OrganizationRead {
  return { kind: "org", input: { url: domain }, key: `url:${domain}` };
}

function readOrganizationText(raw: string): OrganizationRead {
  const text = cleanText(raw);
  if (text === "") return { kind: "blank" };
  if (isSpreadsheetError(text)) return invalid(`The cell holds the error ${text.toUpperCase()}.`);
  if (text.length > MAX_TEXT_LENGTH) {
    return invalid(`Text longer than ${MAX_TEXT_LENGTH} characters is not looked up.`);
  }
  if (DIGITS.test(text)) return readId(Number(text), text.replace(/^0+(?=\d)/, ""));
  if (SCHEME.test(text) || text.startsWith("//")) {
    const domain = domainOfAddress(text);
    return domain === null ? invalid("The web address has no valid domain.") : byUrl(domain);
  }
  const email = EMAIL.exec(text.replace(/^mailto:/i, ""));
  if (email) {
    const domain = normalizeDomain(email[1] as string);
    return domain === null ? invalid("The e-mail address has no valid domain.") : byUrl(domain);
  }
  const hostPart = text.split(/[/?#]/, 1)[0] as string;
  if (!/\s/.test(hostPart)) {
    const domain = domainOfAddress(text);
    if (domain !== null) return byUrl(domain);
  }
  const name = text.normalize("NFC").replace(/\s+/g, " ");
  if (!domainLabels().letterOrDigit.test(name))
    return invalid("Text with no letters or digits is not an organization.");
  if (PLACEHOLDERS.includes(name.toLowerCase()))
    return invalid("A placeholder such as n/a is not an organization.");
  return { kind: "org", input: { name }, key: `name:${name.toLowerCase()}` };
}

/**
 * A cell value as an organization: a positive whole number or a string of digits is an id; an e-mail
 * gives its domain; a URL or anything shaped like a domain gives the domain; other text is a name.
 */
export function readOrganization(value: unknown): OrganizationRead {
  if (value === null || value === undefined) return { kind: "blank" };
  if (typeof value === "boolean") return invalid("TRUE/FALSE is not an organization.");
  if (isDate(value)) return invalid("A date is not an organization.");
  if (typeof value === "number") return readId(value, String(value));
  if (typeof value === "string") return readOrganizationText(value);
  return invalid("This value is not an organization.");
}

function readText(value: unknown, noun: string): TextRead {
  if (value === null || value === undefined) return { kind: "blank" };
  if (typeof value === "boolean") return invalid(`TRUE/FALSE is not a ${noun}.`);
  if (isDate(value)) return invalid(`A date is not a ${noun}.`);
  if (typeof value === "number") return invalid(`A number is not a ${noun}.`);
  if (typeof value !== "string") return invalid(`This value is not a ${noun}.`);
  const text = cleanText(value);
  if (text === "") return { kind: "blank" };
  if (isSpreadsheetError(text)) return invalid(`The cell holds the error ${text.toUpperCase()}.`);
  if (text.length > MAX_TEXT_LENGTH) {
    return invalid(`Text longer than ${MAX_TEXT_LENGTH} characters is not looked up.`);
  }
  const collapsed = text.normalize("NFC").replace(/\s+/g, " ");
  return { kind: "text", text: collapsed, key: collapsed.toLowerCase() };
}

/** A job title for the title lookup: trimmed, inner whitespace collapsed. */
export function readTitle(value: unknown): TextRead {
  return readText(value, "job title");
}

/** A technology name, slug or alias for the technology lookup: trimmed, inner whitespace collapsed. */
export function readTechnology(value: unknown): TextRead {
  return readText(value, "technology");
}
