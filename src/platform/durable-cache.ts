// Adapter: document properties as the store of the durable formula-result cache (it survives reopening).
import type { KeyValueCache } from "../core/caches/result-cache";
import { isPropertiesQuotaError } from "../core/spending/properties-quota";
import { cacheWriteFits } from "../core/spending/storage-budget";
import { type DocumentSnapshot, documentSnapshot } from "./document-snapshot";

export type DurableStore = KeyValueCache & {
  /** Deletes every value under `prefix`, freeing its room (a cleared cache). */
  removePrefix(prefix: string): number;
};

/**
 * Null outside a spreadsheet. Values stay until overwritten: entries carry their own expiry. A write that
 * would take the room reserved for journals and spend records is not made (the 6-hour level keeps those
 * results), so a cache can never stop the add-on from recording a payment.
 */
export function documentPropertiesCache(
  snapshot: DocumentSnapshot | null = documentSnapshot(),
): DurableStore | null {
  if (!snapshot) return null;
  return {
    getAll(keys) {
      // Kept as the execution's last read: the formula's request intents are read from it (no read of their own).
      const all = snapshot.read();
      const found: Record<string, string> = {};
      for (const key of keys) if (key in all) found[key] = all[key] as string;
      return found;
    },
    putAll(values) {
      try {
        if (!cacheWriteFits(snapshot.read(), values)) return false;
        snapshot.write(values);
        return true;
      } catch (error) {
        // The day's quota refusing the write is no lack of room: the caller keeps the answers waiting.
        if (isPropertiesQuotaError(error)) throw error;
        // A store another writer filled meanwhile: these results stay in the 6-hour cache only (said so).
        return false;
      }
    },
    removePrefix(prefix) {
      const keys = Object.keys(snapshot.read()).filter((key) => key.startsWith(prefix));
      snapshot.remove(keys);
      return keys.length;
    },
  };
}
