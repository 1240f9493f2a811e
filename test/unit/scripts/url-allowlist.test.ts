// The allowlist prefix for the service, Google's rules for a prefix, and Apps Script's prefix matching.
import { describe, expect, it } from "vitest";
import {
  allowlistCovers,
  prefixProblem,
  serviceAllowlistPrefix,
} from "../../../scripts/deploy/url-allowlist.ts";

describe("serviceAllowlistPrefix", () => {
  it("allows only the v9 path of the service, under any base path", () => {
    expect(serviceAllowlistPrefix("https://api.example.com")).toBe("https://api.example.com/v9/");
    expect(serviceAllowlistPrefix("https://example.com/enrichment/")).toBe(
      "https://example.com/enrichment/v9/",
    );
  });
});

describe("prefixProblem", () => {
  it.each([
    "https://api.example.com/",
    "https://api.example.com/v9/",
    "https://*.example.com/",
    "https://api.example.com:8443/v9/",
  ])("accepts %s", (prefix) => {
    expect(prefixProblem(prefix)).toBeNull();
  });

  it.each([
    ["https://api.example.com", /needs a path/],
    ["http://api.example.com/", /must use https/],
    ["https://localhost/", /full domain/],
    ["https://127.0.0.1/", /full domain/],
    ["https://[::1]/", /full domain/],
    ["https://a.*.example.com/", /one wildcard only/],
    ["https://user:secret@api.example.com/", /user name or password/],
    ["api.example.com/v9/", /not a URL/],
  ])("refuses %s", (prefix, message) => {
    expect(prefixProblem(prefix)).toMatch(message);
  });

  it("quotes at most 100 characters of a long entry", () => {
    const problem = prefixProblem(`http://${"a".repeat(500)}.com/`)!;
    expect(problem).toMatch(/must use https/);
    expect(problem.length).toBeLessThan(200);
  });
});

describe("allowlistCovers", () => {
  const list = ["https://api.example.com/v9/", "https://example.com/foo"];

  it("covers a URL under a prefix, with a host in any case", () => {
    expect(allowlistCovers(list, "https://api.example.com/v9/organizations")).toBe(true);
    expect(allowlistCovers(list, "https://API.Example.com/v9/signals/configs")).toBe(true);
  });

  it("matches a prefix without a trailing slash as Google documents: itself, its children, a query", () => {
    for (const url of [
      "https://example.com/foo",
      "https://example.com/foo/bar",
      "https://example.com/foo?x=1",
    ]) {
      expect(allowlistCovers(list, url)).toBe(true);
    }
    expect(allowlistCovers(list, "https://example.com/foobar")).toBe(false);
  });

  it("does not cover another path, version, scheme, port or host", () => {
    for (const url of [
      "https://api.example.com/v8/organizations",
      "https://api.example.com/V9/organizations",
      "http://api.example.com/v9/organizations",
      "https://api.example.com:8443/v9/organizations",
      "https://api.example.com.evil.test/v9/organizations",
    ]) {
      expect(allowlistCovers(list, url)).toBe(false);
    }
  });

  it("lets a leading wildcard cover subdomains only", () => {
    expect(allowlistCovers(["https://*.example.com/"], "https://eu.api.example.com/v9/people")).toBe(true);
    expect(allowlistCovers(["https://*.example.com/"], "https://badexample.com/v9/people")).toBe(false);
  });
});
