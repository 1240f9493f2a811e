// The real-world technology catalog: technologies with stable ids, categories, lookup by slug or alias.
import { BUSINESS_CATEGORIES } from "./categories-business.ts";
import { ENGINEERING_CATEGORIES } from "./categories-engineering.ts";

export interface Technology {
  index: number;
  id: number;
  slug: string;
  name: string;
  domain: string;
  /** Relative frequency in job posts, 1–100. */
  popularity: number;
  aliases: readonly string[];
  categoryIndex: number;
}

export interface TechCategory {
  index: number;
  slug: string;
  name: string;
  nameShort: string;
  businessFunction: string;
  evidence: readonly string[];
  /** Member technologies, most mentioned in job posts first. */
  technologyIndexes: readonly number[];
}

export interface TechCatalog {
  technologies: readonly Technology[];
  categories: readonly TechCategory[];
  businessFunctions: readonly string[];
}

function buildCatalog(): TechCatalog {
  const technologies: Technology[] = [];
  const categories: TechCategory[] = [];
  for (const row of [...ENGINEERING_CATEGORIES, ...BUSINESS_CATEGORIES]) {
    const categoryIndex = categories.length;
    const members: Technology[] = row.technologies.map(([slug, name, domain, popularity, ...aliases]) => {
      const index = technologies.length;
      const tech = { index, id: 1001 + index, slug, name, domain, popularity, aliases, categoryIndex };
      technologies.push(tech);
      return tech;
    });
    categories.push({
      index: categoryIndex,
      slug: row.slug,
      name: row.name,
      nameShort: row.nameShort,
      businessFunction: row.businessFunction,
      evidence: row.evidence,
      technologyIndexes: members.sort((a, b) => b.popularity - a.popularity).map((t) => t.index),
    });
  }
  const businessFunctions = [...new Set(categories.map((c) => c.businessFunction))];
  return { technologies, categories, businessFunctions };
}

export const TECH_CATALOG: TechCatalog = buildCatalog();

const techByKey = new Map<string, Technology>();
for (const tech of TECH_CATALOG.technologies) {
  for (const key of [tech.name.toLowerCase(), ...tech.aliases])
    if (!techByKey.has(key)) techByKey.set(key, tech);
}
// Slugs win over names and aliases of other technologies.
for (const tech of TECH_CATALOG.technologies) techByKey.set(tech.slug, tech);

const categoryByKey = new Map<string, TechCategory>();
for (const category of TECH_CATALOG.categories) {
  categoryByKey.set(category.name.toLowerCase(), category);
  categoryByKey.set(category.nameShort.toLowerCase(), category);
}
for (const category of TECH_CATALOG.categories) categoryByKey.set(category.slug, category);

/** A technology by slug, name or alias (case-insensitive), or undefined. */
export function findTechnology(key: string): Technology | undefined {
  return techByKey.get(key.trim().toLowerCase());
}

/** A technology category by slug, name or short name (case-insensitive), or undefined. */
export function findCategory(key: string): TechCategory | undefined {
  return categoryByKey.get(key.trim().toLowerCase());
}
