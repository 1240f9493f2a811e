// Computes an entity's metrics for one organization from its and its subsidiaries' records.
import { type EntityMetric, METRICS_WITH_URL } from "../../src/api/contract/organization-catalog.ts";
import type { Dataset } from "../dataset/index.ts";
import type { Organization } from "../dataset/types.ts";
import { epochMonth } from "../dates.ts";
import type { EntityPlan, RecordMatcher } from "./entities.ts";

// Counts without a suffix are rollup figures (job_post_count over every post equals jobs_count_rollup);
// `_no_rollup` counts use the organization's own records only.
interface Tally {
  posts: number;
  postsOwn: number;
  used: number;
  teams: number;
  teamsOwn: number;
  people: number;
  peopleOwn: number;
  allPosts: number;
  allPeople: number;
  postsLastYear: number;
  postsYearBefore: number;
  peopleYearAgo: number;
  peopleNow: number;
}

/** One pass over the records behind an organization's figures. */
export function tally(dataset: Dataset, org: Organization, matcher: RecordMatcher, sinceDay?: number): Tally {
  const t: Tally = {
    posts: 0,
    postsOwn: 0,
    used: 0,
    teams: 0,
    teamsOwn: 0,
    people: 0,
    peopleOwn: 0,
    allPosts: 0,
    allPeople: 0,
    postsLastYear: 0,
    postsYearBefore: 0,
    peopleYearAgo: 0,
    peopleNow: 0,
  };
  const today = dataset.today;
  const since = sinceDay ?? Number.NEGATIVE_INFINITY;
  const sinceMonth = sinceDay === undefined ? Number.NEGATIVE_INFINITY : epochMonth(sinceDay);
  const yearAgoMonth = epochMonth(today) - 12;
  for (const member of dataset.rollup(org)) {
    const own = member.index === org.index;
    const details = dataset.details(member);
    const teams = new Set<number>();
    for (const post of details.posts) {
      const recent = post.day >= since;
      if (recent) t.allPosts++;
      if (!matcher.post(post)) continue;
      if (post.day > today - 365) t.postsLastYear++;
      else if (post.day > today - 730) t.postsYearBefore++;
      if (!recent) continue;
      t.posts++;
      if (own) t.postsOwn++;
      if (matcher.usedPost?.(post)) t.used++;
      teams.add(post.teamIndex);
    }
    t.teams += teams.size;
    if (own) t.teamsOwn = teams.size;
    for (const person of details.people) {
      const recent = person.startMonth >= sinceMonth;
      if (recent) t.allPeople++;
      if (!matcher.person(person)) continue;
      t.peopleNow++;
      if (person.startMonth <= yearAgoMonth) t.peopleYearAgo++;
      if (!recent) continue;
      t.people++;
      if (own) t.peopleOwn++;
    }
  }
  return t;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const growth = (now: number, before: number) =>
  before === 0 ? undefined : round(((now - before) / before) * 100, 1);

export function metricValue(metric: EntityMetric, t: Tally, usedApplies: boolean): number | undefined {
  switch (metric) {
    case "job_post_count":
      return t.posts;
    case "job_post_count_no_rollup":
      return t.postsOwn;
    case "job_post_used_count":
      return usedApplies ? t.used : undefined;
    case "team_count":
      return t.teams;
    case "team_count_no_rollup":
      return t.teamsOwn;
    case "people_count":
      return t.people;
    case "people_count_no_rollup":
      return t.peopleOwn;
    case "job_post_count_growth_1y":
      return growth(t.postsLastYear, t.postsYearBefore);
    case "people_count_growth_1y":
      return growth(t.peopleNow, t.peopleYearAgo);
    case "job_post_concentration":
      return t.allPosts === 0 ? undefined : round(t.posts / t.allPosts, 4);
    case "people_concentration":
      return t.allPeople === 0 ? undefined : round(t.people / t.allPeople, 4);
  }
}

function metricLink(metric: EntityMetric, org: Organization, type: string, term: string): string {
  const filter = `?${type}=${encodeURIComponent(term)}`;
  if (metric.startsWith("job_post_count_growth")) return `${org.serviceUrl}/trends/job_posts${filter}`;
  if (metric.startsWith("people_count_growth")) return `${org.serviceUrl}/trends/people${filter}`;
  if (metric.startsWith("job_post")) return `${org.serviceUrl}/jobs${filter}`;
  if (metric.startsWith("team")) return `${org.serviceUrl}/teams${filter}`;
  return `${org.serviceUrl}/people${filter}`;
}

function metricFields(
  plan: EntityPlan,
  matcher: RecordMatcher,
  type: string,
  term: string,
  org: Organization,
  dataset: Dataset,
): Record<string, unknown> {
  const t = tally(dataset, org, matcher, plan.sinceDay);
  const fields: Record<string, unknown> = {};
  for (const metric of plan.metrics) {
    const value = metricValue(metric, t, matcher.usedPost !== undefined);
    if (value === undefined) continue;
    fields[metric] = value;
    if (METRICS_WITH_URL.includes(metric)) fields[`${metric}_url`] = metricLink(metric, org, type, term);
  }
  return fields;
}

/** One entry of a row's `entities`. */
export function entityResult(plan: EntityPlan, org: Organization, dataset: Dataset): Record<string, unknown> {
  const head = {
    type: plan.type,
    term: plan.term,
    ...(plan.granularity ? { granularity: plan.granularity } : {}),
  };
  if (plan.components) {
    return {
      ...head,
      components: plan.components.map((c) => ({
        type: "technology",
        term: c.term,
        ...metricFields(plan, c.matcher, "technology", c.term, org, dataset),
      })),
    };
  }
  return { ...head, ...metricFields(plan, plan.matcher, plan.type, plan.term, org, dataset) };
}
