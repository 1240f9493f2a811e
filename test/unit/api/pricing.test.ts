// Upper-bound estimates, one case per row of the price list in spec §8.5 (figures written out, not derived).
import { describe, expect, it } from "vitest";
import {
  estimateBriefs,
  estimateJobs,
  estimateListRead,
  estimateLookup,
  estimateOrganizations,
  estimatePeople,
  estimatePrioritySignals,
  estimateSignals,
  estimateTeams,
  lookupCost,
  organizationUnitCost,
} from "../../../src/api/pricing.ts";

const orgs = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `org${i}.com` }));

describe("organizations", () => {
  it.each([
    ["only free attributes", { attributes: ["id", "name", "url", "slug", "service_url"] }, 1],
    ["account_status is free", { attributes: ["name", "account_status"] }, 1],
    ["three paid attributes", { attributes: ["name", "employee_count", "industry", "tags"] }, 4],
    ["status and status_reason cost 1 each", { attributes: ["status", "status_reason"] }, 3],
    ["a repeated attribute is charged once", { attributes: ["employee_count", "employee_count"] }, 2],
    [
      "one metric on one entity",
      { entities: [{ type: "technology", term: "python", metrics: ["job_post_count"] }] },
      2,
    ],
    [
      "two technologies with two metrics each",
      {
        entities: [
          { type: "technology", term: "python", metrics: ["job_post_count", "people_count"] },
          { type: "technology", term: "react", metrics: ["job_post_count", "team_count"] },
        ],
      },
      5,
    ],
    [
      "metrics: all on a job function (5 metrics)",
      { entities: [{ type: "job_function", term: "Data", metrics: "all" }] },
      6,
    ],
    [
      "aggregate category counts once",
      {
        entities: [
          {
            type: "technology_category",
            term: "databases",
            metrics: ["job_post_count"],
            granularity: "aggregate",
          },
        ],
      },
      2,
    ],
  ] as const)("%s costs %i per organization", (_name, select, perOrg) => {
    expect(organizationUnitCost(select as never).credits).toBe(perOrg);
  });

  it("says an exploded category's estimate has no upper bound (its size is the service's to know)", () => {
    const select = {
      entities: [
        {
          type: "technology_category" as const,
          term: "databases",
          metrics: ["job_post_count", "people_count"] as ("job_post_count" | "people_count")[],
          granularity: "exploded" as const,
        },
      ],
    };
    expect(organizationUnitCost(select)).toEqual({
      credits: 1 + 2,
      bounded: false,
      notes: ['Exploded category "databases" costs its metrics once per technology in it (count unknown).'],
    });
  });

  it("charges list mode per unique input and filter mode per limit", () => {
    const select = { attributes: ["employee_count" as const] };
    expect(estimateOrganizations({ organizations: orgs(480), select }).credits).toBe(960);
    expect(estimateOrganizations({ organizations: [...orgs(3), ...orgs(3)], select }).credits).toBe(6);
    expect(estimateOrganizations({ filter: { query: "technology EQ 'react'" }, select }).credits).toBe(20);
    expect(
      estimateOrganizations({ filter: { query: "technology EQ 'react'" }, select, limit: 200 }).credits,
    ).toBe(400);
  });
});

describe("people", () => {
  it("costs 1 base plus 1 per paid attribute; name is free", () => {
    expect(
      estimatePeople({
        people: [{ person_id: 1 }, { person_id: 2 }],
        select: { attributes: ["name", "job_title"] },
      }).credits,
    ).toBe(4);
  });
  it("adds 10 per email and 80 per phone reveal on top of the attribute", () => {
    const e = estimatePeople({ people: [{ person_id: 1 }], select: { attributes: ["email", "phone"] } });
    expect(e.credits).toBe(1 + (1 + 10) + (1 + 80));
    expect(e.notes).toContain("Contact reveals cost 10 per email and 80 per phone, the first time only.");
  });
  it("uses the filter limit (default 10) and marks related people as unbounded", () => {
    const e = estimatePeople({
      filter: { organization_ids: [1] },
      select: { attributes: ["name"], related_people: { direction: ["managers"] } },
    });
    expect(e.credits).toBe(10);
    expect(e.bounded).toBe(false);
  });
  it("costs nothing to poll", () => {
    expect(estimatePeople({ request_id: "r" }).credits).toBe(0);
  });
});

describe("jobs and teams", () => {
  it("jobs: title free, other attributes and extracted entities 1 each, related people per job", () => {
    expect(
      estimateJobs({
        jobs: [{ job_id: 1 }, { job_id: 2 }],
        select: { attributes: ["title", "location", "technologies"] },
      }).credits,
    ).toBe(6);
    expect(estimateJobs({ jobs: [{ job_id: 1 }], select: { attributes: "all" } }).credits).toBe(10);
    expect(estimateJobs({ jobs: [{ job_id: 1 }], select: { related_people: { limit: 3 } } }).credits).toBe(4);
  });
  it("teams: base + attributes + related people and job posts up to their per-team maximum", () => {
    expect(estimateTeams({ teams: [1], select: { attributes: ["jobs_count", "score"] } }).credits).toBe(3);
    expect(
      estimateTeams({
        filter: { organization_ids: [1] },
        limit: 2,
        select: { related_people: { max_per_team: 4 }, job_posts: { max_per_team: 5 } },
      }).credits,
    ).toBe(2 * (1 + 4 + 5));
  });
});

describe("lookups, signals, briefs and lists", () => {
  it.each([
    [0, 0],
    [1, 1],
    [100, 1],
    [101, 2],
    [1000, 10],
  ])("a lookup with %i matched items costs %i", (matched, credits) => {
    expect(lookupCost(matched)).toBe(credits);
    expect(estimateLookup(matched).credits).toBe(credits);
  });
  it("signals: 1 per signal, default limit 100; priority: 1 each, default 20", () => {
    expect(estimateSignals(undefined).credits).toBe(100);
    expect(estimateSignals(25).credits).toBe(25);
    expect(estimatePrioritySignals(undefined).credits).toBe(20);
  });
  it("briefs: 50 each; list reads: 1 per item", () => {
    expect(estimateBriefs(3).credits).toBe(150);
    expect(estimateListRead(42).credits).toBe(42);
  });
});
