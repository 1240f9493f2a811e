// POST /v9/people through the core: job states, charging once, failures, bad starts, both modes.
import { beforeEach, describe, expect, it } from "vitest";
import { findJobFunction, JOB_FUNCTIONS } from "../../emulator/dataset/catalog/job-functions.ts";
import { linkedinUrl } from "../../emulator/dataset/links.ts";
import type { Organization, Person } from "../../emulator/dataset/types.ts";
import { createEmulatorState, DEMO_API_KEY, type EmulatorState } from "../../emulator/index.ts";
import { call, type ManualClock, manualClock } from "../../emulator/testing.ts";
import { PeopleResponse } from "../../src/api/contract/people.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { realSchemaErrors } from "../support/real-openapi.ts";

let state: EmulatorState;
let clock: ManualClock;
let org: Organization;
let staff: Person[];
beforeEach(() => {
  clock = manualClock();
  state = createEmulatorState({ orgs: 800, rateLimit: false, now: clock.now });
  org = state.dataset.orgs.find((o) => o.peopleCount > 60 && o.jobsCount > 10)!;
  staff = state.dataset.details(org).people;
});

function people(body: unknown, apiKey?: string) {
  const response = call(state, "POST", "/v9/people", { body, ...(apiKey ? { apiKey } : {}) });
  if (response.status === 200) {
    expect(PeopleResponse.safeParse(response.body).success).toBe(true);
    expect(realSchemaErrors("EnrichPeopleResponse", response.body)).toEqual([]);
  }
  return response;
}

/** Starts a job and polls until it leaves pending/running. */
function run(body: unknown, apiKey?: string) {
  const started = people(body, apiKey);
  expect(started.status).toBe(200);
  let polled = people({ request_id: started.body.request_id }, apiKey);
  for (let i = 0; i < 5 && (polled.body.status === "pending" || polled.body.status === "running"); i++) {
    polled = people({ request_id: started.body.request_id }, apiKey);
  }
  return polled;
}

const balance = (key = DEMO_API_KEY) => state.accounts.get(key)!.credits;
const filterBody = (extra: Record<string, unknown> = {}) => ({
  filter: { organization_ids: [org.id] },
  select: { attributes: ["name", "job_title"] },
  limit: 5,
  ...extra,
});

describe("people job states", () => {
  it("starts pending with a request id, charging nothing", () => {
    const response = people(filterBody());
    expect(response.body).toEqual({
      id: response.body.request_id,
      credits_used: 0,
      credits_remaining: 1_000_000,
      request_id: response.body.request_id,
      status: "pending",
    });
    expect(response.body.request_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(balance()).toBe(1_000_000);
  });

  it("runs on the first poll and succeeds on the third, charging once", () => {
    const { request_id } = people(filterBody()).body;
    const first = people({ request_id });
    expect(first.body).toMatchObject({ id: request_id, status: "running", credits_used: 0 });
    expect(first.body.people).toBeUndefined();
    expect(people({ request_id }).body.status).toBe("running");
    const done = people({ request_id });
    const cost = 5 * (PRICES.personBase + PRICES.personPaidAttribute);
    expect(done.body).toMatchObject({
      id: request_id,
      request_id,
      status: "succeeded",
      credits_used: cost,
      total: org.peopleCount,
    });
    expect(done.body.people).toHaveLength(5);
    expect(done.body.source_data_url).toContain(String(org.id));
    expect(balance()).toBe(1_000_000 - cost);
    const again = people({ request_id });
    expect(again.body).toMatchObject({
      status: "succeeded",
      credits_used: 0,
      credits_remaining: 1_000_000 - cost,
    });
    expect(again.body.people).toEqual(done.body.people);
    expect(state.accounts.get(DEMO_API_KEY)!.ledger).toEqual([
      expect.objectContaining({ id: request_id, credits: cost }),
    ]);
  });

  it("moves on by elapsed time as well: running after 1 s, succeeded after 3 s", () => {
    const slowPolls = createEmulatorState({
      orgs: 800,
      rateLimit: false,
      now: clock.now,
      peopleJob: { runningAfterPolls: 100, succeededAfterPolls: 100 },
    });
    const poll = (id: string) =>
      call(slowPolls, "POST", "/v9/people", { body: { request_id: id } }).body.status;
    const { request_id } = call(slowPolls, "POST", "/v9/people", { body: filterBody() }).body;
    clock.advance(999);
    expect(poll(request_id)).toBe("pending");
    clock.advance(1);
    expect(poll(request_id)).toBe("running");
    clock.advance(2000);
    expect(poll(request_id)).toBe("succeeded");
  });

  it("fails the next started job when the fault API says so, charging nothing", () => {
    call(state, "POST", "/__admin/faults", { body: { people_job: "fail" } });
    const failed = run(filterBody());
    expect(failed.body).toEqual({
      id: failed.body.request_id,
      credits_used: 0,
      credits_remaining: 1_000_000,
      request_id: failed.body.request_id,
      status: "failed",
      message: "The people request failed. Start it again; no credits were charged.",
    });
    expect(people({ request_id: failed.body.request_id }).body.status).toBe("failed");
    expect(run(filterBody()).body.status).toBe("succeeded");
  });

  it("fails a running job named by request_id", () => {
    const { request_id } = people(filterBody()).body;
    expect(people({ request_id }).body.status).toBe("running");
    call(state, "POST", "/__admin/faults", { body: { people_job: "fail", request_id } });
    clock.advance(3000);
    expect(people({ request_id }).body.status).toBe("failed");
  });

  it("answers a poll for an unknown or someone else's request with 400", () => {
    const { request_id } = people(filterBody()).body;
    call(state, "POST", "/__admin/accounts", { body: { api_key: "other", credits: 100 } });
    const detail = `No people request has id ${request_id} for this API key. Start one with a people or filter body.`;
    expect(people({ request_id }, "other")).toMatchObject({ status: 400, body: { detail } });
    expect(people({ request_id: "nope" }).status).toBe(400);
  });
});

describe("rejected at start", () => {
  it("rejects an invalid body with 422 before any job exists", () => {
    const response = people({ filter: { organization_ids: [] }, select: {} });
    expect(response.status).toBe(422);
    expect(response.body.detail[0].msg).toBe(
      "A people filter needs organization_ids or organization_list_id.",
    );
    expect(people({ select: {} }).body.detail[0].msg).toBe(
      'Send "people" (list mode), "filter" (filter mode) or "request_id" (poll a job).',
    );
    expect(state.peopleJobs.size).toBe(0);
  });

  it("rejects requests the service cannot serve with 400", () => {
    const cases: [unknown, string][] = [
      [
        {
          filter: { organization_ids: [org.id, state.dataset.orgs[0]!.id] },
          select: { attributes: ["person_score"] },
        },
        "person_score needs a filter that resolves to exactly one organization and an ideal customer profile on the account.",
      ],
      [
        filterBody({ order_by_column: "person_score", order_by_direction: "ASC" }),
        "person_score sorts descending only: drop order_by_direction or send DESC.",
      ],
      [
        { filter: { organization_list_id: 1 }, select: {} },
        "No organization list has id 1; see GET /v9/organization-lists.",
      ],
      [
        { filter: { organization_ids: [org.id], query: { query: "job_function EQ 'Wizard'" } }, select: {} },
        "filter.query: Unknown job function \"Wizard\". Use a job function name such as 'Data Engineer' or 'Sales'.",
      ],
    ];
    for (const [body, detail] of cases) expect(people(body)).toMatchObject({ status: 400, body: { detail } });
    expect(state.peopleJobs.size).toBe(0);
  });

  it("rejects a start the balance cannot cover with 402", () => {
    call(state, "POST", "/__admin/accounts", { body: { api_key: "poor", credits: 9 } });
    expect(people(filterBody(), "poor")).toMatchObject({
      status: 402,
      body: {
        detail:
          "Insufficient credits: this request costs 10 credits and the account has 9. Add credits or request less.",
      },
    });
    expect(state.peopleJobs.size).toBe(0);
  });
});

describe("list mode", () => {
  it("matches by person_id, LinkedIn URL and e-mail, and echoes unmatched inputs alone", () => {
    const [a, b] = [staff[0]!, staff[1]!];
    const c = staff.find((p) => p.email && p !== a && p !== b)!;
    const result = run({
      people: [
        { person_id: a.id },
        { linkedin_url: `${linkedinUrl(b.linkedinSlug)}/` },
        { email: c.email!.toUpperCase() },
        { person_id: 1 },
        { linkedin_url: "https://www.linkedin.com/company/acme" },
      ],
      select: { attributes: ["name"] },
    });
    expect(result.body.people.map((row: { person_id?: number }) => row.person_id)).toEqual([
      a.id,
      b.id,
      c.id,
      undefined,
      undefined,
    ]);
    expect(result.body.people[3]).toEqual({ input: { person_id: 1 } });
    expect(result.body.people[0]).toEqual({
      input: { person_id: a.id },
      person_id: a.id,
      service_url: expect.stringMatching(/^https:\/\/app\.enrichment\.example\/l\/person\//),
      attributes: { name: a.name },
    });
    expect(result.body).toMatchObject({ matched_count: 3, total: 5, credits_used: 3 * PRICES.personBase });
    expect(result.body.source_data_url).toBe(
      `https://app.enrichment.example/people?person_ids=${a.id},${b.id},${c.id}`,
    );
  });

  it("charges a person named twice in one request once", () => {
    const person = staff.find((p) => p.email)!;
    const result = run({
      people: [{ person_id: person.id }, { email: person.email! }],
      select: { attributes: ["name", "email"] },
    });
    expect(result.body.matched_count).toBe(2);
    expect(result.body.credits_used).toBe(
      PRICES.personBase + PRICES.personPaidAttribute + PRICES.personEmailReveal,
    );
  });

  it("charges e-mail and phone reveals on the first reveal only", () => {
    const person = staff.find((p) => p.email && p.phone)!;
    const body = { people: [{ person_id: person.id }], select: { attributes: ["name", "email", "phone"] } };
    const first = run(body);
    expect(first.body.people[0].attributes).toEqual({
      name: person.name,
      email: person.email,
      phone: person.phone,
    });
    const attributes = 2 * PRICES.personPaidAttribute;
    expect(first.body.credits_used).toBe(
      PRICES.personBase + attributes + PRICES.personEmailReveal + PRICES.personPhoneReveal,
    );
    const second = run(body);
    expect(second.body.credits_used).toBe(PRICES.personBase + attributes);
    expect(second.body.people[0].attributes.email).toBe(person.email);
  });

  it("reveals e-mail in filter mode too, priced per first reveal (the spec defines no filter-mode refusal)", () => {
    const body = filterBody({ select: { attributes: ["name", "email"] }, limit: 5 });
    const first = run(body);
    expect(first.status).toBe(200);
    const returned = first.body.people.map((p: { person_id: number }) => state.dataset.person(p.person_id)!);
    expect(first.body.people.map((p: { attributes: { email?: string } }) => p.attributes.email)).toEqual(
      returned.map((p: Person) => p.email ?? undefined),
    );
    const withEmail = returned.filter((p: Person) => p.email).length;
    expect(withEmail).toBeGreaterThan(0);
    const rows = 5 * (PRICES.personBase + PRICES.personPaidAttribute);
    expect(first.body.credits_used).toBe(rows + withEmail * PRICES.personEmailReveal);
    expect(run(body).body.credits_used).toBe(rows);
  });

  it("returns related people in the requested directions, 1 credit each", () => {
    const director = staff.find((p) => p.level === 3)!;
    const result = run({
      people: [{ person_id: director.id }],
      select: {
        attributes: ["job_title"],
        related_people: { direction: ["managers", "direct_reports"], attributes: ["name", "confidence"] },
      },
    });
    const related = result.body.people[0].related_people;
    const count = related.managers.length + related.direct_reports.length;
    expect(count).toBeGreaterThan(0);
    expect(result.body.credits_used).toBe(
      PRICES.personBase + PRICES.personPaidAttribute + count * PRICES.personRelated,
    );
    for (const report of related.direct_reports) {
      expect(state.dataset.person(report.person_id)!.level).toBe(director.level - 1);
      expect(report.attributes.name).toBe(state.dataset.person(report.person_id)!.name);
      expect(report.confidence.score).toBeCloseTo(
        report.confidence.technology_contribution +
          report.confidence.job_function_contribution +
          report.confidence.team_contribution +
          report.confidence.location_contribution +
          report.confidence.title_similarity_contribution,
        5,
      );
    }
  });
});

describe("filter mode", () => {
  it("narrows with the advanced query and orders by seniority by default", () => {
    const result = run(
      filterBody({
        filter: { organization_ids: [org.id], query: { query: "job_function EQ 'Engineer'" } },
        limit: 200,
      }),
    );
    const engineer = findJobFunction("Engineer")!.index;
    const expected = new Set(
      staff.filter((p) => JOB_FUNCTIONS[p.jobFunction]!.ancestry.includes(engineer)).map((p) => p.id),
    );
    expect(expected.size).toBeGreaterThan(0);
    const ids: number[] = result.body.people.map((row: { person_id: number }) => row.person_id);
    expect(result.body.total).toBe(expected.size);
    expect(ids).toHaveLength(Math.min(200, expected.size));
    for (const id of ids) expect(expected.has(id)).toBe(true);
    const levels = ids.map((id: number) => state.dataset.person(id)!.level);
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
  });

  it("includes person_score with all when one organization is in scope and the account has an ICP", () => {
    const scored = run({ filter: { organization_ids: [org.id] }, select: { attributes: "all" }, limit: 10 });
    const scores = scored.body.people.map(
      (row: { attributes: { person_score: { value: number } } }) => row.attributes.person_score.value,
    );
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    expect(scored.body.people[0].attributes.email).toBeUndefined();
    call(state, "POST", "/__admin/accounts", { body: { api_key: "no-icp", credits: 1000 } });
    const unscored = run(
      { filter: { organization_ids: [org.id] }, select: { attributes: "all" }, limit: 10 },
      "no-icp",
    );
    expect(unscored.body.people[0].attributes.person_score).toBeUndefined();
  });

  it("searches the organizations of a saved list", () => {
    const list = state.dataset.orgLists[0]!;
    const result = run({ filter: { organization_list_id: list.id }, select: {}, limit: 50 });
    const inList = new Set(list.orgIndexes);
    for (const row of result.body.people)
      expect(inList.has(state.dataset.person(row.person_id)!.orgIndex)).toBe(true);
    expect(result.body.total).toBe(
      list.orgIndexes.reduce((sum, i) => sum + state.dataset.orgs[i]!.peopleCount, 0),
    );
  });

  it("pages with limit and offset", () => {
    const ids = (offset: number, limit: number) =>
      run(filterBody({ offset, limit })).body.people.map((row: { person_id: number }) => row.person_id);
    expect([...ids(0, 4), ...ids(4, 4)]).toEqual(ids(0, 8));
  });
});
