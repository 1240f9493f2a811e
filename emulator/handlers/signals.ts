// POST /v9/signals: the signal feed searched and paged, 1 credit per signal returned.
import { LIMITS } from "../../src/api/contract/limits.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { SignalsRequest } from "../../src/api/contract/signals.ts";
import { searchSignals } from "../feed/signal-filter.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { signalJson } from "../signals/signal-json.ts";
import { validate } from "../validation.ts";

export function signals(ctx: HandlerContext): HandlerResult {
  const body = validate(SignalsRequest, ctx.body() ?? {});
  const { dataset } = ctx.state;
  const found = searchSignals(body.filter ?? {}, ctx.account, dataset, ctx.now);
  const offset = body.offset ?? 0;
  const page = found.slice(offset, offset + (body.limit ?? LIMITS.signalsLimitDefault));
  const cost = page.length * PRICES.signal;
  ctx.charge(cost);
  return {
    body: {
      ...ctx.envelope(cost),
      signals: page.map((s) => signalJson(s, dataset, ctx.account.crmSeat)),
    },
  };
}
