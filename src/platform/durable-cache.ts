// Adapter: document properties as the store of the durable formula-result cache (it survives reopening).
import type { KeyValueCache } from "../core/caches/result-cache";
import { cacheWriteFits } from "../core/spending/storage-budget";
import { documentProperties } from "./service-objects";

export type DurableStore = KeyValueCache & {
  /** Deletes every value under `prefix`, freeing its room (a cleared cache). */
  removePrefix(prefix: string): number;
};

/**
 * Null outside a spreadsheet. Values stay until overwritten: entries carry their own expiry. A write that
 * would take the room reserved for journals and spend records is not made (the 6-hour level keeps those
 * results), so a cache can never stop the add-on from recording a payment.
 */
export function documentPropertiesCache(): DurableStore | null {
  const properties = documentProperties();
  if (!properties) return null;
  return {
    getAll(keys) {
      const all = properties.getProperties();
      const found: Record<string, string> = {};
      for (const key of keys) if (key in all) found[key] = all[key] as string;
      return found;
    },
    putAll(values) {
      try {
        if (!cacheWriteFits(properties.getProperties(), values)) return false;
        properties.setProperties(values);
        return true;
      } catch {
        // A store another writer filled meanwhile: these results stay in the 6-hour cache only (said so).
        return false;
      }
    },
    removePrefix(prefix) {
      const keys = Object.keys(properties.getProperties()).filter((key) => key.startsWith(prefix));
      for (const key of keys) properties.deleteProperty(key);
      return keys.length;
    },
  };
}
