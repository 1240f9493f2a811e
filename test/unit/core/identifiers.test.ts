// Tests for reading cell values as organization identifiers and lookup text.
import { describe, expect, it } from "vitest";
import type { OrganizationRead } from "../../../src/core/organizations/identifiers.ts";
import {
  MAX_TEXT_LENGTH,
  normalizeDomain,
  readOrganization,
  readTechnology,
  readTitle,
} from "../../../src/core/organizations/identifiers.ts";

const blank: OrganizationRead = { kind: "blank" };
const id = (value: number): OrganizationRead => ({ kind: "org", input: { id: value }, key: `id:${value}` });
const url = (domain: string): OrganizationRead => ({
  kind: "org",
  input: { url: domain },
  key: `url:${domain}`,
});
const name = (text: string): OrganizationRead => ({
  kind: "org",
  input: { name: text },
  key: `name:${text.toLowerCase()}`,
});
const invalid = (reason: string): OrganizationRead => ({ kind: "invalid", reason });

const longText = "a".repeat(MAX_TEXT_LENGTH + 1);

describe("readOrganization", () => {
  it.each<[string, unknown, OrganizationRead]>([
    ["empty text", "", blank],
    ["whitespace", "  \t ", blank],
    ["a non-breaking space and a zero-width space", "\u00a0\u200b", blank],
    ["null", null, blank],
    ["undefined", undefined, blank],
    ["a positive number", 12345, id(12345)],
    ["the largest safe integer", Number.MAX_SAFE_INTEGER, id(Number.MAX_SAFE_INTEGER)],
    ["a string of digits", "987", id(987)],
    ["digits with surrounding spaces", "  42 ", id(42)],
    ["digits with leading zeros", "0042", id(42)],
    ["digits with inner spaces (not one number)", "12 345", name("12 345")],
    ["the number 0", 0, invalid("0 is not an organization id.")],
    ["the text 0", "0", invalid("0 is not an organization id.")],
    ["zeros as text", "000", invalid("0 is not an organization id.")],
    ["a negative number", -5, invalid("-5 is not an organization id (ids are positive whole numbers).")],
    ["a fraction", 1.5, invalid("1.5 is not an organization id (ids are whole numbers).")],
    ["a small fraction", 0.25, invalid("0.25 is not an organization id (ids are whole numbers).")],
    ["1e21", 1e21, invalid("1e+21 is too large for an organization id.")],
    [
      "one past the safe integers",
      2 ** 53 + 2,
      invalid("9007199254740994 is too large for an organization id."),
    ],
    [
      "a long digit string",
      "99999999999999999999",
      invalid("99999999999999999999 is too large for an organization id."),
    ],
    ["NaN", Number.NaN, invalid("NaN is not an organization id.")],
    ["Infinity", Number.POSITIVE_INFINITY, invalid("Infinity is not an organization id.")],
    ["TRUE", true, invalid("TRUE/FALSE is not an organization.")],
    ["FALSE", false, invalid("TRUE/FALSE is not an organization.")],
    ["a Date", new Date(Date.UTC(2024, 0, 1)), invalid("A date is not an organization.")],
    ["an object", { id: 1 }, invalid("This value is not an organization.")],
    ["#N/A", "#N/A", invalid("The cell holds the error #N/A.")],
    ["#REF!", "#REF!", invalid("The cell holds the error #REF!.")],
    ["#VALUE!", "#VALUE!", invalid("The cell holds the error #VALUE!.")],
    ["#ERROR!", "#ERROR!", invalid("The cell holds the error #ERROR!.")],
    ["#DIV/0!", "#DIV/0!", invalid("The cell holds the error #DIV/0!.")],
    ["#NAME?", "#NAME?", invalid("The cell holds the error #NAME?.")],
    ["#NUM!", "#NUM!", invalid("The cell holds the error #NUM!.")],
    ["#NULL!", " #null! ", invalid("The cell holds the error #NULL!.")],
    ["an e-mail", "jane@acme.com", url("acme.com")],
    ["an upper-case e-mail", "Jane.Doe@ACME.COM", url("acme.com")],
    ["an e-mail on a sub-domain", "ops@mail.acme.co.uk", url("mail.acme.co.uk")],
    ["a mailto link", "mailto:sales@acme.io", url("acme.io")],
    ["an e-mail with a plus tag", "j+crm@Example.org", url("example.org")],
    [
      "an e-mail without a valid domain",
      "jane@localhost",
      invalid("The e-mail address has no valid domain."),
    ],
    [
      "an e-mail with a numeric top level",
      "jane@10.0.0.1",
      invalid("The e-mail address has no valid domain."),
    ],
    ["a bare domain", "acme.com", url("acme.com")],
    ["an upper-case domain with a trailing dot", "ACME.COM.", url("acme.com")],
    ["www.", "www.acme.com", url("acme.com")],
    [
      "a URL with scheme, port, path, query and fragment",
      "https://www.Acme.com:8443/about?x=1#team",
      url("acme.com"),
    ],
    ["an http URL with a path", "http://acme.com/en/", url("acme.com")],
    ["a URL with user info", "https://user:pw@portal.acme.com/", url("portal.acme.com")],
    ["a protocol-relative URL", "//cdn.acme.net/x.js", url("cdn.acme.net")],
    ["a domain with a path", "acme.com/careers", url("acme.com")],
    ["a domain with a port", "acme.com:8080", url("acme.com")],
    ["a domain with a query", "acme.com?ref=sheet", url("acme.com")],
    ["a second-level country domain", "bbc.co.uk", url("bbc.co.uk")],
    ["a hyphenated domain", "my-company.de", url("my-company.de")],
    [
      "a URL without a valid host",
      "https://localhost:3000/",
      invalid("The web address has no valid domain."),
    ],
    ["a URL to an IP address", "http://192.168.1.1/", invalid("The web address has no valid domain.")],
    ["a German IDN", "münchen.de", url("münchen.de")],
    ["an upper-case IDN URL", "https://MÜNCHEN.DE/", url("münchen.de")],
    ["a Japanese IDN", "例え.jp", url("例え.jp")],
    ["a Japanese IDN with an ideographic full stop", "例え。jp", url("例え.jp")],
    ["a punycode domain", "xn--mnchen-3ya.de", url("xn--mnchen-3ya.de")],
    ["a company name", "Acme Corp", name("Acme Corp")],
    ["a name with extra whitespace", "  Acme \t  Corp\n", name("Acme Corp")],
    ["a name with punctuation", "AT&T Inc.", name("AT&T Inc.")],
    ["a name with an exclamation mark", "Yahoo!", name("Yahoo!")],
    ["a name with a domain in it", "Amazon.com, Inc.", name("Amazon.com, Inc.")],
    ["a name with dots but no domain", "J.P. Morgan", name("J.P. Morgan")],
    ["an abbreviation", "e.g.", name("e.g.")],
    ["a name that is a domain", "Booking.com", url("booking.com")],
    ["a handle", "@acme", name("@acme")],
    ["a single word", "Stripe", name("Stripe")],
    ["a name with accents", "Société Générale", name("Société Générale")],
    ["a negative number as text", "-5", name("-5")],
    ["a key-like name", "__proto__", name("__proto__")],
    ["a dash", "—", invalid("Text with no letters or digits is not an organization.")],
    ["punctuation only", " - / ? ", invalid("Text with no letters or digits is not an organization.")],
    ["a letter of another script", "東", name("東")],
    ["one digit among punctuation", "#1", name("#1")],
    ["n/a", "n/a", invalid("A placeholder such as n/a is not an organization.")],
    ["N/A in capitals", " N/A ", invalid("A placeholder such as n/a is not an organization.")],
    ...["n.a.", "NA", "None", "null", "nil", "TBD", "tba"].map(
      (text): [string, unknown, OrganizationRead] => [
        `the placeholder ${text}`,
        text,
        invalid("A placeholder such as n/a is not an organization."),
      ],
    ),
    ["a name holding a placeholder", "None Such Ltd", name("None Such Ltd")],
    ["text of the maximum length", "b".repeat(MAX_TEXT_LENGTH), name("b".repeat(MAX_TEXT_LENGTH))],
    ["very long text", longText, invalid("Text longer than 500 characters is not looked up.")],
    [
      "a very long URL",
      `https://acme.com/${longText}`,
      invalid("Text longer than 500 characters is not looked up."),
    ],
  ])("reads %s", (_label, value, expected) => {
    expect(readOrganization(value)).toEqual(expected);
  });

  it("reads a date made in another realm as a date", async () => {
    const { runInNewContext } = await import("node:vm");
    const foreignDate: unknown = runInNewContext("new Date(0)");
    expect(foreignDate instanceof Date).toBe(false);
    expect(readOrganization(foreignDate)).toEqual(invalid("A date is not an organization."));
  });

  it("gives the same key to the same organization written differently", () => {
    const keys = ["ACME.com", "https://www.acme.com/", "info@Acme.Com", "acme.com."].map(
      (value) => (readOrganization(value) as { key: string }).key,
    );
    expect(new Set(keys)).toEqual(new Set(["url:acme.com"]));
    expect((readOrganization("ACME   corp") as { key: string }).key).toBe(
      (readOrganization("acme corp") as { key: string }).key,
    );
    expect((readOrganization(77) as { key: string }).key).toBe(
      (readOrganization("077") as { key: string }).key,
    );
  });
});

describe("normalizeDomain", () => {
  it.each<[string, string | null]>([
    ["Example.COM", "example.com"],
    ["www.example.com.", "example.com"],
    ["www.com", "www.com"],
    ["example", null],
    ["-bad.com", null],
    ["bad-.com", null],
    ["under_score.com", null],
    ["example.c", null],
    ["example.123", null],
    ["a..com", null],
    [`${"a".repeat(64)}.com`, null],
    [`${"a".repeat(63)}.com`, `${"a".repeat(63)}.com`],
    [`${"abcdefghi.".repeat(26)}com`, null],
  ])("normalises %s to %s", (host, expected) => {
    expect(normalizeDomain(host)).toBe(expected);
  });
});

describe("readTitle and readTechnology", () => {
  it.each<[unknown, ReturnType<typeof readTitle>]>([
    [
      "  Senior   Data Engineer ",
      { kind: "text", text: "Senior Data Engineer", key: "senior data engineer" },
    ],
    ["VP, Sales & Marketing", { kind: "text", text: "VP, Sales & Marketing", key: "vp, sales & marketing" }],
    ["", { kind: "blank" }],
    ["   ", { kind: "blank" }],
    [null, { kind: "blank" }],
    [undefined, { kind: "blank" }],
    [true, { kind: "invalid", reason: "TRUE/FALSE is not a job title." }],
    [new Date(0), { kind: "invalid", reason: "A date is not a job title." }],
    [42, { kind: "invalid", reason: "A number is not a job title." }],
    [["nested"], { kind: "invalid", reason: "This value is not a job title." }],
    ["#N/A", { kind: "invalid", reason: "The cell holds the error #N/A." }],
    [longText, { kind: "invalid", reason: "Text longer than 500 characters is not looked up." }],
  ])("reads the title %o", (value, expected) => {
    expect(readTitle(value)).toEqual(expected);
  });

  it.each<[unknown, ReturnType<typeof readTechnology>]>([
    ["React", { kind: "text", text: "React", key: "react" }],
    [" Amazon  Web Services ", { kind: "text", text: "Amazon Web Services", key: "amazon web services" }],
    ["C#", { kind: "text", text: "C#", key: "c#" }],
    ["node.js", { kind: "text", text: "node.js", key: "node.js" }],
    [false, { kind: "invalid", reason: "TRUE/FALSE is not a technology." }],
    [3, { kind: "invalid", reason: "A number is not a technology." }],
    ["#REF!", { kind: "invalid", reason: "The cell holds the error #REF!." }],
    ["", { kind: "blank" }],
  ])("reads the technology %o", (value, expected) => {
    expect(readTechnology(value)).toEqual(expected);
  });
});
