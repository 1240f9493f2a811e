// POST /v9/jobs/title-lookup: job titles to a job function and level, 1 credit per 100 matched.
import { TitleLookupRequest } from "../../src/api/contract/jobs.ts";
import { lookupCost } from "../../src/api/pricing.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { readTitle } from "../lookups/titles.ts";
import { validate } from "../validation.ts";

export function titleLookup(ctx: HandlerContext): HandlerResult {
  const body = validate(TitleLookupRequest, ctx.body());
  const results = body.titles.map((input) => {
    const reading = readTitle(input);
    if (!reading) return { input, job_function: null, job_level: null };
    const { jobFunction: jf, level } = reading;
    return {
      input,
      job_function: { id: jf.id, slug: jf.slug, name: jf.name },
      job_level: { id: level.id, name: level.name, level_rank: level.rank },
    };
  });
  const matched = results.filter((r) => r.job_function !== null).length;
  const cost = lookupCost(matched);
  ctx.charge(cost);
  return { body: { ...ctx.envelope(cost), matched_count: matched, results } };
}
