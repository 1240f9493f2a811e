// A team's attributes as the teams endpoint returns them (real OpenAPI TeamAttributes).
import type { TeamAttribute } from "../../src/api/contract/teams.ts";
import { JOB_FUNCTIONS } from "../dataset/catalog/job-functions.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { Dataset } from "../dataset/index.ts";
import { teamLink } from "../dataset/links.ts";
import type { Team } from "../dataset/types.ts";
import { DAY_MS, isoDateTime } from "../dates.ts";
import { type TeamActivity, tally } from "./activity.ts";
import { teamScore } from "./score.ts";

function breadcrumbs(team: Team, dataset: Dataset) {
  const teams = dataset.details(dataset.orgs[team.orgIndex]!).teams;
  const chain: Team[] = [];
  for (let t: Team | undefined = team; t; t = t.parentTeamIndex >= 0 ? teams[t.parentTeamIndex] : undefined) {
    chain.unshift(t);
  }
  return chain.map((t) => ({ team_id: t.id, name: t.name, slug: t.slug, service_url: teamLink(t.id) }));
}

function value(name: TeamAttribute, team: Team, activity: TeamActivity, dataset: Dataset): unknown {
  const org = dataset.orgs[team.orgIndex]!;
  switch (name) {
    case "organization":
      return { organization_id: org.id, name: org.name, service_url: org.serviceUrl };
    case "breadcrumbs":
      return breadcrumbs(team, dataset);
    case "jobs_count":
      return activity.windowed.length;
    case "technology_list": {
      const used = new Set(activity.posts.flatMap((p) => p.techs.filter((m) => m.used).map((m) => m.tech)));
      return tally(activity.posts.flatMap((p) => [...new Set(p.techs.map((m) => m.tech))])).map(
        ([t, count]) => ({
          name: TECH_CATALOG.technologies[t]!.name,
          slug: TECH_CATALOG.technologies[t]!.slug,
          used: used.has(t),
          jobs_count: count,
        }),
      );
    }
    case "job_function_list":
      return tally(activity.posts.map((p) => p.jobFunction)).map(([jf, count]) => ({
        name: JOB_FUNCTIONS[jf]!.name,
        slug: JOB_FUNCTIONS[jf]!.slug,
        jobs_count: count,
      }));
    case "location_list":
      return tally(activity.posts.map((p) => p.location)).map(([location, count]) => ({
        name: location,
        jobs_count: count,
      }));
    case "first_activity": {
      const oldest = activity.windowed[activity.windowed.length - 1];
      return oldest ? isoDateTime(oldest.day * DAY_MS) : undefined;
    }
    case "last_activity": {
      const newest = activity.windowed[0];
      return newest ? isoDateTime(newest.day * DAY_MS) : undefined;
    }
    case "score":
      return teamScore(team, activity, dataset.today);
  }
}

/** The requested attributes; values that do not exist (no activity since the window) are left out. */
export function teamAttributes(
  names: readonly TeamAttribute[],
  team: Team,
  activity: TeamActivity,
  dataset: Dataset,
): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const name of names) {
    const v = value(name, team, activity, dataset);
    if (v !== undefined) attributes[name] = v;
  }
  return attributes;
}
