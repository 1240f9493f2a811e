// Settings ▸ Storage and Clear cached results seen from an open request intent: counted as a paid-request
// journal, and freed, byte for byte, when the user clears cached results.
import { expect } from "vitest";
import type { Harness } from "../../harness/index.ts";
import type { StorageView } from "../../src/server/settings/storage.ts";

/**
 * `key` is the one open intent in the document's properties, beside the day's spend record: Storage counts
 * both as journals, and clearing cached results removes exactly the intent's bytes.
 */
export function expectClearFreesIntent(gas: Harness, key: string): void {
  const document = gas.properties.document();
  const value = document.snapshot()[key] as string;
  const journals = (view: StorageView) => view.document?.parts.find((p) => p.kind === "journals");
  const before = gas.run("getStorage") as StorageView;
  // The intent and the day's spend record (its room held before sending).
  expect(journals(before)?.values).toBe(2);
  expect(gas.run("clearFormulaCache")).toEqual({ organizations: 0, lookups: 0 });
  const after = gas.run("getStorage") as StorageView;
  expect(journals(after)?.values).toBe(1);
  expect((journals(before)?.bytes ?? 0) - (journals(after)?.bytes ?? 0)).toBe(key.length + value.length);
  expect(Object.keys(document.snapshot())).not.toContain(key);
}
