// What a formula's purchase would ask for: organizations grouped by the fields still missing for them, with
// the fields other formulas want of the same organizations added when they are bought anyway.
import { describe, expect, it } from "vitest";
import type { CachedEntity } from "../../../src/core/caches/result-cache.ts";
import type { OrgField } from "../../../src/core/organizations/org-fields.ts";
import { groupByMissing, type OrgRequestItem } from "../../../src/functions/org-cached.ts";

const attribute = (name: string): OrgField => ({ kind: "attribute", name }) as OrgField;
const item = (domain: string): OrgRequestItem => ({ key: `url:${domain}`, input: { url: domain } });
const names = (groups: ReturnType<typeof groupByMissing>) =>
  [...groups.values()].map((g) => ({
    fields: g.fields.map((f) => (f.kind === "attribute" ? f.name : "")),
    items: g.items.map((i) => i.key),
  }));

describe("groupByMissing", () => {
  const industry = attribute("industry");
  const employees = attribute("employee_count");
  const country = attribute("headquarters_country");
  const cached = new Map<string, CachedEntity>([
    ["url:acme.com", { matched: true, values: { "a:industry": "Software", "a:headquarters_country": "US" } }],
    ["url:gone.com", { matched: false }],
  ]);

  it("asks each organization only for what the cache lacks, and nothing of one the service did not match", () => {
    const groups = groupByMissing(
      [item("acme.com"), item("globex.com"), item("gone.com")],
      [industry, employees],
      cached,
    );
    expect(names(groups)).toEqual([
      { fields: ["employee_count"], items: ["url:acme.com"] },
      { fields: ["industry", "employee_count"], items: ["url:globex.com"] },
    ]);
  });

  it("adds what other formulas want when the organization is bought anyway, never a field twice or a cached one", () => {
    const also = new Map([
      ["url:acme.com", [employees, country, attribute("tags")]],
      ["url:globex.com", [industry, attribute("tags")]],
      // Not bought by this formula: what others want is no reason to buy it.
      ["url:initech.com", [industry]],
    ]);
    const groups = groupByMissing(
      [item("acme.com"), item("globex.com")],
      [industry, employees],
      cached,
      also,
    );
    expect(names(groups)).toEqual([
      { fields: ["employee_count", "tags"], items: ["url:acme.com"] },
      { fields: ["industry", "employee_count", "tags"], items: ["url:globex.com"] },
    ]);
  });

  it("asks nothing of an organization whose every field is cached, whatever others want", () => {
    const groups = groupByMissing(
      [item("acme.com")],
      [industry],
      cached,
      new Map([["url:acme.com", [employees]]]),
    );
    expect(names(groups)).toEqual([]);
  });
});
