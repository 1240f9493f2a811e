// Each account's own copy of the saved lists, cloned from the seeded ones on first use.
import { type Account, accountData } from "../accounts.ts";
import type { Dataset } from "../dataset/index.ts";
import {
  type ContactSeed,
  FIRST_CREATED_CONTACT_LIST_ID,
  FIRST_CREATED_ORG_LIST_ID,
} from "../dataset/lists.ts";

export interface OrganizationList {
  id: number;
  name: string;
  type: "user" | "group";
  readOnly: boolean;
  deletable: boolean;
  deleted: boolean;
  includeInSignals: boolean;
  /** Member organizations by dataset index, in the order they were added. */
  orgIndexes: number[];
}

export interface ContactList {
  id: number;
  name: string;
  contacts: ContactSeed[];
}

export interface AccountLists {
  organizationLists: OrganizationList[];
  contactLists: ContactList[];
  nextOrganizationListId: number;
  nextContactListId: number;
}

// One account's changes never show up in another's. Group lists (CRM territories) exist only for
// accounts with a CRM seat.
export function accountLists(account: Account, dataset: Dataset): AccountLists {
  return accountData(account, "lists", () => ({
    organizationLists: dataset.orgLists
      .filter((list) => list.type === "user" || account.crmSeat)
      .map((list) => ({ ...list, orgIndexes: [...list.orgIndexes] })),
    contactLists: dataset.contactLists.map((list) => ({
      ...list,
      contacts: list.contacts.map((c) => ({ ...c })),
    })),
    nextOrganizationListId: FIRST_CREATED_ORG_LIST_ID,
    nextContactListId: FIRST_CREATED_CONTACT_LIST_ID,
  }));
}
