// POST /v9/teams through the real client: list and filter modes, attributes, related people, job posts, ordering, credits per the ledger.
import { beforeEach, describe, expect, it } from "vitest";
import { TECH_CATALOG } from "../../emulator/dataset/catalog/technologies.ts";
import type { Organization, Team } from "../../emulator/dataset/types.ts";
import { DAY_MS, isoDate } from "../../emulator/dates.ts";
import { createEmulatorState, type EmulatorState } from "../../emulator/index.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import type { EnrichmentClient } from "../../src/api/client.ts";
import { apiError } from "../support/api-error.ts";
import { createAccount, emulatorClient, ledger } from "../support/emulator-client.ts";

let state: EmulatorState;
let client: EnrichmentClient;
let org: Organization;
let teams: Team[];
beforeEach(() => {
  state = createEmulatorState({ orgs: 800, rateLimit: false, now: manualClock().now });
  client = emulatorClient(state);
  org = state.dataset.orgs.find(
    (o) =>
      o.teamsCount >= 8 &&
      o.peopleCount >= 80 &&
      state.dataset.details(o).teams.some((t) => t.parentTeamIndex >= 0),
  )!;
  teams = state.dataset.details(org).teams;
});

const techSlug = (tech: number) => TECH_CATALOG.technologies[tech]!.slug;
const postsOf = (team: Team) => state.dataset.details(org).posts.filter((p) => p.teamIndex === team.index);

describe("teams in list mode", () => {
  it("answers every id in order, an unmatched one as just its input, charging matched teams only", () => {
    const [a, b] = [teams[0]!, teams[1]!];
    const response = client.teams({
      teams: [a.id, 9, b.id],
      select: { attributes: ["organization", "jobs_count"] },
    });
    expect(response.teams.map((t) => t.input)).toEqual([a.id, 9, b.id]);
    expect(response.teams[1]).toEqual({ input: 9 });
    expect(response.teams[0]).toMatchObject({
      team_id: a.id,
      name: a.name,
      attributes: {
        organization: { organization_id: org.id, name: org.name },
        jobs_count: postsOf(a).length,
      },
    });
    expect(response).toMatchObject({ matched_count: 2, total: 3 });
    // Two teams × (1 base + 2 attributes).
    expect(response.credits_used).toBe(6);
    expect(ledger(state).at(-1)).toMatchObject({ id: response.id, path: "/v9/teams", credits: 6 });
  });

  it("charges a team named twice once", () => {
    const team = teams[2]!;
    const response = client.teams({ teams: [team.id, team.id], select: { attributes: ["jobs_count"] } });
    expect(response.teams).toHaveLength(2);
    expect(response.teams[1]).toEqual(response.teams[0]);
    // One team × (1 base + jobs_count).
    expect(response.credits_used).toBe(2);
  });

  it("aggregates the team's posts: technologies, functions, locations and first and last activity", () => {
    const team = teams.reduce((best, t) => (postsOf(t).length > postsOf(best).length ? t : best));
    const posts = postsOf(team);
    const attributes = client.teams({
      teams: [team.id],
      select: {
        attributes: [
          "technology_list",
          "job_function_list",
          "location_list",
          "first_activity",
          "last_activity",
        ],
      },
    }).teams[0]!.attributes!;
    const days = posts.map((p) => p.day);
    expect(attributes.first_activity).toBe(`${isoDate(Math.min(...days))}T00:00:00Z`);
    expect(attributes.last_activity).toBe(`${isoDate(Math.max(...days))}T00:00:00Z`);
    const locationTotal = attributes.location_list!.reduce((sum, l) => sum + (l.jobs_count ?? 0), 0);
    expect(locationTotal).toBe(posts.length);
    const functionTotal = attributes.job_function_list!.reduce((sum, f) => sum + (f.jobs_count ?? 0), 0);
    expect(functionTotal).toBe(posts.length);
    const techCounts = attributes.technology_list!.map((t) => t.jobs_count!);
    expect(techCounts).toEqual([...techCounts].sort((x, y) => y - x));
    const top = attributes.technology_list![0]!;
    expect(top.jobs_count).toBe(
      posts.filter((p) => p.techs.some((m) => techSlug(m.tech) === top.slug)).length,
    );
  });

  it("lists the parent chain from the root to the team in breadcrumbs", () => {
    const child = teams.find((t) => t.parentTeamIndex >= 0)!;
    const chain: Team[] = [];
    for (
      let t: Team | undefined = child;
      t;
      t = t.parentTeamIndex >= 0 ? teams[t.parentTeamIndex] : undefined
    ) {
      chain.unshift(t);
    }
    const crumbs = client.teams({ teams: [child.id], select: { attributes: ["breadcrumbs"] } }).teams[0]!
      .attributes!.breadcrumbs!;
    expect(crumbs.map((c) => c.team_id)).toEqual(chain.map((t) => t.id));
    expect(chain.length).toBeGreaterThanOrEqual(2);
  });

  it('scores teams for an account with an ideal customer profile; "all" skips the score without one', () => {
    const team = teams[0]!;
    const withIcp = client.teams({ teams: [team.id], select: { attributes: "all" } });
    const score = withIcp.teams[0]!.attributes!.score!;
    expect(score.value).toBeGreaterThanOrEqual(0);
    expect(score.value).toBeLessThanOrEqual(100);
    expect(["Great", "Good", "Possible"]).toContain(score.fit);
    // 1 base + all 9 attributes.
    expect(withIcp.credits_used).toBe(10);

    createAccount(state, "no-icp-key", 1000);
    const plain = emulatorClient(state, "no-icp-key");
    const withoutIcp = plain.teams({ teams: [team.id], select: { attributes: "all" } });
    expect(withoutIcp.teams[0]!.attributes!.score).toBeUndefined();
    expect(withoutIcp.credits_used).toBe(9);
    const error = apiError(() => plain.teams({ teams: [team.id], select: { attributes: ["score"] } }));
    expect(error.status).toBe(400);
    expect(error.detail).toBe(
      "score needs an ideal customer profile on the account; drop it from select.attributes.",
    );
    expect(ledger(state, "no-icp-key")).toHaveLength(1);
  });

  it("adds related people and job posts up to their per-team maximum, 1 credit each", () => {
    const team = teams.find((t) => postsOf(t).length >= 4)!;
    const response = client.teams({
      teams: [team.id],
      select: {
        related_people: { max_per_team: 3, attributes: ["name", "confidence"] },
        job_posts: { components: ["job_details"], max_per_team: 4 },
      },
    });
    const row = response.teams[0]!;
    expect(row.related_people).toHaveLength(3);
    for (const person of row.related_people!) {
      expect(person.attributes!.name).toBeTypeOf("string");
      expect(person.confidence!.score).toBeGreaterThan(0);
    }
    const scores = row.related_people!.map((p) => p.confidence!.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(row.job_posts).toHaveLength(4);
    const newest = [...postsOf(team)].sort((x, y) => y.day - x.day || x.id - y.id)[0]!;
    expect(row.job_posts![0]).toMatchObject({ job_id: newest.id, attributes: { title: newest.title } });
    for (const post of row.job_posts!) {
      expect(Object.keys(post.attributes!).sort()).toEqual(["location", "posted_date", "title"]);
    }
    // 1 base + 3 related people + 4 job posts.
    expect(response.credits_used).toBe(8);
  });

  it("leaves job posts before the job_posts window out", () => {
    const team = teams.reduce((best, t) => (postsOf(t).length > postsOf(best).length ? t : best));
    const days = postsOf(team)
      .map((p) => p.day)
      .sort((x, y) => x - y);
    const since = days[Math.floor(days.length / 2)]!;
    const response = client.teams({
      teams: [team.id],
      select: { job_posts: { components: ["job_details"], max_per_team: 100, since: isoDate(since) } },
    });
    expect(response.teams[0]!.job_posts).toHaveLength(days.filter((d) => d >= since).length);
  });
});

describe("teams in filter mode", () => {
  it("lists the organization's teams by jobs_count, paged, with total and a source link", () => {
    const response = client.teams({
      filter: { organization_ids: [org.id] },
      select: { attributes: ["jobs_count"] },
      limit: 3,
    });
    expect(response.total).toBe(org.teamsCount);
    expect(response.teams).toHaveLength(3);
    const counts = response.teams.map((t) => t.attributes!.jobs_count!);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(counts[0]).toBe(Math.max(...teams.map((t) => postsOf(t).length)));
    expect(response.source_data_url).toContain(`organization_ids=${org.id}`);
    expect(response.matched_count).toBeUndefined();
    // Three teams × (1 base + jobs_count).
    expect(response.credits_used).toBe(6);
    const ascending = client.teams({
      filter: { organization_ids: [org.id] },
      select: { attributes: ["jobs_count"] },
      order_by_direction: "ASC",
      limit: 1,
    });
    expect(ascending.teams[0]!.attributes!.jobs_count).toBe(Math.min(...teams.map((t) => postsOf(t).length)));
  });

  it("counts jobs and activity from `since` on", () => {
    const since = state.dataset.today - 180;
    const response = client.teams({
      filter: { organization_ids: [org.id], since: isoDate(since) },
      select: { attributes: ["jobs_count", "first_activity"] },
      limit: 200,
    });
    for (const row of response.teams) {
      const team = teams.find((t) => t.id === row.team_id)!;
      expect(row.attributes!.jobs_count).toBe(postsOf(team).filter((p) => p.day >= since).length);
      if (row.attributes!.first_activity) {
        expect(Date.parse(row.attributes!.first_activity)).toBeGreaterThanOrEqual(since * DAY_MS);
      }
    }
  });

  it("keeps teams with a post matching the query", () => {
    const slug = techSlug(postsOf(teams[0]!)[0]!.techs[0]!.tech);
    const response = client.teams({
      filter: { organization_ids: [org.id], query: { query: `technology EQ '${slug}'` } },
      select: { attributes: ["technology_list"] },
      limit: 200,
    });
    const expected = teams.filter((t) =>
      postsOf(t).some((p) => p.techs.some((m) => techSlug(m.tech) === slug)),
    );
    expect(response.total).toBe(expected.length);
    for (const row of response.teams) {
      expect(row.attributes!.technology_list!.map((t) => t.slug)).toContain(slug);
    }
  });

  it("orders by score for one organization, and refuses it for several with a 400", () => {
    const byScore = client.teams({
      filter: { organization_ids: [org.id] },
      select: { attributes: ["score"] },
      order_by_column: "score",
      limit: 200,
    });
    const values = byScore.teams.map((t) => t.attributes!.score!.value);
    expect(values).toEqual([...values].sort((x, y) => y - x));
    const other = state.dataset.orgs.find((o) => o.teamsCount > 0 && o.id !== org.id)!;
    const error = apiError(() =>
      client.teams({
        filter: { organization_ids: [org.id, other.id] },
        select: {},
        order_by_column: "score",
      }),
    );
    expect(error.status).toBe(400);
    expect(error.detail).toBe(
      "Ordering by score needs exactly one organization in filter.organization_ids and an ideal customer profile on the account.",
    );
  });

  it("returns nothing, free, for organizations that do not exist", () => {
    expect(client.teams({ filter: { organization_ids: [5] }, select: { attributes: "all" } })).toMatchObject({
      teams: [],
      total: 0,
      credits_used: 0,
    });
    expect(ledger(state)).toEqual([]);
  });
});

describe("bad input", () => {
  it.each(
    (
      [
        [{ select: {} }, ["body"], 'Send either "teams" (list mode) or "filter", not both.'],
        [{ teams: [1] }, ["body", "select"], "Field required"],
        [{ teams: ["a"], select: {} }, ["body", "teams", 0], "Input should be a valid integer"],
        [{ teams: [], select: {} }, ["body", "teams"], "Send at least one team id."],
        [
          { filter: { organization_ids: [] }, select: {} },
          ["body", "filter", "organization_ids"],
          "A teams filter needs at least one organization id.",
        ],
        [
          { filter: { query: { query: "x" } }, select: {} },
          ["body", "filter", "organization_ids"],
          "Field required",
        ],
        [
          { filter: { organization_ids: [1], since: "2026-02-31" }, select: {} },
          ["body", "filter", "since"],
          '"2026-02-31" is not a calendar date; send YYYY-MM-DD.',
        ],
        [
          { filter: { organization_ids: [1], since: "yesterday" }, select: {} },
          ["body", "filter", "since"],
          "Expected a date as YYYY-MM-DD.",
        ],
        [
          { filter: { organization_ids: [1] }, select: {}, limit: 201 },
          ["body", "limit"],
          "limit must be at most 200.",
        ],
        [
          { teams: [1], select: { related_people: { max_per_team: 101 } } },
          ["body", "select", "related_people", "max_per_team"],
          "max_per_team must be at most 100.",
        ],
        [
          { teams: [1], select: { job_posts: { components: ["salary"] } } },
          ["body", "select", "job_posts", "components", 0],
          'Input should be "job_details", "technologies", "job_functions" or "job_level"',
        ],
        [
          { teams: [1], select: { attributes: ["size"] } },
          ["body", "select", "attributes", 0],
          'Unknown team attribute "size". Use one of: organization, breadcrumbs, jobs_count, technology_list, job_function_list, location_list, first_activity, last_activity, score.',
        ],
        [
          { teams: [1], select: {}, colour: 1 },
          ["body", "colour"],
          'Extra inputs are not permitted: "colour" is not a field here.',
        ],
      ] as [unknown, unknown, unknown][]
    ).map(([body, loc, msg]) => ({ body, loc, msg })),
  )("answers with 422: $msg", ({ body, loc, msg }) => {
    const response = call(state, "POST", "/v9/teams", { body });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc, msg });
  });

  it("answers contact details on related people with a 400", () => {
    const response = call(state, "POST", "/v9/teams", {
      body: { teams: [teams[0]!.id], select: { related_people: { attributes: ["phone", "person_score"] } } },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(
      "select.related_people.attributes cannot carry phone, person_score: related people come without contact details or person_score. Ask for them with POST /v9/people.",
    );
  });
});
