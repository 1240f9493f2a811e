// A team's 0–100 fit with the account's ideal customer profile (the `score` attribute).
import { JOB_FUNCTIONS } from "../dataset/catalog/job-functions.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { Team } from "../dataset/types.ts";
import { ICP_FUNCTIONS, ICP_TECHS } from "../people/icp.ts";
import type { TeamActivity } from "./activity.ts";

export interface TeamScore {
  value: number;
  fit: "Great" | "Good" | "Possible";
  components: { name: string | null; slug: string | null; match_type: string; contribution: number }[];
}

const PER_TECH = 9;
const MAX_TECH = 45;
const FUNCTION_POINTS = 30;
const RECENT_POINTS = 15;
const RECENT_DAYS = 90;
const SIZE_POINTS = 10;
const SIZE_JOBS = 10;

export function teamScore(team: Team, activity: TeamActivity, today: number): TeamScore {
  const techs = new Set(activity.posts.flatMap((p) => p.techs.map((m) => m.tech)));
  const matched = ICP_TECHS.filter((t) => techs.has(t));
  const perTech =
    matched.length > 0
      ? Math.round((Math.min(MAX_TECH, matched.length * PER_TECH) / matched.length) * 10) / 10
      : 0;
  const components: TeamScore["components"] = matched.map((t) => ({
    name: TECH_CATALOG.technologies[t]!.name,
    slug: TECH_CATALOG.technologies[t]!.slug,
    match_type: "technology",
    contribution: perTech,
  }));
  if (ICP_FUNCTIONS.includes(team.jobFunction)) {
    const jf = JOB_FUNCTIONS[team.jobFunction]!;
    components.push({
      name: jf.name,
      slug: jf.slug,
      match_type: "job_function",
      contribution: FUNCTION_POINTS,
    });
  }
  const newest = activity.posts[0];
  if (newest && newest.day > today - RECENT_DAYS) {
    components.push({ name: null, slug: null, match_type: "recent_hiring", contribution: RECENT_POINTS });
  }
  if (activity.posts.length >= SIZE_JOBS) {
    components.push({ name: null, slug: null, match_type: "team_size", contribution: SIZE_POINTS });
  }
  components.sort((a, b) => b.contribution - a.contribution);
  const value = Math.round(components.reduce((sum, c) => sum + c.contribution, 0) * 10) / 10;
  return { value, fit: value >= 70 ? "Great" : value >= 45 ? "Good" : "Possible", components };
}
