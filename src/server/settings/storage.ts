// Settings ▸ Storage: what each of the add-on's stores holds against its limit, so a person can free room.
import {
  CACHE_ITEMS,
  CACHE_MAX_SECONDS,
  CACHE_VALUE_BYTES,
  propertyUsage,
  RESERVED_FOR_RECORDS_BYTES,
  type StoreUsage,
} from "../../core/spending/storage-budget";
import { propertyStore } from "../../platform/properties";
import { resultCache } from "../runtime";
import { countKeptAnswers, type KeptAnswers } from "./kept-answers";

export interface StorageView {
  /** The spreadsheet's properties (shared by its users); null outside a spreadsheet. */
  document: StoreUsage | null;
  /** This person's properties (key, credits record, UrlFetch count, trigger records). */
  user: StoreUsage;
  /** The 6-hour cache: formula answers kept there now (counted as Settings counts them), and its limits. */
  cache: { kept: KeptAnswers; items: number; valueBytes: number; hours: number };
}

export function getStorage(): StorageView {
  const document = propertyStore("document");
  return {
    document: document ? propertyUsage(document.all(), RESERVED_FOR_RECORDS_BYTES) : null,
    user: propertyUsage(propertyStore("user")!.all()),
    cache: {
      kept: countKeptAnswers([resultCache()]),
      items: CACHE_ITEMS,
      valueBytes: CACHE_VALUE_BYTES,
      hours: CACHE_MAX_SECONDS / 3_600,
    },
  };
}
