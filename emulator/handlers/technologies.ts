// POST /v9/technologies/find, /lookup and /categories/lookup.
import {
  CategoriesLookupRequest,
  TechnologiesFindRequest,
  TechnologiesLookupRequest,
} from "../../src/api/contract/lookups.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { lookupCost } from "../../src/api/pricing.ts";
import { findCategory, findTechnology, TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { categoryJson, organizationsMentioning, technologyJson } from "../lookups/technology-json.ts";
import { validate } from "../validation.ts";

/** Every technology whose name, slug or an alias contains the query (case-insensitive), most common first. */
export function technologiesFind(ctx: HandlerContext): HandlerResult {
  const body = validate(TechnologiesFindRequest, ctx.body());
  const wanted = body.query.trim().toLowerCase();
  const counts = organizationsMentioning(ctx.state.dataset);
  const found = TECH_CATALOG.technologies
    .filter((t) => [t.name.toLowerCase(), t.slug, ...t.aliases].some((key) => key.includes(wanted)))
    .map((t) => ({ slug: t.slug, name: t.name, count: counts[t.index]! }))
    .sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
  const cost = found.length > 0 ? PRICES.technologiesFind : 0;
  ctx.charge(cost);
  return { body: { ...ctx.envelope(cost), technologies: found, total_count: found.length } };
}

export function technologiesLookup(ctx: HandlerContext): HandlerResult {
  const body = validate(TechnologiesLookupRequest, ctx.body());
  const results = body.technologies.map((input) => {
    const tech = findTechnology(input);
    return { input, technology: tech ? technologyJson(tech) : null };
  });
  const matched = results.filter((r) => r.technology !== null).length;
  const cost = lookupCost(matched);
  ctx.charge(cost);
  return { body: { ...ctx.envelope(cost), matched_count: matched, results } };
}

export function categoriesLookup(ctx: HandlerContext): HandlerResult {
  const body = validate(CategoriesLookupRequest, ctx.body());
  const results = body.technology_categories.map((input) => {
    const category = findCategory(input);
    return { input, category: category ? categoryJson(category) : null };
  });
  const matched = results.filter((r) => r.category !== null).length;
  const cost = lookupCost(matched);
  ctx.charge(cost);
  return { body: { ...ctx.envelope(cost), matched_count: matched, results } };
}
