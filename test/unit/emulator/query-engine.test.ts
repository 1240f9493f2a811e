// Query evaluation: bit-set filters agree with record-by-record checks; unknown names fail clearly.
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../../../emulator/dataset/catalog/geography.ts";
import { JOB_FUNCTIONS } from "../../../emulator/dataset/catalog/job-functions.ts";
import {
  findCategory,
  findTechnology,
  TECH_CATALOG,
} from "../../../emulator/dataset/catalog/technologies.ts";
import { Dataset } from "../../../emulator/dataset/index.ts";
import type { Organization } from "../../../emulator/dataset/types.ts";
import { epochDay } from "../../../emulator/dates.ts";
import { QueryError } from "../../../emulator/query/ast.ts";
import { filterOrganizations } from "../../../emulator/query/org-filter.ts";
import { parseQueryText } from "../../../emulator/query/parse-text.ts";
import { personMatcher, postMatcher } from "../../../emulator/query/record-match.ts";
import {
  ORGANIZATION_FIELDS,
  parseRange,
  RECORD_FIELDS,
  resolveQuery,
} from "../../../emulator/query/resolve.ts";

const NOW = Date.UTC(2026, 5, 15, 12);
const dataset = new Dataset({ seed: 3, orgs: 2000, now: NOW });
const today = epochDay(NOW);
const options = {
  fields: ORGANIZATION_FIELDS,
  findOrganization: (key: string) => dataset.lookup.bySlugKey(key)?.index,
};

function orgFilter(text: string): number[] {
  return [...filterOrganizations(resolveQuery(parseQueryText(text), options), dataset.index, today)];
}

/** The organization and its subsidiaries, whose activity filters count (rollup). */
function family(org: Organization): Organization[] {
  return dataset.rollup(org);
}

function brute(predicate: (org: Organization) => boolean): number[] {
  return dataset.orgs.filter(predicate).map((o) => o.index);
}

const react = findTechnology("react")!.index;
const go = findTechnology("go")!.index;
const dataEngineer = JOB_FUNCTIONS.find((jf) => jf.slug === "data-engineer")!.index;
const engineer = JOB_FUNCTIONS.find((jf) => jf.slug === "engineer")!.index;
const us = COUNTRIES.findIndex((c) => c.code === "US");
const de = COUNTRIES.findIndex((c) => c.code === "DE");
const usesTech = (org: Organization, tech: number) => family(org).some((o) => o.techs.includes(tech));

describe("organization filter", () => {
  it("matches technology EQ, NOT EQ, IN, NOT IN and IN ALL against the organizations' technologies", () => {
    expect(orgFilter("technology EQ 'react'")).toEqual(brute((o) => usesTech(o, react)));
    expect(orgFilter("technology NOT EQ 'react'")).toEqual(brute((o) => !usesTech(o, react)));
    expect(orgFilter("technology IN ('react', 'go')")).toEqual(
      brute((o) => usesTech(o, react) || usesTech(o, go)),
    );
    expect(orgFilter("technology NOT IN ('react', 'go')")).toEqual(
      brute((o) => !usesTech(o, react) && !usesTech(o, go)),
    );
    expect(orgFilter("technology IN ALL ('react', 'go')")).toEqual(
      brute((o) => usesTech(o, react) && usesTech(o, go)),
    );
    expect(orgFilter("technology IN ALL ('react', 'go')").length).toBeGreaterThan(0);
  });

  it("matches a job function with its child functions", () => {
    const hires = (org: Organization, jf: number) =>
      family(org).some((o) => o.jobFunctions.some((f) => JOB_FUNCTIONS[f]!.ancestry.includes(jf)));
    expect(orgFilter("job_function EQ 'Data Engineer'")).toEqual(brute((o) => hires(o, dataEngineer)));
    const engineers = orgFilter("job_function EQ 'Engineer'");
    expect(engineers).toEqual(brute((o) => hires(o, engineer)));
    expect(engineers.length).toBeGreaterThan(orgFilter("job_function EQ 'Data Engineer'").length);
  });

  it("matches a category when any of its technologies is used", () => {
    const category = findCategory("data-warehouses")!;
    expect(orgFilter("technology_category EQ 'data-warehouses'")).toEqual(
      brute((o) => category.technologyIndexes.some((t) => usesTech(o, t))),
    );
  });

  it("matches country on the headquarters and employee_count on ranges", () => {
    expect(orgFilter("country EQ 'US'")).toEqual(brute((o) => o.country === us));
    expect(orgFilter("country IN ('Germany', 'us')")).toEqual(
      brute((o) => o.country === us || o.country === de),
    );
    expect(orgFilter("employee_count EQ '100-500'")).toEqual(
      brute((o) => o.employeeCount >= 100 && o.employeeCount <= 500),
    );
    expect(orgFilter("employee_count EQ '1000-'")).toEqual(brute((o) => o.employeeCount >= 1000));
    expect(orgFilter("employee_count EQ '-50'")).toEqual(brute((o) => o.employeeCount <= 50));
  });

  it("matches hiring_period on the newest job post of the organization or a subsidiary", () => {
    const posted = (o: Organization) => Math.max(...family(o).map((f) => f.lastPostDay));
    expect(orgFilter("hiring_period EQ '1mo'")).toEqual(brute((o) => posted(o) > today - 30));
    expect(orgFilter("hiring_period EQ '1yr'")).toEqual(brute((o) => posted(o) > today - 365));
  });

  it("matches industry, tag, project and organization", () => {
    expect(orgFilter("industry EQ 'Information'")).toEqual(brute((o) => o.industry === 0));
    expect(orgFilter("tag EQ 'enterprise'")).toEqual(brute((o) => o.tags.includes("enterprise")));
    expect(orgFilter("tag EQ 'no-such-tag'")).toEqual([]);
    expect(orgFilter("project EQ 'cloud-migration'")).toEqual(
      brute((o) => family(o).some((f) => f.projects.includes(0))),
    );
    const target = dataset.orgs[77]!;
    expect(orgFilter(`organization EQ '${target.slug}'`)).toEqual([77]);
  });

  it("combines conditions with AND and OR", () => {
    expect(orgFilter("technology EQ 'react' AND country EQ 'US' AND employee_count EQ '100-'")).toEqual(
      brute((o) => usesTech(o, react) && o.country === us && o.employeeCount >= 100),
    );
    expect(orgFilter("country EQ 'DE' OR technology EQ 'go'")).toEqual(
      brute((o) => o.country === de || usesTech(o, go)),
    );
  });

  it("matches everything for NOOP", () => {
    const all = filterOrganizations(resolveQuery({ op: "NOOP" }, options), dataset.index, today);
    expect(all.count()).toBe(dataset.orgs.length);
  });
});

describe("record matching", () => {
  const org = dataset.orgs.find((o) => o.jobsCount > 40 && o.peopleCount > 40)!;
  const details = dataset.details(org);
  const recordOptions = { fields: RECORD_FIELDS, findOrganization: () => undefined };
  const posts = (text: string) =>
    details.posts.filter(postMatcher(resolveQuery(parseQueryText(text), recordOptions), dataset.orgs, today));
  const people = (text: string) =>
    details.people.filter(
      personMatcher(resolveQuery(parseQueryText(text), recordOptions), dataset.orgs, today),
    );

  it("matches job posts on their own technologies, function, level, country and date", () => {
    const tech = details.posts[0]!.techs[0]!.tech;
    const slug = TECH_CATALOG.technologies[tech]!.slug;
    expect(posts(`technology EQ '${slug}'`)).toEqual(
      details.posts.filter((p) => p.techs.some((m) => m.tech === tech)),
    );
    expect(posts("job_function EQ 'Engineer' AND job_level EQ 'Manager'")).toEqual(
      details.posts.filter((p) => JOB_FUNCTIONS[p.jobFunction]!.ancestry.includes(engineer) && p.level === 2),
    );
    expect(posts(`country EQ '${COUNTRIES[org.country]!.code}'`)).toEqual(
      details.posts.filter((p) => p.country === org.country),
    );
    expect(posts("hiring_period EQ '3mo'")).toEqual(details.posts.filter((p) => p.day > today - 91));
  });

  it("matches people on their skills, function and start date, and firmographics on their organization", () => {
    expect(people("job_level IN ('Director', 'Vice President')")).toEqual(
      details.people.filter((p) => p.level === 3 || p.level === 4),
    );
    expect(people(`employee_count EQ '${org.employeeCount}'`)).toEqual(details.people);
    expect(people(`employee_count EQ '${org.employeeCount + 1}-'`)).toEqual([]);
    expect(people("project EQ 'cloud-migration'")).toEqual([]);
  });
});

describe("query resolution", () => {
  const resolve = (text: string, fields = ORGANIZATION_FIELDS) =>
    resolveQuery(parseQueryText(text), { fields, findOrganization: () => undefined });

  it.each([
    [
      "technology EQ 'nosuchtech'",
      `Unknown technology "nosuchtech". Use a technology slug, name or alias; look slugs up with POST /v9/technologies/find or /v9/technologies/lookup.`,
    ],
    [
      "job_function EQ 'Wizard'",
      `Unknown job function "Wizard". Use a job function name such as 'Data Engineer' or 'Sales'.`,
    ],
    [
      "country EQ 'Atlantis'",
      `Unknown country "Atlantis". Use an ISO 3166 alpha-2 code such as 'US' or an English country name.`,
    ],
    [
      "hiring_period EQ '5mo'",
      `hiring_period takes one of '1mo', '3mo', '6mo', '1yr', '18mo', '2yr', not "5mo".`,
    ],
    ["hiring_period IN ('1mo')", "hiring_period supports EQ only, e.g. hiring_period EQ '6mo'."],
    [
      "employee_count EQ 'big'",
      `employee_count takes a range such as '100-500', '1000-' or '-50', not "big".`,
    ],
    [
      "employee_count EQ '500-100'",
      `employee_count range "500-100" has its bounds reversed; write '100-500'.`,
    ],
    [
      "color EQ 'blue'",
      'Unknown field "color" here. Use one of: technology, technology_category, job_function, country, employee_count, hiring_period, industry, tag, project, organization.',
    ],
    [
      "job_level EQ 'Manager'",
      'Unknown field "job_level" here. Use one of: technology, technology_category, job_function, country, employee_count, hiring_period, industry, tag, project, organization.',
    ],
    ["organization EQ 'nobody'", `Unknown organization "nobody". Use an organization id, slug or domain.`],
  ])("rejects %j", (text, message) => {
    expect(() => resolve(text)).toThrow(new QueryError(message));
  });

  it("parses headcount ranges with open ends", () => {
    expect(parseRange("100-500")).toEqual({ min: 100, max: 500 });
    expect(parseRange("1,000-")).toEqual({ min: 1000, max: Number.MAX_SAFE_INTEGER });
    expect(parseRange("-50")).toEqual({ min: 0, max: 50 });
    expect(parseRange(250)).toEqual({ min: 250, max: 250 });
  });
});
