// Attribute names as people type them in a formula: API names in any spelling, the add-on's own headers,
// and synonyms that are suggested but never taken silently.
import { describe, expect, it } from "vitest";
import { ORGANIZATION_ATTRIBUTE_NAMES } from "../../../src/api/contract";
import {
  attributeLabel,
  attributeSuggestions,
  readAttributeName,
} from "../../../src/core/organizations/field-names";
import { nearestNames } from "../../../src/core/text/nearest-names";

describe("readAttributeName", () => {
  it.each([
    ["employee_count", "employee_count"],
    ["Employee count", "employee_count"],
    ["  EMPLOYEE-COUNT ", "employee_count"],
    ["HQ country", "headquarters_country"],
    ["hq_country", "headquarters_country"],
    ["Headquarters country", "headquarters_country"],
    ["Domain", "url"],
    ["Total raised (USD)", "funding_total_raised"],
    ["CRM status", "account_status"],
    ["Job posts", "jobs_count"],
  ])("reads %j as %s", (given, expected) => {
    expect(readAttributeName(given)).toBe(expected);
  });

  it("takes every header the add-on writes back as its attribute", () => {
    for (const name of ORGANIZATION_ATTRIBUTE_NAMES)
      expect(readAttributeName(attributeLabel(name))).toBe(name);
  });

  it.each(["employees", "headcount", "industy", "revenue", "", "people"])("takes %j for nothing", (given) => {
    expect(readAttributeName(given)).toBeNull();
  });
});

describe("attributeSuggestions", () => {
  it.each([
    ["employees", "employee_count"],
    ["headcount", "employee_count"],
    ["industy", "industry"],
    ["country", "headquarters_country"],
    ["website", "url"],
    ["funding stage", "funding_last_round_type"],
    ["HQ cuntry", "headquarters_country"],
  ])("suggests %j → %s first", (given, expected) => {
    expect(attributeSuggestions(given, nearestNames)[0]).toBe(expected);
  });

  it("names each attribute once, at most three", () => {
    const near = attributeSuggestions("teams", nearestNames);
    expect(near.length).toBeLessThanOrEqual(3);
    expect(new Set(near).size).toBe(near.length);
  });

  it("suggests nothing for a word far from every name", () => {
    expect(attributeSuggestions("zzzzqqqq", nearestNames)).toEqual([]);
  });
});
