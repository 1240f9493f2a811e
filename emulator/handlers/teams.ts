// POST /v9/teams: list and filter modes, priced per team (base, attributes, people, job posts).

import type { JobAttribute } from "../../src/api/contract/jobs.ts";
import { LIMITS } from "../../src/api/contract/limits.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import {
  TEAM_ATTRIBUTES,
  TEAM_JOB_POST_COMPONENTS,
  type TeamAttribute,
  TeamsRequest,
} from "../../src/api/contract/teams.ts";
import { jobLink, teamLink } from "../dataset/links.ts";
import type { Team } from "../dataset/types.ts";
import { parseIsoDate } from "../dates.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { HttpError, validationError } from "../http-error.ts";
import { jobAttributes } from "../jobs/attributes.ts";
import { relatedAttributeNames, relatedRow } from "../jobs/related-row.ts";
import { type TeamActivity, teamActivity } from "../teams/activity.ts";
import { teamAttributes } from "../teams/attributes.ts";
import { teamMembers } from "../teams/members.ts";
import { searchTeams } from "../teams/search.ts";
import { validate } from "../validation.ts";

/** What each job-post component of a team row shows, in the jobs endpoint's attribute names. */
const COMPONENT_ATTRIBUTES: Record<(typeof TEAM_JOB_POST_COMPONENTS)[number], JobAttribute[]> = {
  job_details: ["title", "location", "posted_date"],
  technologies: ["technologies"],
  job_functions: ["job_functions"],
  job_level: ["job_levels"],
};

function day(value: string | null | undefined, loc: string[]): number | undefined {
  if (value == null) return undefined;
  const parsed = parseIsoDate(value);
  if (parsed === undefined) {
    throw validationError(
      ["body", ...loc],
      `"${value}" is not a calendar date; send YYYY-MM-DD.`,
      "value_error",
      value,
    );
  }
  return parsed;
}

export function teams(ctx: HandlerContext): HandlerResult {
  const body = validate(TeamsRequest, ctx.body());
  const { dataset } = ctx.state;
  const select = body.select;
  const requested = select.attributes ?? [];
  if (requested !== "all" && requested.includes("score") && !ctx.account.icp) {
    throw new HttpError(
      400,
      "score needs an ideal customer profile on the account; drop it from select.attributes.",
    );
  }
  const attributes: TeamAttribute[] =
    requested === "all"
      ? TEAM_ATTRIBUTES.filter((a) => a !== "score" || ctx.account.icp)
      : [...new Set(requested)];
  const people = select.related_people
    ? {
        names: relatedAttributeNames(select.related_people.attributes, "select.related_people.attributes"),
        max: select.related_people.max_per_team ?? LIMITS.teamPerTeamDefault,
      }
    : undefined;
  const posts = select.job_posts
    ? {
        attributes: [
          ...new Set(
            (select.job_posts.components === "all"
              ? TEAM_JOB_POST_COMPONENTS
              : (select.job_posts.components ?? [])
            ).flatMap((c) => COMPONENT_ATTRIBUTES[c]),
          ),
        ],
        max: select.job_posts.max_per_team ?? LIMITS.teamPerTeamDefault,
        since: day(select.job_posts.since, ["select", "job_posts", "since"]),
      }
    : undefined;

  let cost = 0;
  // A team named twice in one request is charged once, as organizations and people are.
  const charged = new Set<number>();
  const row = (team: Team, activity: TeamActivity): Record<string, unknown> => {
    let rowCost = PRICES.teamBase + attributes.length * PRICES.teamPaidAttribute;
    const out: Record<string, unknown> = {
      team_id: team.id,
      name: team.name,
      service_url: teamLink(team.id),
    };
    if (attributes.length > 0) out["attributes"] = teamAttributes(attributes, team, activity, dataset);
    if (people) {
      const members = teamMembers(team, activity, dataset, people.max);
      rowCost += members.length * PRICES.teamRelatedPerson;
      out["related_people"] = members.map((m) => relatedRow(m.person, people.names, m.confidence, dataset));
    }
    if (posts) {
      const since = posts.since;
      const chosen = activity.posts.filter((p) => since === undefined || p.day >= since).slice(0, posts.max);
      rowCost += chosen.length * PRICES.teamJobPost;
      out["job_posts"] = chosen.map((post) => ({
        job_id: post.id,
        service_url: jobLink(post.id),
        ...(posts.attributes.length > 0
          ? { attributes: jobAttributes(posts.attributes, post, dataset) }
          : {}),
      }));
    }
    if (!charged.has(team.id)) cost += rowCost;
    charged.add(team.id);
    return out;
  };

  if (body.teams) {
    const rows = body.teams.map((input) => {
      const team = dataset.team(input);
      return team ? { input, ...row(team, teamActivity(team, dataset)) } : { input };
    });
    ctx.charge(cost);
    return {
      body: {
        ...ctx.envelope(cost),
        teams: rows,
        matched_count: rows.filter((r) => "team_id" in r).length,
        total: body.teams.length,
      },
    };
  }

  const sinceDay = day(body.filter!.since, ["filter", "since"]);
  if (
    body.order_by_column === "score" &&
    (!ctx.account.icp || new Set(body.filter!.organization_ids).size !== 1)
  ) {
    throw new HttpError(
      400,
      "Ordering by score needs exactly one organization in filter.organization_ids and an ideal customer profile on the account.",
    );
  }
  const found = searchTeams(body, dataset, sinceDay);
  const offset = body.offset ?? 0;
  const page = found.teams
    .slice(offset, offset + (body.limit ?? LIMITS.filterLimitDefault))
    .map((t) => row(t.team, t.activity));
  ctx.charge(cost);
  return {
    body: {
      ...ctx.envelope(cost),
      teams: page,
      total: found.teams.length,
      source_data_url: found.sourceDataUrl,
    },
  };
}
