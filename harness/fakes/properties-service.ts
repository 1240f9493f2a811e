// PropertiesService: script, user and document stores of strings, 9 KB per value, 500 KB per store.
import { argTypes } from "../arg-types.ts";
import { GAS, HarnessUsageError } from "../errors.ts";
import type { Execution } from "../execution.ts";
import type { FetchQuota } from "./fetch-quota.ts";

// Inside a custom function the user store is the spreadsheet owner's, and only the owner may write it.

export const PROPERTY_VALUE_MAX_BYTES = 9 * 1024;
export const PROPERTY_STORE_MAX_BYTES = 500 * 1024;

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** One property store; its state outlives executions. `fail` reports a refused write in the caller's realm. */
export class PropertyStore {
  readonly #values = new Map<string, string>();
  reads = 0;
  writes = 0;

  get(key: string): string | null {
    this.reads++;
    return this.#values.get(key) ?? null;
  }

  /** Applies `changes` (null deletes) all or nothing, enforcing the value and store limits. */
  update(changes: Record<string, string | null>, fail: (message: string) => never, replaceAll = false): void {
    const next = replaceAll ? new Map<string, string>() : new Map(this.#values);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else {
        if (bytes(value) > PROPERTY_VALUE_MAX_BYTES) fail(GAS.propertyValueTooLarge);
        next.set(key, value);
      }
    }
    let total = 0;
    for (const [key, value] of next) total += bytes(key) + bytes(value);
    if (total > PROPERTY_STORE_MAX_BYTES) fail(GAS.propertyQuota);
    this.writes++;
    this.#values.clear();
    for (const [key, value] of next) this.#values.set(key, value);
  }

  /** Sets values from a test (as the Apps Script editor's settings page would), within the same limits. */
  put(values: Record<string, string>): void {
    this.update(values, (message) => {
      throw new HarnessUsageError(message);
    });
  }

  snapshot(): Record<string, string> {
    return Object.fromEntries(this.#values);
  }

  /** Bytes used of the 500 KB allowance (keys and values, UTF-8). */
  size(): number {
    let total = 0;
    for (const [key, value] of this.#values) total += bytes(key) + bytes(value);
    return total;
  }
}

export class PropertyStores {
  readonly script = new PropertyStore();
  readonly #users = new Map<string, PropertyStore>();
  readonly #documents = new Map<string, PropertyStore>();

  user(email: string): PropertyStore {
    return getOrCreate(this.#users, email);
  }

  document(id: string): PropertyStore {
    return getOrCreate(this.#documents, id);
  }
}

function getOrCreate(map: Map<string, PropertyStore>, key: string): PropertyStore {
  let store = map.get(key);
  if (!store) {
    store = new PropertyStore();
    map.set(key, store);
  }
  return store;
}

export function createPropertiesService(exec: Execution, stores: PropertyStores, quota?: FetchQuota) {
  const fail = (message: string): never => exec.fail(message);
  // Each read or write counts against the daily quota of the user whose stores the execution sees (the
  // owner's, in a custom function: Google does not say whose; the harness charges the owner). Getting a
  // store (getUserProperties…) reads nothing and is not counted.
  const count = (method: string) => {
    exec.call(method);
    if (quota && !quota.take(exec.init.storeUser, exec.cursor, 1)) exec.fail(GAS.propertiesDaily);
  };
  const wrap = (store: PropertyStore, writable: boolean) => {
    const guardWrite = (method: string) => {
      if (!writable) exec.fail(GAS.readOnly(method));
    };
    const properties = {
      getProperty(key: string) {
        count("Properties.getProperty");
        return store.get(String(key));
      },
      getProperties() {
        count("Properties.getProperties");
        store.reads++;
        return exec.realm.of(store.snapshot());
      },
      getKeys() {
        count("Properties.getKeys");
        store.reads++;
        return exec.realm.of(Object.keys(store.snapshot()));
      },
      setProperty(...args: unknown[]) {
        count("Properties.setProperty");
        if (args.length < 2) fail(GAS.signature(argTypes(args), "PropertiesService.Properties.setProperty"));
        guardWrite("setProperty");
        store.update({ [String(args[0])]: String(args[1]) }, fail);
        return properties;
      },
      setProperties(values: unknown, deleteAllOthers?: boolean) {
        count("Properties.setProperties");
        if (!values || typeof values !== "object" || Array.isArray(values)) {
          fail(GAS.signature(argTypes([values]), "PropertiesService.Properties.setProperties"));
        }
        guardWrite("setProperties");
        const changes: Record<string, string> = {};
        for (const [key, value] of Object.entries(values as object)) changes[key] = String(value);
        store.update(changes, fail, deleteAllOthers === true);
        return properties;
      },
      deleteProperty(key: string) {
        count("Properties.deleteProperty");
        guardWrite("deleteProperty");
        store.update({ [String(key)]: null }, fail);
        return properties;
      },
      deleteAllProperties() {
        count("Properties.deleteAllProperties");
        guardWrite("deleteAllProperties");
        store.update({}, fail, true);
        return properties;
      },
    };
    return properties;
  };
  const { storeUser, user, documentId, kind } = { ...exec.init };
  return {
    getScriptProperties() {
      exec.call("PropertiesService.getScriptProperties");
      return wrap(stores.script, true);
    },
    getUserProperties() {
      exec.call("PropertiesService.getUserProperties");
      // In a custom function this is the owner's store; editors other than the owner cannot set it.
      return wrap(stores.user(storeUser), kind !== "customFunction" || user === storeUser);
    },
    getDocumentProperties() {
      exec.call("PropertiesService.getDocumentProperties");
      // Null without a document: https://developers.google.com/apps-script/reference/properties/properties-service
      return documentId === null ? null : wrap(stores.document(documentId), true);
    },
  };
}
