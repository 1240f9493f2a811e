// Every client method against responses shaped exactly like the real service's published examples.
import { describe, expect, it } from "vitest";
import { EnrichmentClient } from "../../../src/api/client.ts";
import { FakeClock, FakeTransport, json } from "../../support/fake-transport.ts";
import { firstExample, responseExamples } from "../../support/real-openapi.ts";

const BASE = "https://api.example.test";

function setup() {
  const transport = new FakeTransport();
  const clock = new FakeClock();
  const credits: { endpoint: string; creditsUsed: number; creditsRemaining: number }[] = [];
  const client = new EnrichmentClient({
    baseUrl: `${BASE}/`,
    apiKey: "sk_test_123",
    transport,
    clock,
    random: () => 0.5,
    onCredits: (c) => credits.push(c),
  });
  return { transport, clock, client, credits };
}

interface Case {
  name: string;
  invoke: (client: EnrichmentClient) => unknown;
  method: string;
  url: string;
  body?: unknown;
  response: unknown;
  check: (result: any) => void;
}

const example = (method: string, path: string) => firstExample(method, path);

const cases: Case[] = [
  {
    name: "organizations (list mode)",
    invoke: (c) =>
      c.organizations({
        organizations: [{ url: "acme.com" }],
        select: { attributes: ["name", "employee_count"] },
      }),
    method: "POST",
    url: "/v9/organizations",
    body: { organizations: [{ url: "acme.com" }], select: { attributes: ["name", "employee_count"] } },
    response: example("post", "/v9/organizations"),
    check: (r) => {
      expect(r.organizations.length).toBeGreaterThan(0);
      expect(typeof r.total).toBe("number");
    },
  },
  {
    name: "organization signals with repeated technology_slugs",
    invoke: (c) => c.organizationSignals(42, ["kubernetes", "react"]),
    method: "GET",
    url: "/v9/organizations/42/signals?technology_slugs=kubernetes&technology_slugs=react",
    response: example("get", "/v9/organizations/{organization_id}/signals"),
    check: (r) => expect(r.signals[0].title).toBeTypeOf("string"),
  },
  {
    name: "tech stack",
    invoke: (c) => c.techStack(7),
    method: "GET",
    url: "/v9/organizations/7/techs",
    response: {
      id: "0b7c5e0e-1d1e-4f7e-9a55-9d2f7d1b2c3a",
      credits_used: 1,
      credits_remaining: 99,
      organization_id: 7,
      organization_slug: "acme",
      business_functions: [
        {
          business_function: "Engineering",
          categories: [
            {
              category_slug: "containers",
              category_name: "Containers",
              category_name_full: "Containers & Orchestration",
              technologies: [
                { name: "Kubernetes", slug: "kubernetes", job_post_used_count: 12, domain: "kubernetes.io" },
              ],
              evidence: [{ name: "Kubernetes", job_post_used_count: 12 }],
            },
          ],
        },
      ],
    },
    check: (r) => expect(r.business_functions[0].categories[0].technologies[0].slug).toBe("kubernetes"),
  },
  {
    name: "start a people job",
    invoke: (c) => c.startPeopleJob({ filter: { organization_ids: [1] }, select: { attributes: ["name"] } }),
    method: "POST",
    url: "/v9/people",
    body: { filter: { organization_ids: [1] }, select: { attributes: ["name"] } },
    response: { id: "r1", credits_used: 0, credits_remaining: 10, request_id: "r1", status: "pending" },
    check: (r) => expect(r.status).toBe("pending"),
  },
  {
    name: "poll a people job",
    invoke: (c) => c.pollPeopleJob("019a-req"),
    method: "POST",
    url: "/v9/people",
    body: { request_id: "019a-req" },
    response: example("post", "/v9/people"),
    check: (r) => expect(Array.isArray(r.people) || r.people == null).toBe(true),
  },
  {
    name: "jobs (filter mode)",
    invoke: (c) => c.jobs({ filter: { organization_ids: [1] }, select: { attributes: ["title"] } }),
    method: "POST",
    url: "/v9/jobs",
    body: { filter: { organization_ids: [1] }, select: { attributes: ["title"] } },
    response: responseExamples("post", "/v9/jobs", "200")["filter_mode"],
    check: (r) => expect(r.jobs.length).toBeGreaterThan(0),
  },
  {
    name: "jobs (list mode)",
    invoke: (c) => c.jobs({ jobs: [{ job_id: 1 }], select: { attributes: "all" } }),
    method: "POST",
    url: "/v9/jobs",
    body: { jobs: [{ job_id: 1 }], select: { attributes: "all" } },
    response: responseExamples("post", "/v9/jobs", "200")["list_mode"],
    check: (r) => expect(r.jobs[0].input).toBeDefined(),
  },
  {
    name: "job title lookup",
    invoke: (c) => c.titleLookup(["Senior Data Engineer"]),
    method: "POST",
    url: "/v9/jobs/title-lookup",
    body: { titles: ["Senior Data Engineer"] },
    response: example("post", "/v9/jobs/title-lookup"),
    check: (r) => expect(r.results[0].input).toBeTypeOf("string"),
  },
  {
    name: "teams (fields as the real service returns them)",
    invoke: (c) => c.teams({ filter: { organization_ids: [1] }, select: { attributes: "all" } }),
    method: "POST",
    url: "/v9/teams",
    body: { filter: { organization_ids: [1] }, select: { attributes: "all" } },
    response: {
      id: "t",
      credits_used: 3,
      credits_remaining: 7,
      total: 1,
      teams: [
        {
          team_id: 5,
          name: "Data Platform",
          service_url: "https://app.example.test/teams/5",
          attributes: {
            organization: { organization_id: 1, name: "Acme", service_url: "https://app.example.test/o/1" },
            jobs_count: 4,
            technology_list: [{ name: "Snowflake", slug: "snowflake", used: true, jobs_count: 3 }],
            score: { value: 81, fit: "Great", components: [] },
            unknown_new_field: "kept",
          },
        },
      ],
    },
    check: (r) => {
      expect(r.teams[0].attributes.technology_list[0].slug).toBe("snowflake");
      expect(r.teams[0].attributes.unknown_new_field).toBe("kept");
    },
  },
  {
    name: "technologies find",
    invoke: (c) => c.technologiesFind("kube"),
    method: "POST",
    url: "/v9/technologies/find",
    body: { query: "kube" },
    response: example("post", "/v9/technologies/find"),
    check: (r) => expect(r.technologies.length).toBeGreaterThan(0),
  },
  {
    name: "technologies lookup",
    invoke: (c) => c.technologiesLookup(["k8s"]),
    method: "POST",
    url: "/v9/technologies/lookup",
    body: { technologies: ["k8s"] },
    response: example("post", "/v9/technologies/lookup"),
    check: (r) => expect(r.results[0]).toHaveProperty("technology"),
  },
  {
    name: "categories lookup",
    invoke: (c) => c.categoriesLookup(["databases"]),
    method: "POST",
    url: "/v9/technologies/categories/lookup",
    body: { technology_categories: ["databases"] },
    response: example("post", "/v9/technologies/categories/lookup"),
    check: (r) => expect(r.results[0]).toHaveProperty("category"),
  },
  {
    name: "projects lookup",
    invoke: (c) => c.projectsLookup(["cloud migration"]),
    method: "POST",
    url: "/v9/projects/lookup",
    body: { projects: ["cloud migration"] },
    response: example("post", "/v9/projects/lookup"),
    check: (r) => expect(r.results[0]).toHaveProperty("project"),
  },
  {
    name: "signals search",
    invoke: (c) => c.signals({ filter: { technology_slugs: ["kubernetes"] }, limit: 50, offset: 100 }),
    method: "POST",
    url: "/v9/signals",
    body: { filter: { technology_slugs: ["kubernetes"] }, limit: 50, offset: 100 },
    response: example("post", "/v9/signals"),
    check: (r) => expect(r.signals.length).toBeGreaterThan(0),
  },
  {
    name: "priority signals",
    invoke: (c) => c.prioritySignals({ filter: { organization_ids: [3] } }),
    method: "POST",
    url: "/v9/signals/priority",
    body: { filter: { organization_ids: [3] } },
    response: {
      id: "p",
      credits_used: 1,
      credits_remaining: 9,
      priority_signals: [
        {
          id: 991,
          url: "https://app.example.test/p/991",
          headline: "Acme is hiring platform engineers",
          content: "Three new roles mention Kubernetes.",
          date: "2026-11-18",
          signal_ids: [1, 2],
          organization_ids: [3],
          person_ids: [],
          job_post_ids: [77],
        },
      ],
    },
    check: (r) => expect(r.priority_signals[0].id).toBe(991),
  },
  {
    name: "relevance: mark relevant",
    invoke: (c) => c.setRelevance(991, true),
    method: "POST",
    url: "/v9/signals/priority/991/relevance",
    body: { is_relevant: true },
    response: example("put", "/v9/signals/priority/{item_id}/relevance"),
    check: (r) => expect(r.id).toBeTypeOf("number"),
  },
  {
    name: "relevance: clear",
    invoke: (c) => c.setRelevance(991, null),
    method: "POST",
    url: "/v9/signals/priority/991/relevance",
    body: { is_relevant: null },
    response: { id: 991, is_relevant: null },
    check: (r) => expect(r.is_relevant).toBeNull(),
  },
  {
    name: "signal configs",
    invoke: (c) => c.signalConfigs({ filter: { priorities: ["high"] } }),
    method: "POST",
    url: "/v9/signals/configs",
    body: { filter: { priorities: ["high"] } },
    response: {
      signal_configs: [
        {
          id: 1,
          name: "Kubernetes hires",
          slug: "kubernetes-hires",
          type: "technology_recent_hires",
          priority: "high",
          scope: "user",
          service_url: "https://app.example.test/settings/signals/1",
          sort_order: 1,
          days: 30,
          filter_by: "technology",
          advanced_query: { operator: "EQ", field: "technology", value: "kubernetes" },
          signal_count_7d: 12,
        },
      ],
    },
    check: (r) => expect(r.signal_configs[0].advanced_query.operator).toBe("EQ"),
  },
  {
    name: "contact lists",
    invoke: (c) => c.contactLists(),
    method: "GET",
    url: "/v9/contact-lists",
    response: example("get", "/v9/contact-lists"),
    check: (r) => expect(Array.isArray(r.contact_lists)).toBe(true),
  },
  {
    name: "create contact list",
    invoke: (c) => c.createContactList("Champions"),
    method: "POST",
    url: "/v9/contact-lists",
    body: { name: "Champions" },
    response: example("post", "/v9/contact-lists"),
    check: (r) => expect(r.id).toBeTypeOf("number"),
  },
  {
    name: "add contacts",
    invoke: (c) => c.addContacts(12, [1, 2]),
    method: "POST",
    url: "/v9/contact-lists/12/people",
    body: { people_ids: [1, 2] },
    response: example("post", "/v9/contact-lists/{list_id}/people"),
    check: (r) => expect(r.added + r.already_on_list).toBeGreaterThanOrEqual(0),
  },
  {
    name: "contact list",
    invoke: (c) => c.contactList(12),
    method: "GET",
    url: "/v9/contact-lists/12",
    response: example("get", "/v9/contact-lists/{list_id}"),
    check: (r) => expect(r.list_info.id).toBeTypeOf("number"),
  },
  {
    name: "organization lists with deleted ones",
    invoke: (c) => c.organizationLists(true),
    method: "GET",
    url: "/v9/organization-lists?include_deleted=true",
    response: example("get", "/v9/organization-lists"),
    check: (r) => expect(r.organization_lists.length).toBeGreaterThan(0),
  },
  {
    name: "organization lists without deleted ones (no query string)",
    invoke: (c) => c.organizationLists(),
    method: "GET",
    url: "/v9/organization-lists",
    response: example("get", "/v9/organization-lists"),
    check: (r) => expect(r.organization_lists.length).toBeGreaterThan(0),
  },
  {
    name: "create organization list",
    invoke: (c) => c.createOrganizationList("Q1 targets"),
    method: "POST",
    url: "/v9/organization-lists",
    body: { name: "Q1 targets" },
    response: example("post", "/v9/organization-lists"),
    check: (r) => expect(r.id).toBeTypeOf("number"),
  },
  {
    name: "organization list",
    invoke: (c) => c.organizationList(5),
    method: "GET",
    url: "/v9/organization-lists/5",
    response: example("get", "/v9/organization-lists/{list_id}"),
    check: (r) => expect(r.list_info.type).toMatch(/user|group/),
  },
  {
    name: "rename organization list",
    invoke: (c) => c.renameOrganizationList(5, "Renamed"),
    method: "POST",
    url: "/v9/organization-lists/5/name",
    body: { name: "Renamed" },
    response: { id: 5, name: "Renamed", url: "https://app.example.test/lists/5" },
    check: (r) => expect(r.name).toBe("Renamed"),
  },
  {
    name: "soft delete organization list",
    invoke: (c) => c.setOrganizationListDeleted(5, true),
    method: "POST",
    url: "/v9/organization-lists/5/deleted",
    body: { deleted: true },
    response: example("post", "/v9/organization-lists/{list_id}/deleted"),
    check: (r) => expect(r.deleted).toBeTypeOf("boolean"),
  },
  {
    name: "add organizations to a list",
    invoke: (c) => c.addOrganizationsToList(5, { organization_ids: [1], organization_slugs: ["acme"] }),
    method: "POST",
    url: "/v9/organization-lists/5/organizations",
    body: { organization_ids: [1], organization_slugs: ["acme"] },
    response: example("post", "/v9/organization-lists/{list_id}/organizations"),
    check: (r) => expect(Array.isArray(r.failed_slugs)).toBe(true),
  },
  {
    name: "include a list in signals",
    invoke: (c) => c.setOrganizationListSignals(5, false),
    method: "POST",
    url: "/v9/organization-lists/5/signals",
    body: { include_in_signals: false },
    response: example("post", "/v9/organization-lists/{list_id}/signals"),
    check: (r) => expect(r.include_in_signals).toBeTypeOf("boolean"),
  },
  {
    name: "support request",
    invoke: (c) => c.support({ message: "Please help", url: "https://docs.google.com/x" }),
    method: "POST",
    url: "/v9/support",
    body: { message: "Please help", url: "https://docs.google.com/x" },
    response: { message: "Thanks, we received your request." },
    check: (r) => expect(r.message).toMatch(/received/),
  },
  {
    name: "data-quality report",
    invoke: (c) => c.dataQuality({ message: "Headcount is wrong for org 12", page_title: "Acme" }),
    method: "POST",
    url: "/v9/support/data-quality",
    body: { message: "Headcount is wrong for org 12", page_title: "Acme" },
    response: { message: "Thanks, the data team will look at it." },
    check: (r) => expect(r.message).toMatch(/data team/),
  },
];

describe("EnrichmentClient methods", () => {
  it.each(cases)("$name sends the right request and parses the spec-shaped answer", (c) => {
    const { transport, client } = setup();
    transport.answer(json(200, c.response));
    const result = c.invoke(client);
    const request = transport.requests[0]!;
    expect(request.method).toBe(c.method);
    expect(request.url).toBe(`${BASE}${c.url}`);
    expect(request.headers["authorization"]).toBe("Bearer sk_test_123");
    if (c.body === undefined) expect(request.body).toBeUndefined();
    else expect(JSON.parse(request.body!)).toEqual(c.body);
    c.check(result);
  });

  it("surfaces credits used and remaining of every paid response", () => {
    const { transport, client, credits } = setup();
    transport.answer(json(200, firstExample("post", "/v9/technologies/find")));
    const found = client.technologiesFind("python");
    expect(credits).toEqual([
      {
        endpoint: "technologiesFind",
        creditsUsed: found.credits_used,
        creditsRemaining: found.credits_remaining,
      },
    ]);
    expect(client.creditsRemaining).toBe(found.credits_remaining);
  });

  it("tells the credits of one fetchAll once, with the balance all its answers leave", () => {
    const { transport, client, credits } = setup();
    const answer = (used: number, remaining: number) =>
      json(200, {
        id: "r",
        credits_used: used,
        credits_remaining: remaining,
        total: 0,
        matched_count: 0,
        organizations: [],
      });
    transport.answer(answer(3, 97), answer(2, 95), answer(4, 99));
    const body = { organizations: [{ url: "acme.com" }], select: { attributes: ["name" as const] } };
    const outcomes = client.organizationsMany([body, body, body]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true]);
    // Each report is a cache write in Apps Script: one per wave of answers, not one per answer.
    expect(credits).toEqual([{ endpoint: "organizations", creditsUsed: 9, creditsRemaining: 95 }]);
    expect(client.creditsRemaining).toBe(95);
  });

  it("tolerates fields the service adds and rejects wrong types", () => {
    const { transport, client } = setup();
    transport.answer(
      json(200, { id: "x", credits_used: 0, credits_remaining: 5, contact_lists: [], brand_new: 1 }),
    );
    expect(client.contactLists().contact_lists).toEqual([]);
    transport.answer(json(200, { id: "x", credits_used: "zero", credits_remaining: 5, contact_lists: [] }));
    expect(() => client.contactLists()).toThrow(
      "The enrichment service sent a response this add-on could not read (credits_used: expected number, received string). The service may have charged for this answer, so it was not sent again automatically. Try again; if it keeps happening, report it from the sidebar's support form.",
    );
    expect(transport.requests).toHaveLength(2);
  });

  // Regression: a garbled 200 used to be retried like a 5xx, and the service charged for both.
  it("never re-sends an unreadable success, which may have been charged, but retries an unreadable error", () => {
    const { transport, client } = setup();
    transport.answer({ status: 200, headers: {}, body: '{"id": "x", "credits_used": 5, "cred' });
    expect(() => client.contactLists()).toThrow(
      /could not read \(the body is not JSON\)\. The service may have charged/,
    );
    expect(transport.requests).toHaveLength(1);
    const ok = json(200, { id: "x", credits_used: 0, credits_remaining: 5, contact_lists: [] });
    transport.answer({ status: 502, headers: {}, body: "<html>Bad gateway" }, ok);
    expect(client.contactLists().contact_lists).toEqual([]);
    expect(transport.requests).toHaveLength(3);
  });

  it("rejects an invalid request before sending anything", () => {
    const { transport, client } = setup();
    expect(() => client.organizations({ organizations: [], select: {} } as never)).toThrow(
      "This request is not valid: organizations: Send at least one organization.",
    );
    expect(transport.requests).toHaveLength(0);
  });
});

describe("intelligence brief", () => {
  const path = "/v9/organizations/{organization_id}/intelligence-brief";

  it("returns the completed brief on 200", () => {
    const { transport, client } = setup();
    transport.answer(json(200, firstExample("get", path)));
    const outcome = client.intelligenceBrief(9);
    expect(transport.requests[0]!.url).toBe(`${BASE}/v9/organizations/9/intelligence-brief`);
    expect(outcome.status).toBe("completed");
    if (outcome.status === "completed") expect(outcome.brief.body.length).toBeGreaterThan(0);
  });

  it("returns pending with the Retry-After seconds on 202", () => {
    const { transport, client } = setup();
    transport.answer(json(202, firstExample("get", path, "202"), { "retry-after": "20" }));
    const outcome = client.intelligenceBrief(9);
    expect(outcome).toMatchObject({ status: "pending", retryAfterSeconds: 20 });
  });

  it("returns not enough data on 422, without retrying", () => {
    const { transport, client } = setup();
    const body = firstExample("get", path, "422") as { detail: string };
    transport.answer(json(422, body));
    expect(client.intelligenceBrief(9)).toEqual({ status: "not_enough_data", detail: body.detail });
    expect(transport.requests).toHaveLength(1);
  });
});
