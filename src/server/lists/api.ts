// The Lists screen's server functions as the sidebar calls them: plain JSON in and out, every failure
// one sentence.
import { sidebarCall } from "../sidebar/call";
import type { ImportedSheet } from "../sidebar/result-sheets";
import { type SelectionView, selectedColumn } from "../sidebar/selection";
import {
  type AddReport,
  addSelectionToOrganizationList,
  type CreatedList,
  createOrganizationList,
} from "./add";
import {
  addSelectionToContactList,
  type ContactListsView,
  type ContactsAdded,
  type CreatedContactList,
  createContactList,
  getContactLists,
  importContactList,
} from "./contacts";
import {
  type DeletedState,
  getOrganizationLists,
  importOrganizationList,
  type OrganizationListsView,
  type RenamedList,
  renameOrganizationList,
  type SignalsState,
  setOrganizationListDeleted,
  setOrganizationListSignals,
} from "./org";

export type {
  AddReport,
  ContactListsView,
  ContactsAdded,
  CreatedContactList,
  CreatedList,
  DeletedState,
  ImportedSheet,
  OrganizationListsView,
  RenamedList,
  SelectionView,
  SignalsState,
};

export const listsApi = {
  getSelectedColumn: (): SelectionView => sidebarCall(selectedColumn),
  getOrganizationLists: (options: unknown): OrganizationListsView =>
    sidebarCall(() => getOrganizationLists(options)),
  importOrganizationList: (request: unknown): ImportedSheet =>
    sidebarCall(() => importOrganizationList(request)),
  createOrganizationList: (request: unknown): CreatedList =>
    sidebarCall(() => createOrganizationList(request)),
  addSelectionToOrganizationList: (request: unknown): AddReport =>
    sidebarCall(() => addSelectionToOrganizationList(request)),
  renameOrganizationList: (request: unknown): RenamedList =>
    sidebarCall(() => renameOrganizationList(request)),
  setOrganizationListDeleted: (request: unknown): DeletedState =>
    sidebarCall(() => setOrganizationListDeleted(request)),
  setOrganizationListSignals: (request: unknown): SignalsState =>
    sidebarCall(() => setOrganizationListSignals(request)),
  getContactLists: (): ContactListsView => sidebarCall(getContactLists),
  importContactList: (request: unknown): ImportedSheet => sidebarCall(() => importContactList(request)),
  createContactList: (request: unknown): CreatedContactList => sidebarCall(() => createContactList(request)),
  addSelectionToContactList: (request: unknown): ContactsAdded =>
    sidebarCall(() => addSelectionToContactList(request)),
};
