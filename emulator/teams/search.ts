// Filter mode of POST /v9/teams: the matching teams of the named organizations, ordered.
import type { TeamsRequest } from "../../src/api/contract/teams.ts";
import type { Dataset } from "../dataset/index.ts";
import { WEB_APP_URL } from "../dataset/links.ts";
import type { Team } from "../dataset/types.ts";
import { postQuery } from "../jobs/record-query.ts";
import { type TeamActivity, teamActivity } from "./activity.ts";
import { teamScore } from "./score.ts";

export interface FoundTeam {
  team: Team;
  activity: TeamActivity;
}

export function searchTeams(request: TeamsRequest, dataset: Dataset, sinceDay: number | undefined) {
  const filter = request.filter!;
  const query = postQuery(filter.query?.query, dataset);
  const found: FoundTeam[] = [];
  for (const id of new Set(filter.organization_ids)) {
    const org = dataset.lookup.byIdentifier(id);
    if (!org || !query.candidates.has(org.index)) continue;
    for (const team of dataset.details(org).teams) {
      const activity = teamActivity(team, dataset, sinceDay);
      if (activity.posts.some(query.matches)) found.push({ team, activity });
    }
  }
  const column = request.order_by_column ?? "jobs_count";
  const key = (t: FoundTeam): number => {
    switch (column) {
      case "jobs_count":
        return t.activity.windowed.length;
      case "first_activity":
        return t.activity.windowed[t.activity.windowed.length - 1]?.day ?? Number.NEGATIVE_INFINITY;
      case "last_activity":
        return t.activity.windowed[0]?.day ?? Number.NEGATIVE_INFINITY;
      case "score":
        return teamScore(t.team, t.activity, dataset.today).value;
    }
  };
  const sign = request.order_by_direction === "ASC" ? 1 : -1;
  const keys = new Map(found.map((t) => [t, key(t)]));
  found.sort((a, b) => sign * (keys.get(a)! - keys.get(b)!) || a.team.id - b.team.id);
  const params = new URLSearchParams({ organization_ids: filter.organization_ids.join(",") });
  if (filter.query) params.set("query", filter.query.query);
  return { teams: found, sourceDataUrl: `${WEB_APP_URL}/teams?${params.toString()}` };
}
