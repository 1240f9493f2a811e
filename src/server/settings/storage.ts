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

export interface StorageView {
  /** The spreadsheet's properties (shared by its users); null outside a spreadsheet. */
  document: StoreUsage | null;
  /** This person's properties (key, credits record, UrlFetch count, trigger records). */
  user: StoreUsage;
  /** The 6-hour cache: formula results cached there now, and its limits. */
  cache: { cachedResults: number; items: number; valueBytes: number; hours: number };
}

export function getStorage(): StorageView {
  const document = propertyStore("document");
  return {
    document: document ? propertyUsage(document.all(), RESERVED_FOR_RECORDS_BYTES) : null,
    user: propertyUsage(propertyStore("user")!.all()),
    cache: {
      cachedResults: resultCache().entityKeys().size,
      items: CACHE_ITEMS,
      valueBytes: CACHE_VALUE_BYTES,
      hours: CACHE_MAX_SECONDS / 3_600,
    },
  };
}
