// Technologies and categories as the lookup endpoints return them, and how common each technology is.
import { TECH_CATALOG, type TechCategory, type Technology } from "../dataset/catalog/technologies.ts";
import type { Dataset } from "../dataset/index.ts";

export function technologyJson(tech: Technology) {
  const category = TECH_CATALOG.categories[tech.categoryIndex]!;
  return {
    id: tech.id,
    slug: tech.slug,
    name: tech.name,
    categories: [{ slug: category.slug, name: category.name, name_short: category.nameShort }],
  };
}

export function categoryJson(category: TechCategory) {
  return {
    slug: category.slug,
    name: category.name,
    name_short: category.nameShort,
    technologies: category.technologyIndexes.map((i) => {
      const tech = TECH_CATALOG.technologies[i]!;
      return { id: tech.id, slug: tech.slug, name: tech.name };
    }),
  };
}

const counts = new WeakMap<Dataset, Int32Array>();

/** Organizations whose own records mention each technology, by catalog index (computed once per dataset). */
export function organizationsMentioning(dataset: Dataset): Int32Array {
  let out = counts.get(dataset);
  if (!out) {
    out = new Int32Array(TECH_CATALOG.technologies.length);
    for (const org of dataset.orgs) for (const tech of org.techs) out[tech]!++;
    counts.set(dataset, out);
  }
  return out;
}
