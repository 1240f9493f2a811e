// GET /v9/organizations/{id}/techs: technologies used in job posts by business function; 1 credit.
import { PRICES } from "../../src/api/contract/prices.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { pathOrganization } from "./path-organization.ts";

interface CategoryTally {
  used: Map<number, number>;
  /** Posts that mention the category's technologies without using any of them. */
  mentionedOnly: number;
}

export function techStack(ctx: HandlerContext): HandlerResult {
  const org = pathOrganization(ctx);
  const dataset = ctx.state.dataset;
  const categories = new Map<number, CategoryTally>();
  for (const member of dataset.rollup(org)) {
    for (const post of dataset.details(member).posts) {
      const usedHere = new Set<number>();
      const mentionedHere = new Set<number>();
      for (const mention of post.techs) {
        const category = TECH_CATALOG.technologies[mention.tech]!.categoryIndex;
        const tally = categories.get(category) ?? { used: new Map(), mentionedOnly: 0 };
        categories.set(category, tally);
        mentionedHere.add(category);
        if (mention.used) {
          tally.used.set(mention.tech, (tally.used.get(mention.tech) ?? 0) + 1);
          usedHere.add(category);
        }
      }
      for (const category of mentionedHere)
        if (!usedHere.has(category)) categories.get(category)!.mentionedOnly++;
    }
  }
  const businessFunctions = TECH_CATALOG.businessFunctions
    .map((businessFunction) => ({
      business_function: businessFunction,
      categories: [...categories]
        .filter(
          ([index, t]) =>
            TECH_CATALOG.categories[index]!.businessFunction === businessFunction && t.used.size > 0,
        )
        .map(([index, t]) => categoryJson(index, t))
        .sort((a, b) => b.total - a.total || a.category.category_slug.localeCompare(b.category.category_slug))
        .map((c) => c.category),
    }))
    .filter((bf) => bf.categories.length > 0);
  ctx.charge(PRICES.techStack);
  return {
    body: {
      ...ctx.envelope(PRICES.techStack),
      organization_id: org.id,
      organization_slug: org.slug,
      business_functions: businessFunctions,
    },
  };
}

function categoryJson(index: number, tally: CategoryTally) {
  const category = TECH_CATALOG.categories[index]!;
  const technologies = [...tally.used]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([t, count]) => {
      const tech = TECH_CATALOG.technologies[t]!;
      return { name: tech.name, slug: tech.slug, job_post_used_count: count, domain: tech.domain };
    });
  const evidence = category.evidence
    .map((name, i) => ({ name, job_post_used_count: Math.floor(tally.mentionedOnly / (i + 1)) }))
    .filter((e) => e.job_post_used_count > 0);
  return {
    total: technologies.reduce((sum, t) => sum + t.job_post_used_count, 0),
    category: {
      category_slug: category.slug,
      category_name: category.nameShort,
      category_name_full: category.name,
      technologies,
      evidence,
    },
  };
}
