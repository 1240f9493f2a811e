// POST /v9/jobs and /v9/jobs/title-lookup through the real client: both modes, attributes, related people, paging, credits per the ledger.
import { beforeEach, describe, expect, it } from "vitest";
import { JOB_LEVELS } from "../../emulator/dataset/catalog/job-functions.ts";
import type { JobPost, Organization } from "../../emulator/dataset/types.ts";
import { createEmulatorState, type EmulatorState } from "../../emulator/index.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import type { EnrichmentClient } from "../../src/api/client.ts";
import { apiError } from "../support/api-error.ts";
import { chargedSince, emulatorClient, ledger } from "../support/emulator-client.ts";

let state: EmulatorState;
let client: EnrichmentClient;
let org: Organization;
let posts: JobPost[];
beforeEach(() => {
  state = createEmulatorState({ orgs: 800, rateLimit: false, now: manualClock().now });
  client = emulatorClient(state);
  org = state.dataset.orgs.find((o) => o.jobsCount >= 40 && o.peopleCount >= 80 && o.status === "active")!;
  posts = state.dataset.details(org).posts;
});

const rank = (levelName: string) => JOB_LEVELS.find((l) => l.name === levelName)!.rank;

describe("jobs in list mode", () => {
  it("answers every input in order, an unmatched one as just its input, charging matched jobs only", () => {
    const [a, b] = [posts[3]!, posts[7]!];
    const response = client.jobs({
      jobs: [{ job_id: a.id }, { job_id: 123 }, { job_id: b.id }],
      select: { attributes: ["title", "location", "technologies"] },
    });
    expect(response.jobs.map((j) => j.input?.job_id)).toEqual([a.id, 123, b.id]);
    expect(response.jobs[1]).toEqual({ input: { job_id: 123 } });
    expect(response.jobs[0]).toMatchObject({
      job_id: a.id,
      attributes: { title: a.title, location: a.location },
    });
    expect(response.matched_count).toBe(2);
    expect(response.total).toBe(3);
    expect(response.source_data_url).toBeUndefined();
    // Two matched jobs × (1 base + location + technologies; title is free).
    expect(response.credits_used).toBe(6);
    expect(ledger(state).at(-1)).toMatchObject({ id: response.id, path: "/v9/jobs", credits: 6 });
  });

  it("charges a job named twice once", () => {
    const post = posts[2]!;
    const response = client.jobs({
      jobs: [{ job_id: post.id }, { job_id: post.id }],
      select: { attributes: ["location"] },
    });
    expect(response.jobs).toHaveLength(2);
    expect(response.jobs[1]).toEqual(response.jobs[0]);
    expect(response.matched_count).toBe(2);
    // One job × (1 base + location).
    expect(response.credits_used).toBe(2);
  });

  it('returns every attribute for "all", the extracted entities included, at 10 credits a job', () => {
    const post = posts.find((p) => p.projects.length > 0) ?? posts[0]!;
    const response = client.jobs({ jobs: [{ job_id: post.id }], select: { attributes: "all" } });
    const attributes = response.jobs[0]!.attributes!;
    expect(Object.keys(attributes).sort()).toEqual([
      "description",
      "job_functions",
      "job_levels",
      "location",
      "organization",
      "posted_date",
      "projects",
      "teams",
      "technologies",
      "title",
    ]);
    expect(attributes.organization).toMatchObject({
      organization_id: org.id,
      name: org.name,
      domain: org.domain,
    });
    expect(attributes.job_levels).toEqual([{ name: JOB_LEVELS[post.level]!.name }]);
    expect(attributes.posted_date).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    for (const tech of attributes.technologies!) expect(attributes.description).toContain(tech.name);
    expect(response.credits_used).toBe(10);
  });

  it("adds likely hiring managers, senior to the role, 1 credit each", () => {
    const post = posts.find(
      (p) =>
        p.level === 1 &&
        state.dataset
          .details(org)
          .people.filter((person) => person.level >= 2 && person.teamIndex === p.teamIndex).length >= 3,
    )!;
    const response = client.jobs({
      jobs: [{ job_id: post.id }],
      select: { related_people: { limit: 2, attributes: ["name", "job_level", "confidence"] } },
    });
    const related = response.jobs[0]!.related_people!;
    expect(related).toHaveLength(2);
    for (const person of related) {
      expect(rank(person.attributes!.job_level!)).toBeGreaterThanOrEqual(2);
      expect(person.confidence!.score).toBeGreaterThan(0);
      expect(person.service_url).toMatch(/^https:\/\//);
    }
    expect(related[0]!.confidence!.score).toBeGreaterThanOrEqual(related[1]!.confidence!.score);
    // 1 base + 2 related people; no job attributes were asked for.
    expect(response.credits_used).toBe(3);
  });

  it("keeps only the asked-for levels of related people, most senior first when sorting by level", () => {
    const response = client.jobs({
      jobs: [{ job_id: posts[0]!.id }],
      select: {
        related_people: {
          job_levels: ["Individual Contributor", "Manager"],
          sort_order: "level",
          limit: 25,
          attributes: ["job_level"],
        },
      },
    });
    const levels = response.jobs[0]!.related_people!.map((p) => p.attributes!.job_level!);
    expect(levels.length).toBeGreaterThan(0);
    for (const level of levels) expect(["Individual Contributor", "Manager"]).toContain(level);
    expect(levels.map(rank)).toEqual([...levels.map(rank)].sort((a, b) => b - a));
    expect(response.credits_used).toBe(1 + levels.length);
  });

  it("refuses contact details on related people with a 400 that says where to get them", () => {
    const error = apiError(() =>
      client.jobs({
        jobs: [{ job_id: posts[0]!.id }],
        select: { related_people: { attributes: ["email"] } },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.detail).toBe(
      "select.related_people.attributes cannot carry email: related people come without contact details or person_score. Ask for them with POST /v9/people.",
    );
    expect(ledger(state)).toEqual([]);
  });
});

describe("jobs in filter mode", () => {
  it("pages the organization's posts newest first, with total and a source link", () => {
    const first = client.jobs({
      filter: { organization_ids: [org.id] },
      select: { attributes: ["title", "posted_date"] },
      limit: 5,
    });
    expect(first.jobs).toHaveLength(5);
    expect(first.total).toBe(org.jobsCount);
    expect(first.matched_count).toBeUndefined();
    expect(first.source_data_url).toContain(`organization_ids=${org.id}`);
    const dates = first.jobs.map((j) => j.attributes!.posted_date!);
    expect(dates).toEqual([...dates].sort().reverse());
    // Five jobs × (1 base + posted_date; title is free).
    expect(first.credits_used).toBe(10);
    const second = client.jobs({ filter: { organization_ids: [org.id] }, select: {}, limit: 5, offset: 5 });
    expect(second.jobs.map((j) => j.job_id)).not.toContain(first.jobs[0]!.job_id);
    expect(second.credits_used).toBe(5);
  });

  it("narrows by the query and searches every organization when the query stands alone", () => {
    const scoped = client.jobs({
      filter: { organization_ids: [org.id], query: { query: "job_level EQ 'Director'" } },
      select: { attributes: ["job_levels"] },
      limit: 200,
    });
    expect(scoped.total).toBe(posts.filter((p) => JOB_LEVELS[p.level]!.name === "Director").length);
    for (const job of scoped.jobs) expect(job.attributes!.job_levels).toEqual([{ name: "Director" }]);
    const everywhere = client.jobs({
      filter: { query: { query: "technology EQ 'snowflake' AND job_level EQ 'Director'" } },
      select: { attributes: ["organization", "technologies", "job_levels"] },
      limit: 50,
    });
    expect(everywhere.total).toBeGreaterThan(0);
    const organizations = new Set(everywhere.jobs.map((j) => j.attributes!.organization!.organization_id));
    expect(organizations.size).toBeGreaterThan(1);
    for (const job of everywhere.jobs) {
      expect(job.attributes!.technologies!.map((t) => t.slug)).toContain("snowflake");
      expect(job.attributes!.job_levels).toEqual([{ name: "Director" }]);
    }
  });

  it("searches the organizations of a saved list", () => {
    const members = new Set(state.dataset.orgLists.find((l) => l.id === 7001)!.orgIndexes);
    const response = client.jobs({
      filter: { organization_list_id: 7001 },
      select: { attributes: ["organization"] },
      limit: 100,
    });
    expect(response.jobs.length).toBeGreaterThan(0);
    for (const job of response.jobs) {
      const member = state.dataset.lookup.byIdentifier(job.attributes!.organization!.organization_id)!;
      expect(members.has(member.index)).toBe(true);
    }
  });

  it("answers an unknown saved list with a 400 naming it, and charges nothing", () => {
    const error = apiError(() => client.jobs({ filter: { organization_list_id: 4242 }, select: {} }));
    expect(error.status).toBe(400);
    expect(error.detail).toBe(
      "filter.organization_list_id: no organization list has id 4242; see GET /v9/organization-lists.",
    );
    expect(ledger(state)).toEqual([]);
  });

  it("returns nothing, free, for organization ids that do not exist", () => {
    const response = client.jobs({ filter: { organization_ids: [1, 2] }, select: { attributes: "all" } });
    expect(response).toMatchObject({ jobs: [], total: 0, credits_used: 0 });
    expect(ledger(state)).toEqual([]);
  });
});

describe("job title lookup", () => {
  it("reads the job function and level of each title; an unreadable title is a miss with nulls", () => {
    const response = client.titleLookup([
      "Senior Data Scientist",
      "Director of Data Engineering",
      "VP of Sales",
      "Chief Technology Officer",
      "Senior Product Manager",
      "Engineering Manager",
      "Software Engineering Intern",
      "Astronaut",
    ]);
    const read = response.results.map((r) => [
      r.input,
      r.job_function?.slug ?? null,
      r.job_level?.name ?? null,
    ]);
    expect(read).toEqual([
      ["Senior Data Scientist", "data-scientist", "Individual Contributor"],
      ["Director of Data Engineering", "data-engineer", "Director"],
      ["VP of Sales", "sales", "Vice President"],
      ["Chief Technology Officer", "engineer", "C-Level"],
      ["Senior Product Manager", "product-manager", "Individual Contributor"],
      ["Engineering Manager", "engineer", "Manager"],
      ["Software Engineering Intern", "software-engineer", "Intern"],
      ["Astronaut", null, null],
    ]);
    expect(response.results[7]).toEqual({ input: "Astronaut", job_function: null, job_level: null });
    expect(response.results[6]!.job_level).toEqual({ id: -1, name: "Intern", level_rank: 0 });
    expect(response.matched_count).toBe(7);
    expect(response.credits_used).toBe(1);
  });

  it("charges 1 credit per 100 matched titles, rounded up: 150 matched and 20 misses cost 2", () => {
    const from = ledger(state).length;
    const response = client.titleLookup([
      ...Array(150).fill("Data Engineer"),
      ...Array(20).fill("Astronaut"),
    ]);
    expect(response.matched_count).toBe(150);
    expect(response.credits_used).toBe(2);
    expect(chargedSince(state, from)).toBe(2);
    expect(client.titleLookup(Array(100).fill("Recruiter")).credits_used).toBe(1);
    expect(client.titleLookup(Array(101).fill("Recruiter")).credits_used).toBe(2);
  });

  it("is free when nothing matches, and leaves no ledger entry", () => {
    expect(client.titleLookup(["Astronaut", "Wizard"])).toMatchObject({ matched_count: 0, credits_used: 0 });
    expect(ledger(state)).toEqual([]);
  });
});

describe("bad input", () => {
  const post = (path: string, body: unknown) => call(state, "POST", path, { body });

  it.each(
    (
      [
        [{}, ["body", "select"], "Field required"],
        [{ select: {} }, ["body"], 'Send either "jobs" (list mode) or "filter".'],
        [
          { jobs: [{ job_id: 1 }], filter: { organization_ids: [1] }, select: {} },
          ["body"],
          'Send "jobs" or "filter", not both.',
        ],
        [
          { jobs: [{ job_id: "x" }], select: {} },
          ["body", "jobs", 0, "job_id"],
          "Input should be a valid integer",
        ],
        [{ jobs: [], select: {} }, ["body", "jobs"], "Send at least one job."],
        [
          { jobs: [{ job_id: 1 }], select: { attributes: ["salary"] } },
          ["body", "select", "attributes", 0],
          'Unknown job attribute "salary". Use one of: title, description, location, posted_date, organization, technologies, teams, job_functions, job_levels, projects.',
        ],
        [
          { jobs: [{ job_id: 1 }], select: {}, color: "red" },
          ["body", "color"],
          'Extra inputs are not permitted: "color" is not a field here.',
        ],
        [
          { filter: { organization_ids: [1] }, select: {}, limit: 201 },
          ["body", "limit"],
          "limit must be at most 200.",
        ],
        [
          { filter: { organization_ids: [1] }, select: {}, offset: 10_001 },
          ["body", "offset"],
          "offset must be at most 10000.",
        ],
        [
          { filter: {}, select: {} },
          ["body", "filter"],
          "A jobs filter needs organization_ids, organization_list_id or a query.",
        ],
        [
          { jobs: Array.from({ length: 26 }, (_, i) => ({ job_id: i + 1 })), select: { related_people: {} } },
          ["body", "jobs"],
          "With related_people, send at most 25 jobs per request.",
        ],
        [
          {
            jobs: Array.from({ length: 201 }, (_, i) => ({ job_id: i + 1 })),
            select: { attributes: ["description"] },
          },
          ["body", "jobs"],
          "With description, send at most 200 jobs per request.",
        ],
        [
          { jobs: [{ job_id: 1 }], select: { related_people: { limit: 26 } } },
          ["body", "select", "related_people", "limit"],
          "related_people.limit must be at most 25.",
        ],
        // The real JobInput and JobsFilter schemas require ids of at least 1.
        [
          { jobs: [{ job_id: 0 }], select: {} },
          ["body", "jobs", 0, "job_id"],
          "job_id must be a positive integer.",
        ],
        [
          { filter: { organization_list_id: 0 }, select: {} },
          ["body", "filter", "organization_list_id"],
          "organization_list_id must be a positive integer.",
        ],
        [
          { filter: { query: { query: "salary EQ '5'" } }, select: {} },
          ["body", "filter", "query"],
          'Unknown field "salary" here. Use one of: technology, technology_category, job_function, country, employee_count, hiring_period, industry, tag, project, organization, job_level.',
        ],
      ] as [unknown, unknown, unknown][]
    ).map(([body, loc, msg]) => ({ body, loc, msg })),
  )("answers POST /v9/jobs with 422: $msg", ({ body, loc, msg }) => {
    const response = post("/v9/jobs", body);
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc, msg });
  });

  it("answers unknown related-people levels and functions with a 400 that lists what to send", () => {
    const response = post("/v9/jobs", {
      jobs: [{ job_id: posts[0]!.id }],
      select: { related_people: { job_levels: ["Wizard"] } },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(
      'Unknown job level "Wizard" in select.related_people.job_levels. Use one of: Intern, Individual Contributor, Manager, Director, Vice President, C-Level.',
    );
    const byFunction = post("/v9/jobs", {
      jobs: [{ job_id: posts[0]!.id }],
      select: { related_people: { job_functions: ["Astronaut"] } },
    });
    expect(byFunction.body.detail).toBe(
      "Unknown job function \"Astronaut\" in select.related_people.job_functions. Use a job function name such as 'Engineer' or 'Sales'.",
    );
  });

  it.each(
    (
      [
        [{}, ["body", "titles"], "Field required"],
        [{ titles: [] }, ["body", "titles"], "Send at least one title."],
        [{ titles: [5] }, ["body", "titles", 0], "Input should be a valid string"],
        [{ titles: Array(1001).fill("a") }, ["body", "titles"], "Send at most 1000 titles per request."],
        [
          { titles: ["a"], limit: 5 },
          ["body", "limit"],
          'Extra inputs are not permitted: "limit" is not a field here.',
        ],
      ] as [unknown, unknown, unknown][]
    ).map(([body, loc, msg]) => ({ body, loc, msg })),
  )("answers POST /v9/jobs/title-lookup with 422: $msg", ({ body, loc, msg }) => {
    const response = post("/v9/jobs/title-lookup", body);
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc, msg });
  });
});
