// Adapters over PropertiesService: string stores for the script, the user and the document.
import type { StringStore } from "../core/spending/spend-guard";

export type PropertyScope = "script" | "user" | "document";

export interface PropertyStore extends StringStore {
  delete(key: string): void;
  /** Every key and value; used to read chunked records. */
  all(): Record<string, string>;
}

function wrap(properties: GoogleAppsScript.Properties.Properties): PropertyStore {
  return {
    get: (key) => properties.getProperty(key),
    put: (key, value) => {
      properties.setProperty(key, value);
    },
    delete: (key) => {
      properties.deleteProperty(key);
    },
    all: () => properties.getProperties(),
  };
}

/** A property store; the document store is null outside a spreadsheet (a standalone script). */
export function propertyStore(scope: PropertyScope): PropertyStore | null {
  if (scope === "script") return wrap(PropertiesService.getScriptProperties());
  if (scope === "user") return wrap(PropertiesService.getUserProperties());
  const document = PropertiesService.getDocumentProperties();
  return document ? wrap(document) : null;
}
