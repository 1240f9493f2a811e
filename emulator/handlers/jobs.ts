// POST /v9/jobs: list and filter modes, priced per returned job (base, paid attributes, related people).
import {
  FREE_JOB_ATTRIBUTES,
  JOB_ATTRIBUTES,
  type JobAttribute,
  JobsRequest,
} from "../../src/api/contract/jobs.ts";
import { LIMITS } from "../../src/api/contract/limits.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { jobLink } from "../dataset/links.ts";
import type { JobPost } from "../dataset/types.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { jobAttributes } from "../jobs/attributes.ts";
import { jobRelatedOptions, jobRelatedPeople } from "../jobs/related.ts";
import { relatedAttributeNames, relatedRow } from "../jobs/related-row.ts";
import { searchJobs } from "../jobs/search.ts";
import { validate } from "../validation.ts";

export function jobs(ctx: HandlerContext): HandlerResult {
  const body = validate(JobsRequest, ctx.body());
  const dataset = ctx.state.dataset;
  const requested = body.select.attributes ?? [];
  const attributes: JobAttribute[] = requested === "all" ? [...JOB_ATTRIBUTES] : [...new Set(requested)];
  const paid = attributes.filter((a) => !FREE_JOB_ATTRIBUTES.includes(a)).length;
  const selection = body.select.related_people;
  const related = selection
    ? {
        options: jobRelatedOptions(selection),
        names: relatedAttributeNames(selection.attributes, "select.related_people.attributes"),
      }
    : undefined;

  let cost = 0;
  // A job named twice in one request is charged once, as organizations and people are.
  const charged = new Set<number>();
  const row = (post: JobPost): Record<string, unknown> => {
    let rowCost = PRICES.jobBase + paid * PRICES.jobPaidAttribute;
    const out: Record<string, unknown> = { job_id: post.id, service_url: jobLink(post.id) };
    if (attributes.length > 0) out["attributes"] = jobAttributes(attributes, post, dataset);
    if (related) {
      const people = jobRelatedPeople(post, related.options, dataset);
      rowCost += people.length * PRICES.jobRelatedPerson;
      out["related_people"] = people.map((p) => relatedRow(p.person, related.names, p.confidence, dataset));
    }
    if (!charged.has(post.id)) cost += rowCost;
    charged.add(post.id);
    return out;
  };

  if (body.jobs) {
    const rows = body.jobs.map((input) => {
      const post = dataset.post(input.job_id);
      return post ? { input, ...row(post) } : { input };
    });
    ctx.charge(cost);
    return {
      body: {
        ...ctx.envelope(cost),
        jobs: rows,
        matched_count: rows.filter((r) => "job_id" in r).length,
        total: body.jobs.length,
      },
    };
  }

  const search = searchJobs(body.filter!, ctx.account, dataset);
  const offset = body.offset ?? 0;
  const page = search.posts.slice(offset, offset + (body.limit ?? LIMITS.filterLimitDefault)).map(row);
  ctx.charge(cost);
  return {
    body: {
      ...ctx.envelope(cost),
      jobs: page,
      total: search.posts.length,
      source_data_url: search.sourceDataUrl,
    },
  };
}
