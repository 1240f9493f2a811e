// The organization-list endpoints: paid reads, free create/rename/delete/restore/add/signals.
import {
  AddOrganizationsRequest,
  CreateListRequest,
  RenameListRequest,
  SetListDeletedRequest,
  SetListSignalsRequest,
} from "../../src/api/contract/lists.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { organizationListLink } from "../dataset/links.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { HttpError, notFound } from "../http-error.ts";
import { accountLists, type OrganizationList } from "../lists/account-lists.ts";
import { requireOrganizationList } from "../saved-lists/find.ts";
import { organizationListMember, organizationListSummary } from "../saved-lists/organization-list-json.ts";
import { queryFlag } from "../saved-lists/query-flag.ts";
import { validate } from "../validation.ts";

function listParam(ctx: HandlerContext): OrganizationList {
  return requireOrganizationList(ctx.account, ctx.state.dataset, ctx.params["list_id"]!);
}

/** Group lists are CRM territories: visible with a CRM seat only, and never changed through the API. */
function readOnly(list: OrganizationList, action: string): HttpError {
  return new HttpError(
    403,
    `List ${list.id} "${list.name}" is a read-only territory synced from your CRM; it cannot ${action}. Change it in the CRM, or copy its organizations to a list of your own.`,
  );
}

function deletedList(list: OrganizationList): HttpError {
  return notFound(
    `List ${list.id} "${list.name}" is deleted. Restore it with POST /v9/organization-lists/${list.id}/deleted {"deleted": false} first.`,
  );
}

/** The list a write may change: not a territory, and not deleted (restore it first). */
function writable(ctx: HandlerContext, action: string): OrganizationList {
  const list = listParam(ctx);
  if (list.readOnly) throw readOnly(list, action);
  if (list.deleted) throw deletedList(list);
  return list;
}

export function organizationLists(ctx: HandlerContext): HandlerResult {
  const includeDeleted = queryFlag(ctx, "include_deleted");
  const lists = accountLists(ctx.account, ctx.state.dataset).organizationLists.filter(
    (l) => includeDeleted || !l.deleted,
  );
  const cost = lists.length * PRICES.listItem;
  ctx.charge(cost);
  return { body: { ...ctx.envelope(cost), organization_lists: lists.map(organizationListSummary) } };
}

export function organizationList(ctx: HandlerContext): HandlerResult {
  const includeDeleted = queryFlag(ctx, "include_deleted");
  const list = listParam(ctx);
  if (list.deleted && !includeDeleted) {
    throw notFound(
      `List ${list.id} "${list.name}" is deleted. Read it with include_deleted=true, or restore it with POST /v9/organization-lists/${list.id}/deleted.`,
    );
  }
  const { dataset } = ctx.state;
  const cost = list.orgIndexes.length * PRICES.listItem;
  ctx.charge(cost);
  return {
    body: {
      ...ctx.envelope(cost),
      list_info: organizationListSummary(list),
      organizations: list.orgIndexes.map((i) =>
        organizationListMember(dataset.orgs[i]!, ctx.account.crmSeat),
      ),
    },
  };
}

export function createOrganizationList(ctx: HandlerContext): HandlerResult {
  const body = validate(CreateListRequest, ctx.body());
  const lists = accountLists(ctx.account, ctx.state.dataset);
  const list: OrganizationList = {
    id: lists.nextOrganizationListId++,
    name: body.name,
    type: "user",
    readOnly: false,
    deletable: true,
    deleted: false,
    includeInSignals: true,
    orgIndexes: [],
  };
  lists.organizationLists.push(list);
  return { body: { id: list.id, name: list.name, url: organizationListLink(list.id) } };
}

export function renameOrganizationList(ctx: HandlerContext): HandlerResult {
  const body = validate(RenameListRequest, ctx.body());
  const list = writable(ctx, "be renamed");
  list.name = body.name;
  return { body: { id: list.id, name: list.name, url: organizationListLink(list.id) } };
}

export function setOrganizationListDeleted(ctx: HandlerContext): HandlerResult {
  const body = validate(SetListDeletedRequest, ctx.body());
  const list = listParam(ctx);
  if (body.deleted && list.readOnly) throw readOnly(list, "be deleted");
  if (body.deleted && !list.deletable) {
    throw new HttpError(403, `List ${list.id} "${list.name}" is your default list and cannot be deleted.`);
  }
  list.deleted = body.deleted;
  return { body: { id: list.id, deleted: list.deleted } };
}

export function addOrganizationsToList(ctx: HandlerContext): HandlerResult {
  const body = validate(AddOrganizationsRequest, ctx.body());
  const list = writable(ctx, "take organizations");
  const { lookup } = ctx.state.dataset;
  const members = new Set(list.orgIndexes);
  const added: number[] = [];
  const failedIds: number[] = [];
  const failedSlugs: string[] = [];
  const add = (index: number, id: number) => {
    if (!members.has(index)) {
      members.add(index);
      list.orgIndexes.push(index);
    }
    if (!added.includes(id)) added.push(id);
  };
  for (const id of body.organization_ids ?? []) {
    const org = lookup.byIdentifier(id);
    if (org) add(org.index, org.id);
    else failedIds.push(id);
  }
  for (const slug of body.organization_slugs ?? []) {
    const org = lookup.bySlugKey(slug);
    if (org) add(org.index, org.id);
    else failedSlugs.push(slug);
  }
  return { body: { added, failed_ids: failedIds, failed_slugs: failedSlugs } };
}

export function setOrganizationListSignals(ctx: HandlerContext): HandlerResult {
  const body = validate(SetListSignalsRequest, ctx.body());
  const list = listParam(ctx);
  if (list.deleted) throw deletedList(list);
  list.includeInSignals = body.include_in_signals;
  return { body: { id: list.id, include_in_signals: list.includeInSignals } };
}
