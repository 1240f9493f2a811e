// The ideal customer profile accounts with `icp` score people against (person_score), and the score.
import { findJobFunction, JOB_FUNCTIONS, JOB_LEVELS } from "../dataset/catalog/job-functions.ts";
import { findTechnology, TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { Person } from "../dataset/types.ts";

/** The ICP's technologies and job functions (catalog indexes). */
export const ICP_TECHS = [
  "python",
  "kubernetes",
  "aws",
  "snowflake",
  "databricks",
  "terraform",
  "react",
  "postgresql",
].map((slug) => findTechnology(slug)!.index);
export const ICP_FUNCTIONS = [
  "data-engineer",
  "software-engineer",
  "devops-engineer",
  "site-reliability-engineer",
  "machine-learning-engineer",
  "data-scientist",
].map((slug) => findJobFunction(slug)!.index);

const round1 = (value: number) => Math.round(value * 10) / 10;

export function personScore(person: Person): Record<string, unknown> {
  const techs = person.techs.filter((t) => ICP_TECHS.includes(t));
  const perTech = techs.length > 0 ? round1(Math.min(40, techs.length * 9.1) / techs.length) : 0;
  const jf = JOB_FUNCTIONS[person.jobFunction]!;
  const functionPoints = ICP_FUNCTIONS.includes(person.jobFunction) ? 28.2 : 0;
  const seniority = round1(JOB_LEVELS[person.level]!.rank * 6.1);
  const features = [
    ...(functionPoints > 0
      ? [{ name: jf.name, slug: jf.slug, match_type: "job_function", contribution: functionPoints }]
      : []),
    ...techs.map((t) => ({
      name: TECH_CATALOG.technologies[t]!.name,
      slug: TECH_CATALOG.technologies[t]!.slug,
      match_type: "technology",
      contribution: perTech,
    })),
  ].sort((a, b) => b.contribution - a.contribution);
  const skill = round1(perTech * techs.length);
  return {
    value: round1(skill + functionPoints + seniority),
    skill_contribution: skill,
    job_function_contribution: functionPoints,
    seniority_contribution: seniority,
    matched_features: features,
  };
}

export function personScoreValue(person: Person): number {
  return personScore(person)["value"] as number;
}
