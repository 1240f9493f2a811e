// POST /v9/signals/configs (free): the caller's signal configurations, filtered.
import { SignalConfigsRequest } from "../../src/api/contract/signals.ts";
import { signalConfigLink } from "../dataset/links.ts";
import type { SignalConfigRecord } from "../dataset/signal-configs.ts";
import { DAY_MS } from "../dates.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { validate } from "../validation.ts";

const COUNT_WINDOW_DAYS = 7;

export function signalConfigs(ctx: HandlerContext): HandlerResult {
  const body = validate(SignalConfigsRequest, ctx.body() ?? {});
  const filter = body.filter ?? {};
  const { dataset } = ctx.state;
  const ids = filter.signal_config_ids?.length ? new Set(filter.signal_config_ids) : undefined;
  const types = filter.types?.length ? new Set(filter.types) : undefined;
  const priorities = filter.priorities?.length ? new Set(filter.priorities) : undefined;
  const since = ctx.now - COUNT_WINDOW_DAYS * DAY_MS;
  const counts = new Map<number, number>();
  for (const signal of dataset.signals()) {
    if (signal.at >= since) counts.set(signal.configId, (counts.get(signal.configId) ?? 0) + 1);
  }
  const json = (c: SignalConfigRecord) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    type: c.type,
    priority: c.priority,
    scope: c.scope,
    ...(c.deleted ? {} : { service_url: signalConfigLink(c.id) }),
    sort_order: c.sortOrder,
    days: c.days,
    filter_by: c.filterBy,
    advanced_query: c.advancedQuery,
    signal_count_7d: c.deleted ? 0 : (counts.get(c.id) ?? 0),
  });
  const configs = dataset.signalConfigs
    .filter(
      (c) =>
        (ids ? ids.has(c.id) : !c.deleted) &&
        (!types || types.has(c.type)) &&
        (!priorities || priorities.has(c.priority)),
    )
    .sort((a, b) => a.sortOrder - b.sortOrder);
  return { body: { signal_configs: configs.map(json) } };
}
