// POST /v9/projects/lookup: names or slugs to projects, 1 credit per 100 matched.
import { ProjectsLookupRequest } from "../../src/api/contract/lookups.ts";
import { lookupCost } from "../../src/api/pricing.ts";
import { findProject } from "../dataset/catalog/projects.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { validate } from "../validation.ts";

export function projectsLookup(ctx: HandlerContext): HandlerResult {
  const body = validate(ProjectsLookupRequest, ctx.body());
  const results = body.projects.map((input) => {
    const project = findProject(input);
    return { input, project: project ? { id: project.id, slug: project.slug, name: project.name } : null };
  });
  const matched = results.filter((r) => r.project !== null).length;
  const cost = lookupCost(matched);
  ctx.charge(cost);
  return { body: { ...ctx.envelope(cost), matched_count: matched, results } };
}
