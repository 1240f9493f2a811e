// Adapters over PropertiesService: string stores for the script, the user and the document.
import type { StringStore } from "../core/spending/spend-guard";
import { documentProperties, scriptProperties, userProperties } from "./service-objects";

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
  if (scope === "script") return wrap(scriptProperties());
  if (scope === "user") return wrap(userProperties());
  const document = documentProperties();
  return document ? wrap(document) : null;
}

/**
 * One store's values read in one call (getProperties) the first time any is asked for: an execution that
 * reads several script properties (the address, the team key, the fetch limit) pays one read, not one each.
 * Reads only: what it hands out is as of that read, which is all one execution needs of settings.
 */
export function readOnce(store: PropertyStore): StringStore {
  let values: Record<string, string> | null = null;
  return {
    get: (key) => {
      values ??= store.all();
      return values[key] ?? null;
    },
    put: (key, value) => {
      store.put(key, value);
      if (values) values[key] = value;
    },
  };
}
