// Generates one organization's teams, job posts and people from its summary, on demand.

import { epochMonth } from "../dates.ts";
import { IS_TECHNICAL } from "./affinity.ts";
import { COUNTRIES, locationLabel } from "./catalog/geography.ts";
import { JOB_FUNCTIONS, JOB_LEVELS, jobTitle } from "./catalog/job-functions.ts";
import { FIRST_NAMES, LAST_NAMES, TEAM_NAMES } from "./catalog/names.ts";
import { TECH_CATALOG } from "./catalog/technologies.ts";
import { cumulative, hashSeed, Random } from "./prng.ts";
import { personId, postId, teamId } from "./record-ids.ts";
import { asciiFold, slugify } from "./text.ts";
import type { JobPost, Organization, OrgDetails, Person, Team, TechMention } from "./types.ts";

const LEVEL_WEIGHTS = cumulative(JOB_LEVELS.map((l) => l.weight));
const COUNTRY_WEIGHTS = cumulative(COUNTRIES.map((c) => c.weight));
const TECHNICAL_FAMILIES = new Set(["engineering", "data", "it", "security", "product", "design"]);
// Slugs and e-mail parts of every name, computed once (Unicode folding is slow per record).
const FIRST_SLUGS = FIRST_NAMES.map(slugify);
const LAST_SLUGS = LAST_NAMES.map(slugify);
const FIRST_LOCALS = FIRST_NAMES.map((n) => asciiFold(n).replace(/[^a-z0-9]/g, ""));
const LAST_LOCALS = LAST_NAMES.map((n) => asciiFold(n).replace(/[^a-z0-9]/g, ""));

interface TechPools {
  technical: number[];
  technicalWeights: number[];
  business: number[];
  businessWeights: number[];
}

// Deterministic per organization, and faithful to the summary: every technology, job function and
// project of the summary appears in the records, and the counts and newest post date are exactly its own.
export function generateOrgDetails(org: Organization, seed: number, today: number): OrgDetails {
  const r = new Random(hashSeed(seed, "details", org.index));
  const jfWeights = cumulative(org.jobFunctions.map((_, i) => 1 / (i + 1)));
  const pools = techPools(org);
  const teams = generateTeams(org, r, jfWeights);
  const posts = generatePosts(org, r, teams, jfWeights, pools);
  const people = generatePeople(org, r, teams, jfWeights, pools, today);
  coverTechnologies(org, posts, people);
  return { posts, people, teams };
}

function techPools(org: Organization): TechPools {
  const technical = org.techs.filter((t) => IS_TECHNICAL[t]);
  const business = org.techs.filter((t) => !IS_TECHNICAL[t]);
  const weightsOf = (list: number[]) => cumulative(list.map((t) => TECH_CATALOG.technologies[t]!.popularity));
  return {
    technical,
    technicalWeights: weightsOf(technical),
    business,
    businessWeights: weightsOf(business),
  };
}

function drawTechs(r: Random, pools: TechPools, technical: boolean, count: number): number[] {
  const preferred = technical ? pools.technical : pools.business;
  const pool = preferred.length > 0 ? preferred : technical ? pools.business : pools.technical;
  const out: number[] = [];
  if (pool.length === 0) return out;
  const weights = pool === pools.technical ? pools.technicalWeights : pools.businessWeights;
  for (let i = 0; i < count; i++) {
    const tech = pool[r.weightedIndex(weights)]!;
    if (!out.includes(tech)) out.push(tech);
  }
  return out;
}

function generateTeams(org: Organization, r: Random, jfWeights: number[]): Team[] {
  const teams: Team[] = [];
  const used = new Set<string>();
  for (let index = 0; index < org.teamsCount; index++) {
    const jobFunction =
      index < org.jobFunctions.length
        ? org.jobFunctions[index]!
        : org.jobFunctions[r.weightedIndex(jfWeights)]!;
    const family = JOB_FUNCTIONS[jobFunction]!.family;
    let name = r.pick(TEAM_NAMES[family] ?? TEAM_NAMES.operations!);
    for (let n = 2; used.has(name); n++) name = `${name.replace(/ \d+$/, "")} ${n}`;
    used.add(name);
    const parentTeamIndex = index >= 3 && r.chance(0.3) ? r.int(0, index - 1) : -1;
    teams.push({
      id: teamId(org.index, index),
      orgIndex: org.index,
      index,
      name,
      slug: slugify(name),
      jobFunction,
      parentTeamIndex,
    });
  }
  return teams;
}

function generatePosts(
  org: Organization,
  r: Random,
  teams: Team[],
  jfWeights: number[],
  pools: TechPools,
): JobPost[] {
  const posts: JobPost[] = [];
  const hq = COUNTRIES[org.country]!;
  // Job functions no person carries are covered by the first posts.
  const uncovered = org.jobFunctions.slice(Math.min(org.peopleCount, org.jobFunctions.length));
  const span = org.lastPostDay - org.firstPostDay;
  for (let index = 0; index < org.jobsCount; index++) {
    const teamIndex = index < teams.length ? index : r.int(0, teams.length - 1);
    const team = teams[teamIndex]!;
    const jobFunction =
      index < uncovered.length
        ? uncovered[index]!
        : r.chance(0.7)
          ? team.jobFunction
          : org.jobFunctions[r.weightedIndex(jfWeights)]!;
    const jf = JOB_FUNCTIONS[jobFunction]!;
    const level = Math.min(r.weightedIndex(LEVEL_WEIGHTS), 4);
    // The first post is the newest (the summary's lastPostDay), the second the oldest; the rest lean recent.
    const day =
      index === 0
        ? org.lastPostDay
        : index === 1
          ? org.firstPostDay
          : org.lastPostDay - Math.floor(r.float() ** 1.6 * span);
    const abroad = org.employeeCount > 1000 && r.chance(0.2);
    const country = abroad ? COUNTRIES[r.weightedIndex(COUNTRY_WEIGHTS)]! : hq;
    const technical = TECHNICAL_FAMILIES.has(jf.family);
    const techs: TechMention[] = drawTechs(r, pools, technical, 1 + Math.floor(r.float() ** 1.5 * 6)).map(
      (tech) => ({
        tech,
        used: r.chance(0.75),
      }),
    );
    const projects: number[] = [];
    if (org.projects.length > 0) {
      if (index < org.projects.length) projects.push(org.projects[index]!);
      else if (r.chance(0.04)) projects.push(r.pick(org.projects));
    }
    posts.push({
      id: postId(org.index, index),
      orgIndex: org.index,
      index,
      teamIndex,
      title: jobTitle(jf, JOB_LEVELS[level]!, r.int(0, 9)),
      jobFunction,
      level,
      day,
      country: country.index,
      location: locationLabel(country, abroad ? r.pick(country.cities) : org.city),
      techs,
      projects,
    });
  }
  return posts;
}

function generatePeople(
  org: Organization,
  r: Random,
  teams: Team[],
  jfWeights: number[],
  pools: TechPools,
  today: number,
): Person[] {
  const people: Person[] = [];
  const hq = COUNTRIES[org.country]!;
  const todayMonth = epochMonth(today);
  const emails = new Set<string>();
  const teamByFunction = new Map<number, number>();
  for (const team of teams)
    if (!teamByFunction.has(team.jobFunction)) teamByFunction.set(team.jobFunction, team.index);
  for (let index = 0; index < org.peopleCount; index++) {
    const id = personId(org.index, index);
    const jobFunction =
      index < org.jobFunctions.length
        ? org.jobFunctions[index]!
        : org.jobFunctions[r.weightedIndex(jfWeights)]!;
    const jf = JOB_FUNCTIONS[jobFunction]!;
    const level = r.weightedIndex(LEVEL_WEIGHTS);
    const first = r.int(0, FIRST_NAMES.length - 1);
    const last = r.int(0, LAST_NAMES.length - 1);
    const abroad = r.chance(0.15);
    const country = abroad ? COUNTRIES[r.weightedIndex(COUNTRY_WEIGHTS)]! : hq;
    const technical = TECHNICAL_FAMILIES.has(jf.family);
    const techs = drawTechs(r, pools, technical, technical ? r.int(0, 6) : r.int(0, 2));
    const handle = `${FIRST_SLUGS[first]}-${LAST_SLUGS[last]}`;
    let email: string | undefined;
    if (r.chance(0.85)) {
      const local = `${FIRST_LOCALS[first]}.${LAST_LOCALS[last]}`;
      email = `${local}@${org.domain}`;
      for (let n = 2; emails.has(email); n++) email = `${local}${n}@${org.domain}`;
      emails.add(email);
    }
    const phone = r.chance(0.45)
      ? `${country.phonePrefix} ${r.int(200, 989)} ${r.int(100, 999)} ${r.int(1000, 9999)}`
      : undefined;
    people.push({
      id,
      orgIndex: org.index,
      index,
      name: `${FIRST_NAMES[first]} ${LAST_NAMES[last]}`,
      linkedinSlug: `${handle}-${id.toString(36)}`,
      email,
      phone,
      jobFunction,
      level,
      title: jobTitle(jf, JOB_LEVELS[level]!, r.int(0, 9)),
      country: country.index,
      location: locationLabel(country, abroad ? r.pick(country.cities) : org.city),
      techs,
      startMonth: todayMonth - Math.floor(r.float() ** org.recency * 120),
      teamIndex: teamByFunction.get(jobFunction) ?? -1,
    });
  }
  return people;
}

/** Adds every summary technology that no record drew to a post (or, without posts, to a person). */
function coverTechnologies(org: Organization, posts: JobPost[], people: Person[]): void {
  const seen = new Set<number>();
  for (const post of posts) for (const mention of post.techs) seen.add(mention.tech);
  for (const person of people) for (const tech of person.techs) seen.add(tech);
  org.techs.forEach((tech, i) => {
    if (seen.has(tech)) return;
    if (posts.length > 0) posts[i % posts.length]!.techs.push({ tech, used: true });
    else if (people.length > 0) people[i % people.length]!.techs.push(tech);
  });
}
