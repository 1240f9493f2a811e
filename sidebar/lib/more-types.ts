// The shapes the Lists, Signals and More screens get from the server, read off the bridge (and so off
// src/main.ts): no copy to drift.
import type { ServerApi } from "../bridge";

type Result<K extends keyof ServerApi> = Awaited<ReturnType<ServerApi[K]>>;

export type SelectionView = Result<"getSelectedColumn">;
export type OrganizationListsView = Result<"getOrganizationLists">;
export type OrganizationListView = OrganizationListsView["lists"][number];
export type ContactListsView = Result<"getContactLists">;
export type ContactListView = ContactListsView["lists"][number];
export type ImportedSheet = Result<"importOrganizationList">;
export type AddReport = Result<"addSelectionToOrganizationList">;
export type SignalConfigView = Result<"getSignalConfigs">[number];
export type FeedEstimate = Result<"estimateSignalFeed">;
export type FeedResult = Result<"importSignalFeed">;
export type FeedSheet = Result<"listSignalFeeds">[number];
export type PriorityDigest = NonNullable<Result<"getPriorityDigest">>;
export type PriorityItemView = PriorityDigest["items"][number];
export type SidebarPrices = Result<"getSidebarPrices">;
export type BriefEstimate = Result<"estimateBriefSelection">;
export type BriefSummary = Result<"listBriefs">[number];
export type BriefView = Result<"getBrief">;
export type SupportContext = Result<"getSupportContext">;
export type FreezePreview = Result<"previewFreeze">;
export type JobStatus = Result<"getJobStatus">;
export type RuleView = Result<"listRefreshRules">[number];
export type RefreshNowEstimate = Result<"estimateRefreshNow">;
export type RefreshRunView = Result<"refreshRuns">[number];
export type SchedulePrice = Result<"estimateRefreshSchedule">;
