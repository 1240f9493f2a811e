// Fills a harness property store with other data until exactly `free` bytes of its 500 KB remain.
import { PROPERTY_STORE_MAX_BYTES } from "../../harness/fakes/properties-service.ts";

interface SizedStore {
  put(values: Record<string, string>): void;
  size(): number;
}

export function fillStore(store: SizedStore, free: number): void {
  for (let i = 0; ; i++) {
    const key = `other${String(i).padStart(4, "0")}`;
    const remaining = PROPERTY_STORE_MAX_BYTES - free - store.size();
    if (remaining <= 0) break;
    if (remaining <= key.length) throw new Error(`Cannot leave exactly ${free} bytes free.`);
    store.put({ [key]: "x".repeat(Math.min(9_000, remaining - key.length)) });
  }
  if (PROPERTY_STORE_MAX_BYTES - store.size() !== free) throw new Error("The store did not fill as asked.");
}

interface UpdatableStore {
  snapshot(): Record<string, string>;
  update(changes: Record<string, string | null>, fail: (message: string) => never): void;
}

/** Removes the first `count` values fillStore put in (about 9 KB each), as a user freeing room would. */
export function freeFilledValues(store: UpdatableStore, count: number): void {
  const others = Object.keys(store.snapshot())
    .filter((key) => key.startsWith("other"))
    .slice(0, count);
  store.update(Object.fromEntries(others.map((key) => [key, null])), (message) => {
    throw new Error(message);
  });
}
