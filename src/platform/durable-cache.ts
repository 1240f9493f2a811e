// Adapter: document properties as the store of the durable formula-result cache (it survives reopening).
import type { KeyValueCache } from "../core/result-cache";

/** Null outside a spreadsheet. Values stay until overwritten: entries carry their own expiry. */
export function documentPropertiesCache(): KeyValueCache | null {
  const properties = PropertiesService.getDocumentProperties();
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
        properties.setProperties(values);
      } catch {
        // A full store (background jobs come first) leaves these results in the 6-hour cache only.
      }
    },
  };
}
