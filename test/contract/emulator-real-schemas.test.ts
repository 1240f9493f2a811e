// Every emulator endpoint's successful responses validate against the real published OpenAPI and the contract; the real request examples are accepted.

import { beforeEach, describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import type { Organization } from "../../emulator/dataset/types.ts";
import { createEmulatorState, type EmulatorState } from "../../emulator/index.ts";
import { call, type JsonResponse, type ManualClock, manualClock } from "../../emulator/testing.ts";
import { ENDPOINTS, type EndpointName } from "../../src/api/contract/endpoints.ts";
import { ORGANIZATION_ATTRIBUTE_NAMES } from "../../src/api/contract/organization-catalog.ts";
import { IntelligenceBriefPending } from "../../src/api/contract/organization-details.ts";
import { createAccount } from "../support/emulator-client.ts";
import { realOpenApi, realSchemaErrors, requestExamples } from "../support/real-openapi.ts";

let state: EmulatorState;
let clock: ManualClock;
let org: Organization;
beforeEach(() => {
  clock = manualClock();
  state = createEmulatorState({ orgs: 800, rateLimit: false, now: clock.now });
  org = state.dataset.orgs.find((o) => o.jobsCount >= 30 && o.peopleCount >= 60 && o.status === "active")!;
  createAccount(state, "plain-key", 100_000);
});

const post = (path: string, body?: unknown, apiKey?: string) =>
  call(state, "POST", path, { ...(body === undefined ? {} : { body }), ...(apiKey ? { apiKey } : {}) });
const get = (path: string, query: Record<string, string[]> = {}, apiKey?: string) =>
  call(state, "GET", path, { query, ...(apiKey ? { apiKey } : {}) });

/** A response and the real schema it must satisfy when that is not the operation's plain 200 schema. */
interface Sample {
  response: JsonResponse;
  schema?: string;
  contract?: z.ZodMiniType;
}

function peopleRun(body: unknown): Sample[] {
  const started = post("/v9/people", body);
  const polls = [1, 2, 3].map(() => post("/v9/people", { request_id: started.body.request_id }));
  expect(polls.at(-1)!.body.status).toBe("succeeded");
  return [started, ...polls].map((response) => ({ response }));
}

/** Requests that exercise each endpoint's shapes: both modes, "all", misses, accounts with and without a CRM seat. */
const SAMPLES: Record<EndpointName, () => Sample[]> = {
  organizations: () => [
    {
      response: post("/v9/organizations", {
        organizations: [{ id: org.id }, { name: "No Such Company Anywhere" }, { url: org.domain }],
        select: {
          attributes: ORGANIZATION_ATTRIBUTE_NAMES,
          entities: [
            { type: "technology", term: "python", metrics: "all" },
            { type: "job_function", term: "Engineer", metrics: "all" },
            {
              type: "technology_category",
              term: "frontend-frameworks",
              metrics: "all",
              granularity: "exploded",
            },
          ],
        },
      }),
    },
    {
      response: post("/v9/organizations", {
        filter: { query: "technology EQ 'react'" },
        select: {},
        limit: 5,
      }),
    },
  ],
  intelligenceBrief: () => {
    const pending = get(`/v9/organizations/${org.id}/intelligence-brief`);
    clock.advance(60_000);
    return [
      { response: pending, schema: "IntelligenceBriefPendingResponse", contract: IntelligenceBriefPending },
      {
        response: get(`/v9/organizations/${org.id}/intelligence-brief`),
        schema: "IntelligenceBriefResponse",
      },
    ];
  },
  organizationSignals: () => [
    { response: get(`/v9/organizations/${busiestSignalOrg().id}/signals`) },
    { response: get(`/v9/organizations/${busiestSignalOrg().id}/signals`, {}, "plain-key") },
  ],
  techStack: () => [{ response: get(`/v9/organizations/${org.id}/techs`) }],
  people: () => {
    const staff = state.dataset.details(org).people;
    return [
      ...peopleRun({
        people: [{ person_id: staff[0]!.id }, { person_id: 1 }, { email: staff.find((p) => p.email)!.email }],
        select: {
          attributes: "all",
          related_people: { direction: ["managers", "direct_reports"], attributes: "all" },
        },
      }),
      ...peopleRun({ filter: { organization_ids: [org.id] }, select: { attributes: "all" }, limit: 5 }),
    ];
  },
  titleLookup: () => [
    { response: post("/v9/jobs/title-lookup", { titles: ["Data Engineer", "Astronaut"] }) },
  ],
  jobs: () => {
    const posts = state.dataset.details(org).posts;
    return [
      {
        response: post("/v9/jobs", {
          jobs: [{ job_id: posts[0]!.id }, { job_id: 1 }],
          select: { attributes: "all", related_people: { attributes: "all", limit: 3 } },
        }),
      },
      {
        response: post("/v9/jobs", { filter: { organization_ids: [org.id] }, select: { attributes: "all" } }),
      },
    ];
  },
  teams: () => {
    const teams = state.dataset.details(org).teams;
    const select = {
      attributes: "all",
      related_people: { attributes: "all", max_per_team: 3 },
      job_posts: { components: "all", max_per_team: 3 },
    };
    return [
      { response: post("/v9/teams", { teams: [teams[0]!.id, 5], select }) },
      {
        response: post("/v9/teams", { filter: { organization_ids: [org.id], since: "2026-01-01" }, select }),
      },
      { response: post("/v9/teams", { teams: [teams[0]!.id], select }, "plain-key") },
    ];
  },
  technologiesFind: () => [
    { response: post("/v9/technologies/find", { query: "sql" }) },
    { response: post("/v9/technologies/find", { query: "zzzqqq" }) },
  ],
  technologiesLookup: () => [
    { response: post("/v9/technologies/lookup", { technologies: ["k8s", "nope"] }) },
  ],
  categoriesLookup: () => [
    { response: post("/v9/technologies/categories/lookup", { technology_categories: ["crm", "nope"] }) },
  ],
  projectsLookup: () => [
    { response: post("/v9/projects/lookup", { projects: ["cloud-migration", "nope"] }) },
  ],
  signals: () => [
    { response: post("/v9/signals", { limit: 100 }) },
    { response: post("/v9/signals", { limit: 100 }, "plain-key") },
    { response: post("/v9/signals") },
  ],
  prioritySignals: () => {
    const item = state.dataset.prioritySignals()[0]!;
    post(`/v9/signals/priority/${item.id}/relevance`, { is_relevant: false });
    return [
      { response: post("/v9/signals/priority", { limit: 100 }) },
      { response: post("/v9/signals/priority") },
    ];
  },
  relevance: () => {
    const item = state.dataset.prioritySignals()[0]!;
    return [
      { response: post(`/v9/signals/priority/${item.id}/relevance`, { is_relevant: true }) },
      { response: post(`/v9/signals/priority/${item.id}/relevance`, {}) },
    ];
  },
  signalConfigs: () => [
    { response: post("/v9/signals/configs", {}) },
    { response: post("/v9/signals/configs", { filter: { signal_config_ids: [47] } }) },
  ],
  contactLists: () => [{ response: get("/v9/contact-lists") }],
  createContactList: () => [{ response: post("/v9/contact-lists", { name: "Schema check" }) }],
  addContacts: () => [
    {
      response: post("/v9/contact-lists/8001/people", {
        people_ids: [state.dataset.details(org).people[0]!.id],
      }),
    },
  ],
  contactList: () => [
    { response: get("/v9/contact-lists/8001") },
    { response: get("/v9/contact-lists/8002") },
  ],
  organizationLists: () => [
    { response: get("/v9/organization-lists", { include_deleted: ["true"] }) },
    { response: get("/v9/organization-lists", {}, "plain-key") },
  ],
  createOrganizationList: () => [{ response: post("/v9/organization-lists", { name: "Schema check" }) }],
  organizationList: () => [
    { response: get("/v9/organization-lists/7101") },
    { response: get("/v9/organization-lists/7004", { include_deleted: ["true"] }) },
    { response: get("/v9/organization-lists/7001", {}, "plain-key") },
  ],
  renameOrganizationList: () => [{ response: post("/v9/organization-lists/7002/name", { name: "Renamed" }) }],
  setOrganizationListDeleted: () => [
    { response: post("/v9/organization-lists/7002/deleted", { deleted: true }) },
    { response: post("/v9/organization-lists/7002/deleted", { deleted: false }) },
  ],
  addOrganizationsToList: () => [
    {
      response: post("/v9/organization-lists/7002/organizations", {
        organization_ids: [org.id, 1],
        organization_slugs: ["no-such-org"],
      }),
    },
  ],
  setOrganizationListSignals: () => [
    { response: post("/v9/organization-lists/7002/signals", { include_in_signals: false }) },
  ],
  support: () => [{ response: post("/v9/support", { message: "Help", url: "https://x.example" }) }],
  dataQuality: () => [
    { response: post("/v9/support/data-quality", { message: "Wrong", page_title: "Acme" }) },
  ],
};

function busiestSignalOrg(): Organization {
  return [...state.dataset.orgs].sort(
    (a, b) => state.dataset.signalsOf(b).length - state.dataset.signalsOf(a).length || a.index - b.index,
  )[0]!;
}

/** The real operation at the same path and method, or its only method (relevance is PUT there, POST in the spec). */
function realOperation(method: string, path: string) {
  const operations = realOpenApi.paths[path];
  if (!operations) return undefined;
  const all = Object.values(operations);
  return operations[method.toLowerCase()] ?? (all.length === 1 ? all[0] : undefined);
}

/** The component name of the real operation's 200 schema, when it is a plain $ref. */
function real200Schema(method: string, path: string): string | undefined {
  const schema = realOperation(method, path)?.responses?.["200"]?.content?.["application/json"]?.schema as
    | { $ref?: string }
    | undefined;
  return schema?.$ref?.replace("#/components/schemas/", "");
}

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];

describe("responses against the real OpenAPI", () => {
  it.each(NAMES)("%s answers with bodies the real schema and the contract accept", (name) => {
    const endpoint = ENDPOINTS[name];
    const samples = SAMPLES[name]();
    expect(samples.length).toBeGreaterThan(0);
    for (const { response, schema, contract } of samples) {
      const where = `${endpoint.method} ${endpoint.path} → ${response.status}`;
      expect(response.status, `${where} ${response.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(response.status, where).toBeLessThan(300);
      const parsed = (contract ?? endpoint.response).safeParse(response.body);
      expect(parsed.success, `${where}: the contract rejects the body`).toBe(true);
      const real = schema ?? real200Schema(endpoint.method, endpoint.path);
      if (realOperation(endpoint.method, endpoint.path)) {
        expect(real, `${where}: no real schema`).toBeDefined();
        expect(realSchemaErrors(real!, response.body), where).toEqual([]);
      }
    }
  });

  it("checks against the contract alone only the endpoints the real OpenAPI does not publish", () => {
    expect(NAMES.filter((name) => !realOperation(ENDPOINTS[name].method, ENDPOINTS[name].path))).toEqual([
      "techStack",
      "signalConfigs",
      "renameOrganizationList",
    ]);
  });
});

describe("the real request examples", () => {
  /** Real path templates filled with ids the emulator knows. */
  const fill = (path: string) =>
    path
      .replace("/contact-lists/{list_id}", "/contact-lists/8001")
      .replace("/organization-lists/{list_id}", "/organization-lists/7002")
      .replace("{item_id}", String(9001));
  const examples = Object.keys(realOpenApi.paths)
    .filter((path) => path !== "/v9/organizations" && path !== "/v9/people")
    .flatMap((path) =>
      Object.entries(requestExamples(Object.keys(realOpenApi.paths[path]!)[0]!, path)).map(
        ([example, body]) => [`${path} ${example}`, fill(path), body] as const,
      ),
    );

  it("exist for the endpoints served here", () => {
    expect(examples.length).toBeGreaterThanOrEqual(20);
  });

  it.each(examples)("are accepted: %s", (_label, path, body) => {
    const response = post(path, body);
    expect(response.status, response.text).not.toBe(422);
    expect(response.status, response.text).toBeLessThan(500);
  });
});
