// Which technologies and job functions organizations of each industry draw: cumulative weights.
import { INDUSTRIES, type Industry } from "./catalog/industries.ts";
import { LEAF_JOB_FUNCTIONS } from "./catalog/job-functions.ts";
import { TECH_CATALOG } from "./catalog/technologies.ts";
import { cumulative } from "./prng.ts";

const TECHNICAL_FUNCTIONS = new Set([
  "Software Engineering",
  "Data and Analytics",
  "IT and Security",
  "Design and Product",
]);

/** Whether a technology belongs to the technical side of the house (drawn for engineering-type posts). */
export const IS_TECHNICAL: readonly boolean[] = TECH_CATALOG.technologies.map((tech) =>
  TECHNICAL_FUNCTIONS.has(TECH_CATALOG.categories[tech.categoryIndex]!.businessFunction),
);

function businessFunctionWeight(businessFunction: string, intensity: number): number {
  switch (businessFunction) {
    case "Software Engineering":
      return 0.3 + 10 * intensity;
    case "Data and Analytics":
      return 0.8 + 6 * intensity;
    case "IT and Security":
      return 2 + 2 * intensity;
    case "Design and Product":
      return 0.3 + 2 * intensity;
    case "Marketing":
      return 1.2 + intensity;
    case "Operations":
      return 0.2;
    default:
      return 1.2;
  }
}

function techWeights(industry: Industry): number[] {
  return TECH_CATALOG.technologies.map((tech) => {
    const category = TECH_CATALOG.categories[tech.categoryIndex]!;
    const boost = industry.categoryBoost[category.slug] ?? 1;
    return (
      tech.popularity * businessFunctionWeight(category.businessFunction, industry.techIntensity) * boost
    );
  });
}

function jobFunctionWeights(industry: Industry): number[] {
  const perFamily = new Map<string, number>();
  for (const jf of LEAF_JOB_FUNCTIONS) perFamily.set(jf.family, (perFamily.get(jf.family) ?? 0) + 1);
  return LEAF_JOB_FUNCTIONS.map((jf) => (industry.families[jf.family] ?? 0.3) / perFamily.get(jf.family)!);
}

/** Per industry: cumulative weights over `TECH_CATALOG.technologies`. */
export const TECH_AFFINITY: readonly number[][] = INDUSTRIES.map((industry) =>
  cumulative(techWeights(industry)),
);

/** Per industry: cumulative weights over `LEAF_JOB_FUNCTIONS`. */
export const JOB_FUNCTION_AFFINITY: readonly number[][] = INDUSTRIES.map((industry) =>
  cumulative(jobFunctionWeights(industry)),
);
