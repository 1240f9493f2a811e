// The contact-list endpoints: read (1 credit per list or person), create and add people (free).
import { AddContactsRequest, CreateListRequest } from "../../src/api/contract/lists.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { contactListLink } from "../dataset/links.ts";
import type { HandlerContext, HandlerResult } from "../handler.ts";
import { HttpError } from "../http-error.ts";
import { accountLists, type ContactList } from "../lists/account-lists.ts";
import { contactJson, contactListSummary } from "../saved-lists/contact-json.ts";
import { requireContactList } from "../saved-lists/find.ts";
import { validate } from "../validation.ts";

/** At most this many unknown ids are named in the error; the rest are counted. */
const NAMED_UNKNOWN_IDS = 10;

export function contactLists(ctx: HandlerContext): HandlerResult {
  const lists = accountLists(ctx.account, ctx.state.dataset).contactLists;
  const cost = lists.length * PRICES.listItem;
  ctx.charge(cost);
  return { body: { ...ctx.envelope(cost), contact_lists: lists.map(contactListSummary) } };
}

export function contactList(ctx: HandlerContext): HandlerResult {
  const { dataset } = ctx.state;
  const list = requireContactList(ctx.account, dataset, ctx.params["list_id"]!);
  const cost = list.contacts.length * PRICES.listItem;
  ctx.charge(cost);
  return {
    body: {
      ...ctx.envelope(cost),
      list_info: contactListSummary(list),
      people: list.contacts.map((c) => contactJson(c, dataset.person(c.personId)!, ctx.account, dataset)),
    },
  };
}

export function createContactList(ctx: HandlerContext): HandlerResult {
  const body = validate(CreateListRequest, ctx.body());
  const lists = accountLists(ctx.account, ctx.state.dataset);
  const list: ContactList = { id: lists.nextContactListId++, name: body.name, contacts: [] };
  lists.contactLists.push(list);
  return { body: { id: list.id, name: list.name, url: contactListLink(list.id) } };
}

export function addContacts(ctx: HandlerContext): HandlerResult {
  const body = validate(AddContactsRequest, ctx.body());
  const { dataset } = ctx.state;
  const list = requireContactList(ctx.account, dataset, ctx.params["list_id"]!);
  // All or nothing: one unknown id and nothing is added, so a retry after fixing it cannot double up.
  const unknown = [...new Set(body.people_ids.filter((id) => !dataset.person(id)))];
  if (unknown.length > 0) {
    const named = unknown.slice(0, NAMED_UNKNOWN_IDS).join(", ");
    const more = unknown.length > NAMED_UNKNOWN_IDS ? ` and ${unknown.length - NAMED_UNKNOWN_IDS} more` : "";
    throw new HttpError(
      400,
      `No person has id ${named}${more}. Nothing was added; send person ids from POST /v9/people.`,
    );
  }
  const onList = new Set(list.contacts.map((c) => c.personId));
  let added = 0;
  let already = 0;
  for (const id of body.people_ids) {
    if (onList.has(id)) {
      already++;
      continue;
    }
    onList.add(id);
    list.contacts.push({ personId: id, emailRequested: false, phoneRequested: false });
    added++;
  }
  return { body: { url: contactListLink(list.id), added, already_on_list: already } };
}
