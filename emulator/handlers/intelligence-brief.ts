// GET /v9/organizations/{id}/intelligence-brief: 202 while generating, 200 (50 credits), 422 if thin.
import { PRICES } from "../../src/api/contract/prices.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { HttpError } from "../http-error.ts";
import { briefBody, briefLink, briefTitle, hasEnoughDataForBrief } from "../organizations/brief.ts";
import { pathOrganization } from "./path-organization.ts";

export function intelligenceBrief(ctx: HandlerContext): HandlerResult {
  const org = pathOrganization(ctx);
  const dataset = ctx.state.dataset;
  if (!hasEnoughDataForBrief(dataset, org)) {
    throw new HttpError(
      422,
      `Unfortunately, we don't have enough information for ${org.name} to generate an intelligence brief.`,
    );
  }
  const retryAfterMs = ctx.state.options.briefRetryAfterSeconds * 1000;
  const requestedAt = ctx.state.briefs.get(org.index);
  if (requestedAt === undefined) ctx.state.briefs.set(org.index, ctx.now);
  const readyAt = (requestedAt ?? ctx.now) + retryAfterMs;
  if (requestedAt === undefined || ctx.now < readyAt) {
    return {
      status: 202,
      headers: { "retry-after": String(Math.ceil((readyAt - ctx.now) / 1000)) },
      body: {
        status: "pending",
        organization_id: org.id,
        organization_slug: org.slug,
        message:
          "The intelligence brief is being generated. Retry the same URL after the `Retry-After` time. No credits are consumed for this response.",
      },
    };
  }
  ctx.charge(PRICES.brief);
  return {
    body: {
      ...ctx.envelope(PRICES.brief),
      organization_id: org.id,
      organization_slug: org.slug,
      title: briefTitle(org),
      body: briefBody(dataset, org),
      service_url: briefLink(org),
    },
  };
}
