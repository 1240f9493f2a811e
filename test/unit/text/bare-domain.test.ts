// A list's web address written as Find writes a domain: bare.
import { describe, expect, it } from "vitest";
import { bareDomain } from "../../../src/core/organizations/identifiers.ts";

describe("bareDomain", () => {
  it.each([
    ["https://acme.com", "acme.com"],
    ["https://www.acme.com/", "acme.com"],
    ["http://Acme.COM/about?x=1#top", "acme.com"],
    ["  https://shop.acme.co.uk:8080/path  ", "shop.acme.co.uk"],
    ["acme.com", "acme.com"],
    ["//acme.com/x", "acme.com"],
  ])("%s → %s", (address, domain) => {
    expect(bareDomain(address)).toBe(domain);
  });

  it("keeps an address with no domain in it as it came", () => {
    expect(bareDomain("https://localhost/x")).toBe("https://localhost/x");
    expect(bareDomain("not a site")).toBe("not a site");
    expect(bareDomain(" http://10.0.0.1 ")).toBe(" http://10.0.0.1 ");
  });
});
