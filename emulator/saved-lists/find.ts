// Finds the caller's saved lists by id, answering 404 with where to look when a list is not theirs.
import type { Account } from "../accounts.ts";
import type { Dataset } from "../dataset/index.ts";
import { notFound } from "../http-error.ts";
import { accountLists, type ContactList, type OrganizationList } from "../lists/account-lists.ts";

/** The caller's organization list (deleted ones included), or undefined. */
export function organizationListOf(
  account: Account,
  dataset: Dataset,
  id: number,
): OrganizationList | undefined {
  return accountLists(account, dataset).organizationLists.find((list) => list.id === id);
}

export function requireOrganizationList(account: Account, dataset: Dataset, id: number): OrganizationList {
  const list = organizationListOf(account, dataset, id);
  if (!list) {
    throw notFound(`No organization list has id ${id} for this API key. See GET /v9/organization-lists.`);
  }
  return list;
}

export function requireContactList(account: Account, dataset: Dataset, id: number): ContactList {
  const list = accountLists(account, dataset).contactLists.find((l) => l.id === id);
  if (!list) throw notFound(`No contact list has id ${id} for this API key. See GET /v9/contact-lists.`);
  return list;
}
