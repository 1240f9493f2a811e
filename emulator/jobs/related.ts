// The people likely involved in hiring for a job post, scored by similarity to the role.
import type { JobsSelect } from "../../src/api/contract/jobs.ts";
import { LIMITS } from "../../src/api/contract/limits.ts";
import {
  findJobFunction,
  findJobLevel,
  JOB_FUNCTIONS,
  JOB_LEVELS,
} from "../dataset/catalog/job-functions.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { Dataset } from "../dataset/index.ts";
import type { JobPost, Person } from "../dataset/types.ts";
import { HttpError } from "../http-error.ts";

export interface JobRelatedOptions {
  limit: number;
  /** Level indexes to keep; undefined applies the hiring-manager default. */
  levels?: Set<number>;
  /** Function indexes to keep (descendants included); undefined keeps every function. */
  functions?: Set<number>;
  sortOrder: "score" | "level";
  ascending: boolean;
}

export interface ScoredPerson {
  person: Person;
  confidence: Confidence;
}

interface Feature {
  match_type: "technology" | "job_function" | "team" | "location" | "title_similarity";
  name: string;
  slug: string | null;
  contribution: number;
}

export interface Confidence {
  score: number;
  technology_contribution: number;
  job_function_contribution: number;
  team_contribution: number;
  location_contribution: number;
  title_similarity_contribution: number;
  matched_features: Feature[];
}

const MANAGER_RANK = 2;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Reads `select.related_people` of a jobs request; unknown level or function names are a 400. */
export function jobRelatedOptions(selection: NonNullable<JobsSelect["related_people"]>): JobRelatedOptions {
  const levels = selection.job_levels?.length
    ? new Set(
        selection.job_levels.map((name) => {
          const level = findJobLevel(name);
          if (!level) {
            throw new HttpError(
              400,
              `Unknown job level "${name}" in select.related_people.job_levels. Use one of: ${JOB_LEVELS.map((l) => l.name).join(", ")}.`,
            );
          }
          return level.index;
        }),
      )
    : undefined;
  const functions = selection.job_functions?.length
    ? new Set(
        selection.job_functions.flatMap((name) => {
          const jf = findJobFunction(name);
          if (!jf) {
            throw new HttpError(
              400,
              `Unknown job function "${name}" in select.related_people.job_functions. Use a job function name such as 'Engineer' or 'Sales'.`,
            );
          }
          return [...jf.matches];
        }),
      )
    : undefined;
  return {
    limit: selection.limit ?? LIMITS.jobRelatedPeopleDefault,
    ...(levels ? { levels } : {}),
    ...(functions ? { functions } : {}),
    sortOrder: selection.sort_order ?? "score",
    ascending: selection.sort_direction === "asc",
  };
}

export function jobRelatedPeople(
  post: JobPost,
  options: JobRelatedOptions,
  dataset: Dataset,
): ScoredPerson[] {
  const family = JOB_FUNCTIONS[post.jobFunction]!.family;
  const postRank = JOB_LEVELS[post.level]!.rank;
  // Without job_levels only likely hiring managers: Manager or above and senior to the role (real OpenAPI).
  const candidates = dataset.details(dataset.orgs[post.orgIndex]!).people.filter((person) => {
    const rank = JOB_LEVELS[person.level]!.rank;
    if (options.levels ? !options.levels.has(person.level) : rank < MANAGER_RANK || rank <= postRank) {
      return false;
    }
    if (options.functions && !options.functions.has(person.jobFunction)) return false;
    // Someone is related through their team or their job family; anyone else is a stranger to the role.
    return person.teamIndex === post.teamIndex || JOB_FUNCTIONS[person.jobFunction]!.family === family;
  });
  const sign = options.ascending ? 1 : -1;
  const rank = (p: Person) => JOB_LEVELS[p.level]!.rank;
  return candidates
    .map((person) => ({ person, confidence: confidence(post, person, dataset) }))
    .sort((a, b) => {
      const byScore = a.confidence.score - b.confidence.score;
      const byLevel = rank(a.person) - rank(b.person);
      const primary = options.sortOrder === "score" ? byScore : byLevel;
      const secondary = options.sortOrder === "score" ? byLevel : byScore;
      return sign * primary || sign * secondary || a.person.id - b.person.id;
    })
    .slice(0, options.limit);
}

function confidence(post: JobPost, person: Person, dataset: Dataset): Confidence {
  const postTechs = new Set(post.techs.map((m) => m.tech));
  const shared = person.techs.filter((t) => postTechs.has(t));
  const technology = round2(Math.min(0.3, shared.length * 0.08));
  const sameFunction = person.jobFunction === post.jobFunction;
  const jobFunction = sameFunction ? 0.25 : 0.1;
  const team = person.teamIndex === post.teamIndex ? 0.2 : 0;
  const location = person.location === post.location ? 0.1 : 0;
  const title = sameFunction ? 0.1 : 0.05;
  const jf = JOB_FUNCTIONS[person.jobFunction]!;
  const features: Feature[] = [
    { match_type: "job_function", name: jf.name, slug: jf.slug, contribution: jobFunction },
    ...shared.map((t) => ({
      match_type: "technology" as const,
      name: TECH_CATALOG.technologies[t]!.name,
      slug: TECH_CATALOG.technologies[t]!.slug,
      contribution: round2(technology / shared.length),
    })),
    { match_type: "title_similarity", name: person.title, slug: null, contribution: title },
  ];
  if (team > 0) {
    const t = dataset.details(dataset.orgs[post.orgIndex]!).teams[post.teamIndex]!;
    features.push({ match_type: "team", name: t.name, slug: t.slug, contribution: team });
  }
  if (location > 0)
    features.push({ match_type: "location", name: person.location, slug: null, contribution: location });
  return {
    score: round2(technology + jobFunction + team + location + title),
    technology_contribution: technology,
    job_function_contribution: jobFunction,
    team_contribution: team,
    location_contribution: location,
    title_similarity_contribution: title,
    matched_features: features.sort((a, b) => b.contribution - a.contribution),
  };
}
