// Reads a free-text job title as a job function and a job level.
import {
  C_LEVEL_TITLES,
  findJobFunction,
  findJobLevel,
  JOB_FUNCTIONS,
  type JobFamily,
  type JobFunction,
  type JobLevel,
} from "../dataset/catalog/job-functions.ts";

export interface TitleReading {
  jobFunction: JobFunction;
  level: JobLevel;
}

/** Everyday words for functions the catalog names differently. */
const SYNONYMS: Readonly<Record<string, string>> = {
  developer: "software-engineer",
  "software developer": "software-engineer",
  programmer: "software-engineer",
  sre: "site-reliability-engineer",
  "ml engineer": "machine-learning-engineer",
  sdr: "sales-development-representative",
  bdr: "sales-development-representative",
  "business development representative": "sales-development-representative",
  "ux designer": "designer",
  "ui designer": "designer",
  hr: "human-resources",
  attorney: "legal",
  lawyer: "legal",
  csm: "customer-success",
  "talent acquisition": "recruiter",
};

/** Seniority words, strongest first; the first one found in the title decides its level. */
const LEVEL_WORDS: readonly [RegExp, string][] = [
  [/\b(chief \w+( \w+)? officer|cto|cio|ciso|cfo|cro|coo|cmo|cdo|ceo|general counsel)\b/, "c-level"],
  [/\b(vp|svp|evp|vice president)\b/, "vice-president"],
  [/\b(director|head of)\b/, "director"],
  [/\b(manager|supervisor)\b/, "manager"],
  [/\b(intern|internship|trainee)\b/, "intern"],
];

const ABBREVIATED_CHIEFS: Readonly<Record<string, JobFamily>> = {
  cto: "engineering",
  cio: "it",
  ciso: "security",
  cfo: "finance",
  cro: "sales",
  coo: "operations",
  cmo: "marketing",
  cdo: "data",
};

function normalize(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;
}

/** Every phrase that names a function, longest first so "data engineer" wins over "engineer". */
const PHRASES: readonly [string, JobFunction][] = (() => {
  const seen = new Map<string, JobFunction>();
  const add = (phrase: string, jf: JobFunction) => {
    const key = normalize(phrase);
    if (key.trim() && !seen.has(key)) seen.set(key, jf);
  };
  for (const jf of JOB_FUNCTIONS) add(jf.name, jf);
  for (const jf of JOB_FUNCTIONS) add(jf.title, jf);
  for (const jf of JOB_FUNCTIONS) add(jf.area, jf);
  for (const [phrase, slug] of Object.entries(SYNONYMS)) add(phrase, findJobFunction(slug)!);
  return [...seen].sort((a, b) => b[0].length - a[0].length);
})();

/** The function a C-level title of a job family stands for: the family's top-level function. */
function familyFunction(family: JobFamily): JobFunction | undefined {
  const roots = JOB_FUNCTIONS.filter((jf) => jf.family === family && !jf.parent);
  return roots.find((jf) => jf.slug === family) ?? roots[0];
}

const CHIEF_TITLES: readonly [string, JobFamily][] = Object.entries(C_LEVEL_TITLES).map(([family, title]) => [
  normalize(title),
  family as JobFamily,
]);

export function readTitle(title: string): TitleReading | undefined {
  const text = normalize(title);
  const jobFunction = chiefFunction(text) ?? phraseFunction(text);
  if (!jobFunction) return undefined;
  return {
    jobFunction,
    level: findJobLevel(levelSlug(text, jobFunction)) ?? findJobLevel("individual-contributor")!,
  };
}

function chiefFunction(text: string): JobFunction | undefined {
  for (const [phrase, family] of CHIEF_TITLES) if (text.includes(phrase)) return familyFunction(family);
  for (const [abbreviation, family] of Object.entries(ABBREVIATED_CHIEFS)) {
    if (text.includes(` ${abbreviation} `)) return familyFunction(family);
  }
  return undefined;
}

function phraseFunction(text: string): JobFunction | undefined {
  return PHRASES.find(([phrase]) => text.includes(phrase))?.[1];
}

/** The level words outside the function's own name ("Product Manager" is not a manager title). */
function levelSlug(text: string, jobFunction: JobFunction): string {
  const own = PHRASES.find(([phrase, jf]) => jf === jobFunction && text.includes(phrase))?.[0];
  const rest = own ? text.replace(own, " ") : text;
  return LEVEL_WORDS.find(([pattern]) => pattern.test(rest))?.[1] ?? "individual-contributor";
}
