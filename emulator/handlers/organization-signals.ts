// GET /v9/organizations/{id}/signals: the organization's recent signals, 1 credit each.
import { OrganizationSignalsQuery } from "../../src/api/contract/organization-details.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { findTechnology } from "../dataset/catalog/technologies.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { signalJson } from "../signals/signal-json.ts";
import { validate } from "../validation.ts";
import { pathOrganization } from "./path-organization.ts";

export function organizationSignals(ctx: HandlerContext): HandlerResult {
  const org = pathOrganization(ctx);
  const slugs = ctx.query("technology_slugs");
  const query = validate(OrganizationSignalsQuery, slugs.length > 0 ? { technology_slugs: slugs } : {}, [
    "query",
  ]);
  const wanted = new Set((query.technology_slugs ?? []).flatMap((slug) => findTechnology(slug)?.index ?? []));
  const signals = ctx.state.dataset
    .signalsOf(org)
    .filter((s) => !query.technology_slugs || s.techs.some((t) => wanted.has(t)))
    .sort((a, b) => b.at - a.at || a.id - b.id);
  const cost = signals.length * PRICES.signal;
  ctx.charge(cost);
  return {
    body: {
      ...ctx.envelope(cost),
      signals: signals.map((s) => signalJson(s, ctx.state.dataset, ctx.account.crmSeat)),
    },
  };
}
