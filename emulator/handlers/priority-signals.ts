// POST /v9/signals/priority (1 credit per item) and …/{item_id}/relevance (free feedback).
import { LIMITS } from "../../src/api/contract/limits.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { PrioritySignalsRequest, RelevanceRequest } from "../../src/api/contract/signals.ts";
import { prioritySignalJson, relevanceFeedback, searchPrioritySignals } from "../feed/priority.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { notFound } from "../http-error.ts";
import { validate } from "../validation.ts";

export function prioritySignals(ctx: HandlerContext): HandlerResult {
  const body = validate(PrioritySignalsRequest, ctx.body() ?? {});
  const { dataset } = ctx.state;
  const found = searchPrioritySignals(body.filter ?? {}, ctx.account, dataset);
  const offset = body.offset ?? 0;
  const page = found.slice(offset, offset + (body.limit ?? LIMITS.prioritySignalsLimitDefault));
  const cost = page.length * PRICES.prioritySignal;
  ctx.charge(cost);
  return {
    body: {
      ...ctx.envelope(cost),
      priority_signals: page.map((item) => prioritySignalJson(item, dataset, ctx.account)),
    },
  };
}

export function relevance(ctx: HandlerContext): HandlerResult {
  const id = ctx.params["item_id"]!;
  // An empty body and a JSON null clear the feedback like {} does.
  const body = validate(RelevanceRequest, ctx.body() ?? {});
  if (!ctx.state.dataset.prioritySignals().some((item) => item.id === id)) {
    throw notFound(`No priority signal has id ${id}. Find ids with POST /v9/signals/priority.`);
  }
  const feedback = relevanceFeedback(ctx.account);
  if (body.is_relevant == null) feedback.delete(id);
  else feedback.set(id, body.is_relevant);
  return { body: { id, is_relevant: body.is_relevant ?? null } };
}
