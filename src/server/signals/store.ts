// What the Signals screen remembers per spreadsheet (in its document properties): the filters behind each
// feed sheet, so Refresh asks the same question later, and the latest priority digest with the relevance
// the service last heard for each item, so only changed feedback is sent.
import { RequestError } from "../../core/text/user-errors";
import { propertyStore } from "../../platform/properties";
import type { FeedRequest } from "./request";

const FEED_PREFIX = "sidebar.signalFeed:";
const DIGEST_KEY = "sidebar.priorityDigest";

export const NO_DOCUMENT_MESSAGE = "Open the add-on from the spreadsheet the signals belong to.";

export interface StoredDigest {
  sheetName: string;
  /** Item id → the feedback the service has: true, false, or null for none. */
  relevance: Record<string, boolean | null>;
}

function store() {
  const document = propertyStore("document");
  if (!document) throw new RequestError(NO_DOCUMENT_MESSAGE);
  return document;
}

function read<T>(key: string): T | null {
  const text = store().get(key);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function saveFeed(sheetName: string, request: FeedRequest): void {
  store().put(FEED_PREFIX + sheetName, JSON.stringify(request));
}

export function loadFeed(sheetName: string): FeedRequest | null {
  return read<FeedRequest>(FEED_PREFIX + sheetName);
}

/** Names of the sheets with a remembered feed. */
export function feedSheets(): string[] {
  return Object.keys(store().all())
    .filter((key) => key.startsWith(FEED_PREFIX))
    .map((key) => key.slice(FEED_PREFIX.length));
}

export function saveDigest(digest: StoredDigest): void {
  store().put(DIGEST_KEY, JSON.stringify(digest));
}

export function loadDigest(): StoredDigest | null {
  return read<StoredDigest>(DIGEST_KEY);
}
