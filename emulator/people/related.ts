// Related people inferred from structure: nearest seniors as managers, one level below as reports.
import { JOB_FUNCTIONS } from "../dataset/catalog/job-functions.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { Dataset } from "../dataset/index.ts";
import type { Person } from "../dataset/types.ts";
import type { Relation } from "./query.ts";

const MAX_MANAGERS = 2;
const MAX_REPORTS = 5;

export function relatedPeople(person: Person, direction: Relation, dataset: Dataset): Person[] {
  const family = JOB_FUNCTIONS[person.jobFunction]!.family;
  const colleagues = dataset
    .details(dataset.orgs[person.orgIndex]!)
    .people.filter((p) => p.id !== person.id && JOB_FUNCTIONS[p.jobFunction]!.family === family);
  const sameTeamFirst = (a: Person, b: Person) =>
    Number(b.teamIndex === person.teamIndex) - Number(a.teamIndex === person.teamIndex) || a.id - b.id;
  if (direction === "managers") {
    const above = colleagues.filter((p) => p.level > person.level);
    const nearest = Math.min(...above.map((p) => p.level));
    return above
      .filter((p) => p.level === nearest)
      .sort(sameTeamFirst)
      .slice(0, MAX_MANAGERS);
  }
  return colleagues
    .filter((p) => p.level === person.level - 1 && person.level >= 2)
    .sort(sameTeamFirst)
    .slice(0, MAX_REPORTS);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Why two people are related: shared technologies, job function, team, location and title. */
export function relationConfidence(person: Person, other: Person, dataset: Dataset): Record<string, unknown> {
  const shared = other.techs.filter((t) => person.techs.includes(t));
  const technology = round2(Math.min(0.3, shared.length * 0.08));
  const jobFunction = other.jobFunction === person.jobFunction ? 0.25 : 0.1;
  const team = other.teamIndex >= 0 && other.teamIndex === person.teamIndex ? 0.2 : 0;
  const location = other.location === person.location ? 0.1 : 0;
  const title = 0.05;
  const jf = JOB_FUNCTIONS[other.jobFunction]!;
  const features = [
    { match_type: "job_function", name: jf.name, slug: jf.slug, contribution: jobFunction },
    ...shared.map((t) => ({
      match_type: "technology",
      name: TECH_CATALOG.technologies[t]!.name,
      slug: TECH_CATALOG.technologies[t]!.slug,
      contribution: round2(technology / shared.length),
    })),
    ...(team > 0 ? [teamFeature(other, team, dataset)] : []),
    ...(location > 0
      ? [{ match_type: "location", name: other.location, slug: null, contribution: location }]
      : []),
    { match_type: "title_similarity", name: other.title, slug: null, contribution: title },
  ].sort((a, b) => b.contribution - a.contribution);
  return {
    score: round2(technology + jobFunction + team + location + title),
    technology_contribution: technology,
    job_function_contribution: jobFunction,
    team_contribution: team,
    location_contribution: location,
    title_similarity_contribution: title,
    matched_features: features,
  };
}

function teamFeature(person: Person, contribution: number, dataset: Dataset) {
  const team = dataset.details(dataset.orgs[person.orgIndex]!).teams[person.teamIndex]!;
  return { match_type: "team", name: team.name, slug: team.slug, contribution };
}
