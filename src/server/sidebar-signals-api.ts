// The Signals screen's server functions as the sidebar calls them: plain JSON in and out, every failure
// one sentence.
import { sidebarCall } from "./sidebar-call";
import { getSignalConfigs, type SignalConfigView } from "./sidebar-signals-configs";
import {
  estimateSignalFeed,
  type FeedEstimate,
  type FeedResult,
  type FeedSheet,
  importSignalFeed,
  listSignalFeeds,
} from "./sidebar-signals-feed";
import { importOrganizationSignals } from "./sidebar-signals-organization";
import {
  getPriorityDigest,
  importPrioritySignals,
  type PriorityDigest,
  type PriorityImport,
} from "./sidebar-signals-priority";
import { refreshSignalFeed } from "./sidebar-signals-refresh";
import {
  type RelevanceSet,
  type RelevanceSync,
  setPriorityRelevance,
  syncPriorityRelevance,
} from "./sidebar-signals-relevance";

export type {
  FeedEstimate,
  FeedResult,
  FeedSheet,
  PriorityDigest,
  PriorityImport,
  RelevanceSet,
  RelevanceSync,
  SignalConfigView,
};

export const signalsApi = {
  getSignalConfigs: (): SignalConfigView[] => sidebarCall(getSignalConfigs),
  estimateSignalFeed: (request: unknown): FeedEstimate => sidebarCall(() => estimateSignalFeed(request)),
  importSignalFeed: (request: unknown): FeedResult => sidebarCall(() => importSignalFeed(request)),
  listSignalFeeds: (): FeedSheet[] => sidebarCall(listSignalFeeds),
  refreshSignalFeed: (request: unknown): FeedResult => sidebarCall(() => refreshSignalFeed(request)),
  importOrganizationSignals: (request: unknown): FeedResult =>
    sidebarCall(() => importOrganizationSignals(request)),
  importPrioritySignals: (request: unknown): PriorityImport =>
    sidebarCall(() => importPrioritySignals(request)),
  getPriorityDigest: (): PriorityDigest | null => sidebarCall(getPriorityDigest),
  setPriorityRelevance: (request: unknown): RelevanceSet => sidebarCall(() => setPriorityRelevance(request)),
  syncPriorityRelevance: (): RelevanceSync => sidebarCall(syncPriorityRelevance),
};
