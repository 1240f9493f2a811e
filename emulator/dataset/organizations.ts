// Generates the organizations' summaries: identity, firmographics, funding, structure, activity shape.
import { JOB_FUNCTION_AFFINITY, TECH_AFFINITY } from "./affinity.ts";
import { COUNTRIES } from "./catalog/geography.ts";
import { INDUSTRIES } from "./catalog/industries.ts";
import { LEAF_JOB_FUNCTIONS } from "./catalog/job-functions.ts";
import { SUBSIDIARY_WORDS } from "./catalog/names.ts";
import { PROJECTS } from "./catalog/projects.ts";
import { TECH_CATALOG } from "./catalog/technologies.ts";
import { organizationLink } from "./links.ts";
import { NameRegistry } from "./org-names.ts";
import { cumulative, hashSeed, Random } from "./prng.ts";
import { slugify } from "./text.ts";
import type { AccountStatus, Funding, Organization } from "./types.ts";

/** Caps that keep record ids inside their per-organization id ranges (see dataset/ids.ts). */
export const MAX_JOBS_PER_ORG = 3000;
export const MAX_PEOPLE_PER_ORG = 5000;
export const MAX_TEAMS_PER_ORG = 999;

const INDUSTRY_WEIGHTS = cumulative(INDUSTRIES.map((i) => i.weight));
const COUNTRY_WEIGHTS = cumulative(COUNTRIES.map((c) => c.weight));
const GENERATIVE_AI = TECH_CATALOG.categories.find((c) => c.slug === "generative-ai")!.index;
const CLOUD_PLATFORMS = TECH_CATALOG.categories.find((c) => c.slug === "cloud-platforms")!.index;
const CLOSED_REASONS = [
  "Ceased operations",
  "Filed for bankruptcy",
  "Wound down after failing to raise funding",
];

export function generateOrganizations(seed: number, count: number, today: number): Organization[] {
  const registry = new NameRegistry();
  const orgs: Organization[] = [];
  for (let i = 0; i < count; i++) orgs.push(baseOrganization(seed, i, today, registry));
  attachSubsidiaries(orgs, seed, registry);
  explainClosures(orgs, seed);
  return orgs;
}

function baseOrganization(seed: number, index: number, today: number, registry: NameRegistry): Organization {
  const r = new Random(hashSeed(seed, "org", index));
  const industryIndex = r.weightedIndex(INDUSTRY_WEIGHTS);
  const industry = INDUSTRIES[industryIndex]!;
  const countryIndex = r.weightedIndex(COUNTRY_WEIGHTS);
  const country = COUNTRIES[countryIndex]!;
  const { name, stem, suffix } = registry.companyName(r, industry.nameSuffixes);
  const tlds =
    industry.name === "Information"
      ? [".com", ".com", ".io", ".ai", country.tld]
      : [".com", ".com", country.tld];
  const domain = registry.domain(r, stem, suffix, tlds);
  const id = 100_000 + index * 10 + r.int(0, 9);
  const employeeCount = Math.max(
    1,
    Math.min(400_000, Math.round(Math.exp(Math.log(150) + 1.8 * r.normal()))),
  );
  const closed = r.chance(0.03);
  const t = industry.techIntensity;

  let jobsCount = 0;
  if (closed) jobsCount = r.int(0, 3);
  else if (!r.chance(0.08)) {
    jobsCount = Math.round(employeeCount * (0.01 + 0.06 * t) * Math.exp(0.6 * r.normal()));
  }
  jobsCount = Math.min(jobsCount, MAX_JOBS_PER_ORG);
  const peopleCount = Math.min(
    MAX_PEOPLE_PER_ORG,
    Math.round(employeeCount * (0.04 + 0.12 * t) * Math.exp(0.5 * r.normal())),
  );
  const teamsCount =
    jobsCount === 0
      ? 0
      : Math.max(1, Math.min(jobsCount, MAX_TEAMS_PER_ORG, Math.round(Math.sqrt(jobsCount) * 1.3)));
  let lastPostDay = 0;
  let firstPostDay = 0;
  if (jobsCount > 0) {
    lastPostDay = closed ? today - r.int(400, 1000) : today - Math.floor(r.float() ** 2 * 120);
    firstPostDay = jobsCount === 1 ? lastPostDay : lastPostDay - Math.round(730 * (0.3 + 0.7 * r.float()));
  }

  const sizeFactor = 0.5 + Math.log10(1 + employeeCount) / 3;
  const techCapacity = jobsCount * 4 + peopleCount * 3;
  const techTarget = Math.min(
    60,
    techCapacity,
    Math.round((2 + 25 * t) * sizeFactor * (0.6 + 0.8 * r.float())),
  );
  const techs = drawDistinct(r, TECH_AFFINITY[industryIndex]!, techTarget);
  const jfCapacity = jobsCount + peopleCount;
  const jfTarget = Math.min(jfCapacity, Math.round(2 + Math.log2(1 + jfCapacity) * 1.5));
  const jobFunctions = drawDistinct(r, JOB_FUNCTION_AFFINITY[industryIndex]!, jfTarget).map(
    (leaf) => LEAF_JOB_FUNCTIONS[leaf]!.index,
  );
  const projects =
    jobsCount >= 5 && r.chance(0.1 + 0.2 * t)
      ? [...new Set([r.int(0, PROJECTS.length - 1), r.int(0, PROJECTS.length - 1)])].slice(0, r.int(1, 2))
      : [];

  const funding =
    r.chance(industry.name === "Information" ? 0.45 : 0.12) && employeeCount < 20_000
      ? generateFunding(r, employeeCount, today)
      : undefined;
  const tags = [industry.b2b ? "b2b" : "b2c"];
  if (funding) tags.push("is_venture_backed");
  if (industry.name === "Information" && r.chance(0.35)) tags.push("digital_native");
  if (techs.filter((tech) => TECH_CATALOG.technologies[tech]!.categoryIndex === GENERATIVE_AI).length >= 2) {
    tags.push("is_ai_native");
  }
  if (employeeCount >= 10_000) tags.push("enterprise");
  if (employeeCount >= 5_000 && !funding && r.chance(0.4)) tags.push("public_company");

  const usesCloud = techs.some((tech) => TECH_CATALOG.technologies[tech]!.categoryIndex === CLOUD_PLATFORMS);
  const cloudSpendMillions = usesCloud
    ? Math.max(0.01, Math.round(employeeCount * (0.002 + 0.018 * r.float()) * t * 100) / 100)
    : undefined;
  const score = 15 + 45 * t * r.float() + Math.log10(1 + employeeCount) * 6 + techs.length * 0.4;
  const roll = r.float();
  const accountStatus: AccountStatus = roll < 0.06 ? "customer" : roll < 0.2 ? "prospect" : "not_in_crm";

  return {
    index,
    id,
    slug: registry.slug(name),
    name,
    domain,
    serviceUrl: organizationLink(id),
    industry: industryIndex,
    country: countryIndex,
    city: r.pick(country.cities),
    employeeCount,
    status: closed ? "closed" : "active",
    ...(closed ? { statusReason: r.pick(CLOSED_REASONS) } : {}),
    parentIndex: -1,
    subsidiaryIndexes: [],
    tags,
    serviceScore: Math.round(Math.min(99.9, score) * 10) / 10,
    ...(funding ? { funding } : {}),
    ...(cloudSpendMillions !== undefined ? { cloudSpendMillions } : {}),
    accountStatus,
    jobsCount,
    peopleCount,
    teamsCount,
    firstPostDay,
    lastPostDay,
    techs,
    jobFunctions,
    projects,
    recency: 1.2 + r.float() * 1.2,
  };
}

/** Up to `count` distinct indexes drawn by weight (fewer when the draws keep colliding). */
function drawDistinct(r: Random, weights: readonly number[], count: number): number[] {
  const chosen: number[] = [];
  const seen = new Set<number>();
  for (let attempts = 0; chosen.length < count && attempts < count * 6; attempts++) {
    const index = r.weightedIndex(weights);
    if (!seen.has(index)) {
      seen.add(index);
      chosen.push(index);
    }
  }
  return chosen;
}

function generateFunding(r: Random, employeeCount: number, today: number): Funding {
  const totalRaised =
    Math.round(Math.exp(Math.log(employeeCount * 150_000) + 0.8 * r.normal()) / 100_000) * 100_000;
  const lastRoundType =
    totalRaised < 3e6
      ? "seed"
      : totalRaised < 15e6
        ? "series_a"
        : totalRaised < 50e6
          ? "series_b"
          : totalRaised < 150e6
            ? "series_c"
            : totalRaised < 400e6
              ? "series_d"
              : r.pick(["series_e", "private_equity"]);
  return {
    totalRaised: Math.max(100_000, totalRaised),
    valuation: Math.max(1_000_000, Math.round((totalRaised * (3 + 7 * r.float())) / 1e6) * 1e6),
    lastRoundRaised: Math.max(
      100_000,
      Math.round((totalRaised * (0.3 + 0.3 * r.float())) / 100_000) * 100_000,
    ),
    lastRoundType,
    lastRoundDay: today - r.int(30, 1400),
  };
}

/** Makes about 5% of organizations subsidiaries of large ones, renamed after their parent. */
function attachSubsidiaries(orgs: Organization[], seed: number, registry: NameRegistry): void {
  const r = new Random(hashSeed(seed, "subsidiaries"));
  const parents = orgs.filter((o) => o.status === "active" && o.employeeCount >= 2000);
  if (parents.length === 0) return;
  const parentSet = new Set(parents.map((p) => p.index));
  const wanted = Math.round(orgs.length * 0.05);
  for (let attempts = 0, made = 0; made < wanted && attempts < wanted * 4; attempts++) {
    const child = orgs[r.int(0, orgs.length - 1)]!;
    const parent = r.pick(parents);
    if (parentSet.has(child.index) || child.parentIndex >= 0 || parent.subsidiaryIndexes.length >= 8)
      continue;
    const word = r.pick(SUBSIDIARY_WORDS);
    const name = `${parent.name} ${word}`;
    if (!registry.claimName(name)) continue;
    registry.release(child.name, child.slug, child.domain);
    child.name = name;
    child.slug = registry.slug(name);
    const subdomain = `${slugify(word).replace(/-/g, "")}.${parent.domain}`;
    child.domain = registry.claimDomain(subdomain) ? subdomain : `${child.slug.replace(/-/g, "")}.com`;
    registry.claimDomain(child.domain);
    child.parentIndex = parent.index;
    parent.subsidiaryIndexes.push(child.index);
    made++;
  }
}

/** Some closed organizations were acquired by a larger active one. */
function explainClosures(orgs: Organization[], seed: number): void {
  const r = new Random(hashSeed(seed, "closures"));
  const acquirers = orgs.filter((o) => o.status === "active" && o.employeeCount >= 500);
  for (const org of orgs) {
    if (org.status !== "closed" || acquirers.length === 0 || !r.chance(0.4)) continue;
    const acquirer = r.pick(acquirers);
    if (acquirer.index !== org.index) org.statusReason = `Acquired by ${acquirer.name}`;
  }
}
