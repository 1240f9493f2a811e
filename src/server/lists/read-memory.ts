// How many lists the last read found, per kind and per API key, kept in the user's properties: the price
// question of the next read names it as its bound ("Up to 7 credits for the 7 lists read last time"),
// since the service tells how many lists there are only by reading them, for credits.
import { propertyStore } from "../../platform/properties";
import { currentKeyFingerprint } from "../sidebar/credits";

export type ListKind = "organization" | "contact";

const PROPERTY = (kind: ListKind) => `lists-read:${kind}`;

interface Stored {
  key: string;
  count: number;
}

/** After a paid read: how many lists (not deleted) came back for the key in effect. */
export function rememberListsRead(kind: ListKind, count: number): void {
  const key = currentKeyFingerprint();
  if (!key) return;
  propertyStore("user")!.put(PROPERTY(kind), JSON.stringify({ key, count } satisfies Stored));
}

/** The count the last read with this key found, or null when it never read them. */
export function listsReadBefore(kind: ListKind): number | null {
  const key = currentKeyFingerprint();
  const text = propertyStore("user")!.get(PROPERTY(kind));
  if (!key || !text) return null;
  try {
    const stored = JSON.parse(text) as Partial<Stored>;
    return stored.key === key && typeof stored.count === "number" ? stored.count : null;
  } catch {
    return null;
  }
}
