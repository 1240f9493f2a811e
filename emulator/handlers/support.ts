// POST /v9/support and /v9/support/data-quality (free): kept per account and acknowledged.
import { DataQualityRequest, SupportRequest } from "../../src/api/contract/support.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { supportReports } from "../support/reports.ts";
import { validate } from "../validation.ts";

export function support(ctx: HandlerContext): HandlerResult {
  const body = validate(SupportRequest, ctx.body());
  supportReports(ctx.account).push({
    kind: "support",
    at: new Date(ctx.now).toISOString(),
    message: body.message,
    url: body.url ?? null,
    page_title: null,
  });
  return {
    body: { message: "Thanks, your support request was received. We will reply to your account e-mail." },
  };
}

export function dataQuality(ctx: HandlerContext): HandlerResult {
  const body = validate(DataQualityRequest, ctx.body());
  supportReports(ctx.account).push({
    kind: "data_quality",
    at: new Date(ctx.now).toISOString(),
    message: body.message,
    url: body.url ?? null,
    page_title: body.page_title ?? null,
  });
  return {
    body: {
      message:
        "Thanks, your data quality report was sent to the data team. We will reply to your account e-mail.",
    },
  };
}
