// The Signals screen's server functions as the sidebar calls them: plain JSON in and out, every failure
// one sentence.
import { sidebarCall } from "../sidebar/call";
import { getSignalConfigs, type SignalConfigView } from "./configs";
import {
  estimateSignalFeed,
  type FeedEstimate,
  type FeedResult,
  type FeedSheet,
  importSignalFeed,
  listSignalFeeds,
} from "./feed";
import { importOrganizationSignals } from "./organization";
import {
  getPriorityDigest,
  importPrioritySignals,
  type PriorityDigest,
  type PriorityImport,
} from "./priority";
import { refreshSignalFeed } from "./refresh";
import {
  type RelevanceSet,
  type RelevanceSync,
  setPriorityRelevance,
  syncPriorityRelevance,
} from "./relevance";

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
