// What the Lists, Signals and More screens keep for as long as the sidebar is open: lists and configs
// already paid for or fetched, the selection each form uses, and the digest on show.
import type {
  ContactListsView,
  OrganizationListsView,
  PriorityDigest,
  SidebarPrices,
  SignalConfigView,
} from "./more-types";
import { createStore } from "./session-store";

export const organizationListsStore = createStore<{
  view: OrganizationListsView;
  includeDeleted: boolean;
} | null>(null);
export const contactListsStore = createStore<ContactListsView | null>(null);
export const signalConfigsStore = createStore<SignalConfigView[] | null>(null);
export const priorityDigestStore = createStore<PriorityDigest | null>(null);
export const pricesStore = createStore<SidebarPrices | null>(null);
