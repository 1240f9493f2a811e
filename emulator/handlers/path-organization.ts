// The organization named by an `{organization_id}` path parameter, or a 404 that says so.
import type { Organization } from "../dataset/types.ts";
import type { HandlerContext } from "../handler.ts";
import { notFound } from "../http-error.ts";

export function pathOrganization(ctx: HandlerContext): Organization {
  const id = ctx.params["organization_id"]!;
  const org = ctx.state.dataset.lookup.byIdentifier(id);
  if (!org) throw notFound(`No organization has id ${id}. Find ids with POST /v9/organizations.`);
  return org;
}
