// POST /v9/organizations through the core: both modes, select, §8 credits, §2.1 rollups, bad input.
import { beforeEach, describe, expect, it } from "vitest";
import { findCategory } from "../../emulator/dataset/catalog/technologies.ts";
import { createEmulatorState, DEMO_API_KEY, type EmulatorState } from "../../emulator/index.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import { METRICS_BY_ENTITY_TYPE } from "../../src/api/contract/organization-catalog.ts";
import { OrganizationsResponse } from "../../src/api/contract/organizations.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { realSchemaErrors } from "../support/real-openapi.ts";

let state: EmulatorState;
beforeEach(() => {
  state = createEmulatorState({ orgs: 2000, rateLimit: false, now: manualClock().now });
});

function post(body: unknown, apiKey?: string) {
  const response = call(state, "POST", "/v9/organizations", { body, ...(apiKey ? { apiKey } : {}) });
  if (response.status === 200) {
    expect(OrganizationsResponse.safeParse(response.body).success).toBe(true);
    expect(realSchemaErrors("EnrichOrganizationsResponse", response.body)).toEqual([]);
  }
  return response;
}

const balance = () => state.accounts.get(DEMO_API_KEY)!.credits;
const orgs = () => state.dataset.orgs;
const withSubsidiaries = () => orgs().find((o) => o.subsidiaryIndexes.length > 0 && o.jobsCount > 5)!;

describe("list mode", () => {
  it("matches by id, slug, domain or URL, and name (with location), in input order", () => {
    const [a, b, c, d] = [orgs()[10]!, orgs()[20]!, orgs()[30]!, orgs()[40]!];
    const response = post({
      organizations: [
        { id: a.id },
        { slug: b.slug },
        { url: `https://www.${c.domain}/about` },
        { name: `${d.name}, Inc.`, location: "ZZ" },
        { name: "No Such Company Anywhere" },
      ],
      select: { attributes: ["id", "name"] },
    });
    expect(response.status).toBe(200);
    expect(
      response.body.organizations.map((row: { attributes: { id?: number } }) => row.attributes.id),
    ).toEqual([a.id, b.id, c.id, d.id, undefined]);
    expect(response.body.organizations[4]).toEqual({
      input: { name: "No Such Company Anywhere" },
      attributes: {},
      entities: [],
    });
    expect(response.body.organizations[1].input).toEqual({ slug: b.slug });
    expect(response.body.matched_count).toBe(4);
    expect(response.body.total).toBe(5);
  });

  it("returns only the requested attributes and leaves null ones out", () => {
    const org = orgs().find((o) => o.parentIndex < 0 && o.status === "active" && !o.funding)!;
    const response = post({
      organizations: [{ id: org.id }],
      select: {
        attributes: [
          "name",
          "parent_id",
          "status",
          "status_reason",
          "funding_total_raised",
          "subsidiary_ids",
        ],
      },
    });
    expect(response.body.organizations[0].attributes).toEqual({
      name: org.name,
      status: "active",
      subsidiary_ids: org.subsidiaryIndexes.map((i) => orgs()[i]!.id),
    });
  });

  it("reports status and its reason for a closed organization", () => {
    const closed = orgs().find((o) => o.status === "closed")!;
    const response = post({
      organizations: [{ id: closed.id }],
      select: { attributes: ["status", "status_reason"] },
    });
    expect(response.body.organizations[0].attributes).toEqual({
      status: "closed",
      status_reason: closed.statusReason,
    });
  });

  it("fills account_status only for accounts with a CRM seat, free either way", () => {
    const org = orgs()[5]!;
    call(state, "POST", "/__admin/accounts", { body: { api_key: "no-crm", credits: 100 } });
    const select = { attributes: ["id", "account_status"] };
    const crm = post({ organizations: [{ id: org.id }], select });
    const plain = post({ organizations: [{ id: org.id }], select }, "no-crm");
    expect(crm.body.organizations[0].attributes).toEqual({ id: org.id, account_status: org.accountStatus });
    expect(plain.body.organizations[0].attributes).toEqual({ id: org.id });
    expect(crm.body.credits_used).toBe(PRICES.organizationBase);
    expect(plain.body.credits_used).toBe(PRICES.organizationBase);
  });
});

describe("credits (spec §8)", () => {
  const three = () =>
    orgs()
      .slice(100, 103)
      .map((o) => ({ id: o.id }));

  it("charges 1 base credit per matched organization and nothing for unmatched inputs", () => {
    const response = post({
      organizations: [...three(), { name: "Nobody Anywhere" }, { id: 1 }],
      select: {},
    });
    expect(response.body.credits_used).toBe(3 * PRICES.organizationBase);
    expect(response.body.credits_remaining).toBe(balance());
    expect(balance()).toBe(1_000_000 - 3);
  });

  it("charges an organization named twice in one request once", () => {
    const org = orgs()[100]!;
    const response = post({
      organizations: [{ id: org.id }, { slug: org.slug }, { url: org.domain }],
      select: {},
    });
    expect(response.body.matched_count).toBe(3);
    expect(response.body.credits_used).toBe(PRICES.organizationBase);
  });

  it("charges nothing extra for the free attributes and 1 per paid attribute, each once", () => {
    const free = post({
      organizations: three(),
      select: { attributes: ["id", "slug", "name", "url", "service_url", "account_status"] },
    });
    expect(free.body.credits_used).toBe(3);
    const paid = post({
      organizations: three(),
      select: {
        attributes: ["employee_count", "industry", "status", "status_reason", "employee_count", "name"],
      },
    });
    expect(paid.body.credits_used).toBe(3 * (1 + 4));
  });

  it("charges each requested metric per entity, with all expanded per type", () => {
    const response = post({
      organizations: three(),
      select: {
        entities: [
          { type: "technology", term: "python", metrics: ["job_post_count", "people_count"] },
          { type: "job_function", term: "Data Engineer", metrics: "all" },
          { type: "advanced_query", term: "technology EQ 'react'", metrics: "all" },
        ],
      },
    });
    const perOrg =
      1 +
      2 +
      METRICS_BY_ENTITY_TYPE.job_function.all.length +
      METRICS_BY_ENTITY_TYPE.advanced_query.all.length;
    expect(response.body.credits_used).toBe(3 * perOrg);
  });

  it("multiplies an exploded category's metrics by its number of technologies", () => {
    const members = findCategory("data-warehouses")!.technologyIndexes.length;
    const exploded = post({
      organizations: three(),
      select: {
        entities: [
          {
            type: "technology_category",
            term: "data-warehouses",
            granularity: "exploded",
            metrics: ["job_post_count", "team_count"],
          },
        ],
      },
    });
    expect(exploded.body.credits_used).toBe(3 * (1 + 2 * members));
    const aggregate = post({
      organizations: three(),
      select: {
        entities: [
          {
            type: "technology_category",
            term: "data-warehouses",
            granularity: "aggregate",
            metrics: ["job_post_count", "team_count"],
          },
        ],
      },
    });
    expect(aggregate.body.credits_used).toBe(3 * (1 + 2));
  });

  it("charges per returned organization in filter mode", () => {
    const response = post({
      filter: { query: "country EQ 'US'" },
      limit: 7,
      select: { attributes: ["industry"] },
    });
    expect(response.body.organizations).toHaveLength(7);
    expect(response.body.matched_count).toBe(7);
    expect(response.body.credits_used).toBe(7 * 2);
  });

  it("refuses a request the balance cannot cover with a 402 and charges nothing", () => {
    call(state, "POST", "/__admin/accounts", { body: { api_key: "poor", credits: 5 } });
    const response = post({ organizations: three(), select: { attributes: ["industry"] } }, "poor");
    expect(response.status).toBe(402);
    expect(response.body).toEqual({
      detail:
        "Insufficient credits: this request costs 6 credits and the account has 5. Add credits or request less.",
    });
    expect(state.accounts.get("poor")!.credits).toBe(5);
    const free = post(
      { organizations: [{ name: "Nobody Anywhere" }], select: { attributes: ["industry"] } },
      "poor",
    );
    expect(free.status).toBe(200);
  });
});

describe("filter mode", () => {
  const names = (response: { body: { organizations: { attributes: { name: string } }[] } }) =>
    response.body.organizations.map((row) => row.attributes.name);

  it("returns 10 organizations by default, with the total of all matches and a source link", () => {
    const response = post({ filter: { query: "technology EQ 'python'" }, select: { attributes: ["name"] } });
    expect(response.body.organizations).toHaveLength(10);
    expect(response.body.total).toBeGreaterThan(100);
    expect(response.body.source_data_url).toBe(
      "https://app.enrichment.example/organizations?query=technology%20EQ%20'python'",
    );
    expect(response.body.organizations[0].input).toBeUndefined();
  });

  it("pages with limit and offset without gaps or repeats", () => {
    const query = {
      filter: { query: "country EQ 'US'" },
      select: { attributes: ["name"] },
      order_by_column: "employee_count",
    };
    const all = names(post({ ...query, limit: 30 }));
    const first = names(post({ ...query, limit: 15 }));
    const second = names(post({ ...query, limit: 15, offset: 15 }));
    expect([...first, ...second]).toEqual(all);
  });

  it("accepts the structured form of the advanced query", () => {
    const text = post({
      filter: { query: "country EQ 'DE' AND technology IN ('snowflake', 'databricks')" },
      select: {},
      limit: 200,
    });
    const structured = post({
      filter: {
        operator: "AND",
        children: [
          { operator: "EQ", field: "country", value: "DE" },
          { operator: "IN", field: "technology", values: ["snowflake", "databricks"] },
        ],
      },
      select: {},
      limit: 200,
    });
    expect(structured.body.total).toBe(text.body.total);
    expect(structured.body.total).toBeGreaterThan(0);
  });

  it("leaves closed organizations out unless include_closed is set", () => {
    const body = {
      filter: { query: "employee_count EQ '1-'" },
      select: { attributes: ["status"] },
      limit: 200,
    };
    const open = post(body);
    const all = post({ ...body, include_closed: true });
    const closed = orgs().filter((o) => o.status === "closed").length;
    expect(open.body.total).toBe(orgs().length - closed);
    expect(all.body.total).toBe(orgs().length);
  });

  it("orders by a column in either direction, ties broken by id", () => {
    const body = {
      filter: { query: "country EQ 'US'" },
      select: { attributes: ["employee_count"] },
      limit: 50,
    };
    const desc = post({ ...body, order_by_column: "employee_count" }).body.organizations.map(
      (r: { attributes: { employee_count: number } }) => r.attributes.employee_count,
    );
    const asc = post({
      ...body,
      order_by_column: "employee_count",
      order_by_direction: "ASC",
    }).body.organizations.map((r: { attributes: { employee_count: number } }) => r.attributes.employee_count);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc[0]).toBeGreaterThan(asc[0]);
  });

  it("orders by service score, highest first, when no column is given", () => {
    const scores = post({
      filter: { query: "technology EQ 'react'" },
      select: { attributes: ["service_score"] },
      limit: 40,
    }).body.organizations.map((r: { attributes: { service_score: number } }) => r.attributes.service_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("orders by a job function's people concentration without a source link", () => {
    const response = post({
      filter: { query: "employee_count EQ '500-'" },
      order_by_column: "people_concentration",
      order_by_job_function: "Data Engineer",
      select: {
        entities: [{ type: "job_function", term: "Data Engineer", metrics: ["people_concentration"] }],
      },
      limit: 20,
    });
    const values = response.body.organizations.map(
      (r: { entities: { people_concentration?: number }[] }) => r.entities[0]!.people_concentration ?? -1,
    );
    expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
    expect(values[0]).toBeGreaterThan(0);
    expect(response.body.source_data_url).toBeUndefined();
  });

  it("orders by an advanced query's job post concentration", () => {
    const aq = "technology EQ 'react' AND job_function EQ 'Engineer'";
    const response = post({
      filter: { query: "employee_count EQ '200-'" },
      order_by_column: "job_post_concentration",
      order_by_advanced_query: aq,
      order_by_direction: "DESC",
      select: { entities: [{ type: "advanced_query", term: aq, metrics: ["job_post_concentration"] }] },
      limit: 15,
    });
    const values = response.body.organizations.map(
      (r: { entities: { job_post_concentration?: number }[] }) => r.entities[0]!.job_post_concentration ?? -1,
    );
    expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
  });
});

describe("entity metrics", () => {
  const ALL_QUERY = "employee_count EQ '1-'";

  it("matches the rollup and no-rollup attributes (spec §2.1)", () => {
    const parent = withSubsidiaries();
    const response = post({
      organizations: [{ id: parent.id }],
      select: {
        attributes: [
          "jobs_count",
          "jobs_count_rollup",
          "jobs_count_no_rollup",
          "teams_count_rollup",
          "teams_count_no_rollup",
          "people_count_rollup",
          "people_count_no_rollup",
        ],
        entities: [
          {
            type: "advanced_query",
            term: ALL_QUERY,
            metrics: [
              "job_post_count",
              "job_post_count_no_rollup",
              "team_count",
              "team_count_no_rollup",
              "people_count",
              "people_count_no_rollup",
              "job_post_concentration",
            ],
          },
        ],
      },
    });
    const { attributes, entities } = response.body.organizations[0];
    const everything = entities[0];
    expect(attributes.jobs_count_rollup).toBeGreaterThan(attributes.jobs_count_no_rollup);
    expect(attributes.jobs_count).toBe(attributes.jobs_count_rollup);
    expect(everything.job_post_count).toBe(attributes.jobs_count_rollup);
    expect(everything.job_post_count_no_rollup).toBe(attributes.jobs_count_no_rollup);
    expect(everything.team_count).toBe(attributes.teams_count_rollup);
    expect(everything.team_count_no_rollup).toBe(attributes.teams_count_no_rollup);
    expect(everything.people_count).toBe(attributes.people_count_rollup);
    expect(everything.people_count_no_rollup).toBe(attributes.people_count_no_rollup);
    expect(everything.job_post_concentration).toBe(1);
  });

  it("divides by the rollup figures for concentrations", () => {
    const parent = withSubsidiaries();
    const response = post({
      organizations: [{ id: parent.id }],
      select: {
        attributes: ["jobs_count_rollup", "people_count_rollup"],
        entities: [
          {
            type: "advanced_query",
            term: "job_function EQ 'Engineer'",
            metrics: ["job_post_count", "job_post_concentration"],
          },
          { type: "job_function", term: "Engineer", metrics: ["people_count", "people_concentration"] },
        ],
      },
    });
    const { attributes, entities } = response.body.organizations[0];
    const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
    expect(entities[0].job_post_concentration).toBe(
      round4(entities[0].job_post_count / attributes.jobs_count_rollup),
    );
    expect(entities[1].people_concentration).toBe(
      round4(entities[1].people_count / attributes.people_count_rollup),
    );
  });

  it("returns the metrics asked for with their deep links, and used counts for technologies", () => {
    const org = orgs().find((o) => o.jobsCount > 30)!;
    const response = post({
      organizations: [{ id: org.id }],
      select: { entities: [{ type: "technology", term: "python", metrics: "all" }] },
    });
    const entity = response.body.organizations[0].entities[0];
    expect(entity.type).toBe("technology");
    expect(entity.term).toBe("python");
    for (const metric of ["job_post_count", "job_post_used_count", "team_count", "people_count"]) {
      expect(typeof entity[metric]).toBe("number");
    }
    expect(entity.job_post_used_count).toBeLessThanOrEqual(entity.job_post_count);
    expect(entity.job_post_count_url).toBe(`${org.serviceUrl}/jobs?technology=python`);
    expect(entity.people_count_url).toBe(`${org.serviceUrl}/people?technology=python`);
  });

  it("limits counts to activity since a date, but not people growth", () => {
    const org = orgs().find((o) => o.jobsCount > 50 && o.peopleCount > 50)!;
    const entity = (since?: string) =>
      post({
        organizations: [{ id: org.id }],
        select: {
          entities: [
            {
              type: "job_function",
              term: "Engineer",
              metrics: ["job_post_count", "people_count", "people_count_growth_1y"],
              ...(since ? { since } : {}),
            },
          ],
        },
      }).body.organizations[0].entities[0];
    const all = entity();
    const recent = entity("2026-03-15");
    expect(recent.job_post_count).toBeLessThan(all.job_post_count);
    expect(recent.people_count).toBeLessThan(all.people_count);
    expect(recent.people_count_growth_1y).toBe(all.people_count_growth_1y);
  });

  it("explodes a category into one component per member technology", () => {
    const org = orgs().find((o) => o.jobsCount > 30)!;
    const category = findCategory("cloud-platforms")!;
    const response = post({
      organizations: [{ id: org.id }],
      select: {
        entities: [
          {
            type: "technology_category",
            term: "cloud-platforms",
            granularity: "exploded",
            metrics: ["job_post_count"],
          },
          {
            type: "technology_category",
            term: "cloud-platforms",
            granularity: "aggregate",
            metrics: ["job_post_count"],
          },
        ],
      },
    });
    const [exploded, aggregate] = response.body.organizations[0].entities;
    expect(exploded.granularity).toBe("exploded");
    expect(exploded.job_post_count).toBeUndefined();
    expect(exploded.components).toHaveLength(category.technologyIndexes.length);
    expect(exploded.components[0]).toMatchObject({ type: "technology", term: "aws" });
    const sum = exploded.components.reduce(
      (total: number, c: { job_post_count: number }) => total + c.job_post_count,
      0,
    );
    expect(aggregate.job_post_count).toBeLessThanOrEqual(sum);
    expect(aggregate.job_post_count).toBeGreaterThanOrEqual(
      Math.max(...exploded.components.map((c: { job_post_count: number }) => c.job_post_count)),
    );
  });
});

describe("bad input", () => {
  function detail(body: unknown) {
    const response = call(state, "POST", "/v9/organizations", { body });
    expect(response.status).toBe(422);
    expect(realSchemaErrors("HTTPValidationError", response.body)).toEqual([]);
    return response.body.detail;
  }
  const id = () => orgs()[0]!.id;

  it("needs exactly one mode", () => {
    expect(detail({ select: {} })).toEqual([
      {
        loc: ["body"],
        msg: 'Send either "organizations" (list mode) or "filter" (filter mode).',
        type: "value_error",
        input: { select: {} },
      },
    ]);
    expect(
      detail({ organizations: [{ id: id() }], filter: { query: "country EQ 'US'" }, select: {} })[0].msg,
    ).toBe('Send "organizations" or "filter", not both.');
  });

  it("needs select", () => {
    expect(detail({ organizations: [{ id: id() }] })).toEqual([
      { loc: ["body", "select"], msg: "Field required", type: "missing" },
    ]);
  });

  it("names unknown attributes and the valid ones", () => {
    const [issue] = detail({ organizations: [{ id: id() }], select: { attributes: ["revenue"] } });
    expect(issue.loc).toEqual(["body", "select", "attributes", 0]);
    expect(issue.msg).toMatch(
      /^Unknown attribute "revenue"\. Use one of: id, slug, name, url, service_url, /,
    );
  });

  it("names metrics that do not belong to the entity type", () => {
    const [issue] = detail({
      organizations: [{ id: id() }],
      select: {
        entities: [
          {
            type: "technology_category",
            term: "crm",
            granularity: "aggregate",
            metrics: ["people_concentration"],
          },
        ],
      },
    });
    expect(issue).toMatchObject({
      loc: ["body", "select", "entities", 0, "metrics"],
      msg: 'Metric "people_concentration" is not available for type "technology_category". Use one of: job_post_count, job_post_count_growth_1y, people_count, team_count.',
    });
  });

  it("requires granularity for categories only", () => {
    expect(
      detail({
        organizations: [{ id: id() }],
        select: { entities: [{ type: "technology_category", term: "crm", metrics: "all" }] },
      })[0].msg,
    ).toBe('granularity ("aggregate" or "exploded") is required for technology_category.');
    expect(
      detail({
        organizations: [{ id: id() }],
        select: { entities: [{ type: "technology", term: "go", granularity: "aggregate", metrics: "all" }] },
      })[0].msg,
    ).toBe("granularity applies to technology_category only.");
  });

  it("names unknown entity terms", () => {
    expect(
      detail({
        organizations: [{ id: id() }],
        select: { entities: [{ type: "technology", term: "cobolscript", metrics: "all" }] },
      }),
    ).toEqual([
      {
        loc: ["body", "select", "entities", 0, "term"],
        msg: 'Unknown technology "cobolscript". Use a slug, name or alias; look it up with POST /v9/technologies/find.',
        type: "value_error",
        input: "cobolscript",
      },
    ]);
    expect(
      detail({
        organizations: [{ id: id() }],
        select: { entities: [{ type: "advanced_query", term: "colour EQ 'red'", metrics: "all" }] },
      })[0].msg,
    ).toMatch(/^Unknown field "colour" here\./);
  });

  it("locates problems in the advanced query", () => {
    expect(detail({ filter: { query: "technology EQ python" }, select: {} })).toEqual([
      {
        loc: ["body", "filter", "query"],
        msg: "Expected a quoted value after technology EQ, but found \"python\", e.g. technology EQ 'value'.",
        type: "value_error",
      },
    ]);
    expect(
      detail({ filter: { operator: "AND", children: [{ operator: "EQ", field: "country" }] }, select: {} }),
    ).toEqual([
      {
        loc: ["body", "filter", "children", 0, "value"],
        msg: 'EQ needs a "value", e.g. {"operator": "EQ", "field": "country", "value": "…"}.',
        type: "value_error",
      },
    ]);
  });

  it("enforces the list and limit bounds", () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({ id: i + 1 }));
    expect(detail({ organizations: many, select: {} })[0]).toMatchObject({
      loc: ["body", "organizations"],
      msg: "Send at most 1000 organizations per request.",
    });
    expect(detail({ filter: { query: "country EQ 'US'" }, limit: 201, select: {} })[0]).toMatchObject({
      loc: ["body", "limit"],
      msg: "limit must be at most 200.",
    });
    expect(detail({ organizations: [{ id: id() }], limit: 5, select: {} })[0].msg).toBe(
      "limit, order_by_* and include_closed apply to filter mode only.",
    );
  });

  it("requires the parameter of a parameterised sort, and a real job function", () => {
    expect(
      detail({
        filter: { query: "country EQ 'US'" },
        order_by_column: "people_concentration",
        select: {},
      })[0],
    ).toMatchObject({
      loc: ["body", "order_by_job_function"],
      msg: 'order_by_column "people_concentration" needs order_by_job_function.',
    });
    expect(
      detail({
        filter: { query: "country EQ 'US'" },
        order_by_column: "people_concentration",
        order_by_job_function: "Astronaut",
        select: {},
      }),
    ).toEqual([
      {
        loc: ["body", "order_by_job_function"],
        msg: `Unknown job function "Astronaut". Use a job function name such as 'Data Engineer'.`,
        type: "value_error",
      },
    ]);
  });

  it("rejects a since that is not a real date", () => {
    expect(
      detail({
        organizations: [{ id: id() }],
        select: { entities: [{ type: "technology", term: "go", metrics: "all", since: "2026-02-30" }] },
      }),
    ).toEqual([
      {
        loc: ["body", "select", "entities", 0, "since"],
        msg: "since must be a real date as YYYY-MM-DD.",
        type: "value_error",
      },
    ]);
  });

  it("answers malformed JSON and wrong types without charging", () => {
    const malformed = call(state, "POST", "/v9/organizations", { rawBody: '{"organizations": [' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].type).toBe("json_invalid");
    expect(detail({ organizations: "acme", select: {} })[0]).toMatchObject({
      loc: ["body", "organizations"],
      type: "list_type",
    });
    expect(balance()).toBe(1_000_000);
  });
});
