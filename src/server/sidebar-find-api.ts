// The Find tab's server functions as the sidebar calls them: plain JSON in and out, every failure one
// readable sentence.
import { sidebarCall } from "./sidebar-call";
import { type FindCatalog, findCatalog } from "./sidebar-find-catalog";
import { listPeopleSearches, type PeopleSearchView } from "./sidebar-find-people";
import { estimateFind, type FindEstimate, type FindOutcome, runFind } from "./sidebar-find-run";
import { type SelectedIdentifiers, selectedIdentifiers } from "./sidebar-find-selection";

export type { FindCatalog, FindEstimate, FindOutcome, PeopleSearchView, SelectedIdentifiers };

export const findApi = {
  getFindCatalog: (): FindCatalog => sidebarCall(findCatalog),
  estimateFind: (request: unknown): FindEstimate => sidebarCall(() => estimateFind(request)),
  runFind: (request: unknown): FindOutcome => sidebarCall(() => runFind(request)),
  selectedIdentifiers: (kind?: unknown): SelectedIdentifiers => sidebarCall(() => selectedIdentifiers(kind)),
  listPeopleSearches: (): PeopleSearchView[] => sidebarCall(listPeopleSearches),
};
