// The shapes the Find tab's server functions send, read off the bridge (and so off src/main.ts).
import type { ServerApi } from "../bridge";

type Result<K extends keyof ServerApi> = Awaited<ReturnType<ServerApi[K]>>;

export type FindCatalog = Result<"getFindCatalog">;
export type FindKindView = FindCatalog["kinds"][number];
export type FindKind = FindKindView["kind"];
export type QueryField = FindKindView["queryFields"][number];
export type FindEstimate = Result<"estimateFind">;
export type FindOutcome = Result<"runFind">;
export type PeopleSearchView = Result<"listPeopleSearches">[number];
export type SelectedIdentifiers = Result<"selectedIdentifiers">;
