// The Find tab's server functions as the sidebar calls them: plain JSON in and out, every failure one
// readable sentence.
import { sidebarCall } from "../sidebar/call";
import { type FindCatalog, findCatalog } from "./catalog";
import { listPeopleSearches, type PeopleSearchView } from "./people";
import { estimateFind, type FindEstimate, type FindOutcome, runFind } from "./run";
import { type SelectedIdentifiers, selectedIdentifiers } from "./selection";

export type { FindCatalog, FindEstimate, FindOutcome, PeopleSearchView, SelectedIdentifiers };

export const findApi = {
  getFindCatalog: (): FindCatalog => sidebarCall(findCatalog),
  estimateFind: (request: unknown): FindEstimate => sidebarCall(() => estimateFind(request)),
  runFind: (request: unknown): FindOutcome => sidebarCall(() => runFind(request)),
  selectedIdentifiers: (kind?: unknown): SelectedIdentifiers => sidebarCall(() => selectedIdentifiers(kind)),
  listPeopleSearches: (): PeopleSearchView[] => sidebarCall(listPeopleSearches),
};
