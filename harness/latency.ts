// What each Apps Script service call costs on the execution's clock: none by default, or measured figures.
import { HarnessUsageError } from "./errors.ts";
import { seededRandom } from "./random.ts";

/** Milliseconds per call, by "Service.method", "Service.*" or "*" (the first that matches wins). */
export type LatencyTable = Readonly<Record<string, number>>;

export type LatencyOption = "none" | "apps-script" | LatencyTable;

/**
 * Typical costs on Apps Script. Properties: get 30 ms, set 62 ms (ziritione.org/post/apps_script_performance,
 * 100 runs); Cache: get 20 ms, put 56 ms, remove 88 ms (qiita.com/mitonattou919/items/a0fdd1a9e4559ee4a512);
 * a spreadsheet read and write together 800+ ms (justin.poehnelt.com/posts/apps-script-key-value-stores),
 * split here into reads 150 ms and writes 300 ms. The rest are our estimates: a UrlFetch request's own overhead
 * 150 ms (the service's time comes on top), a sheet's dimensions as its last row (50 ms), a change to a
 * sheet's structure or protection as a write (300 ms), getters of already loaded objects 1 ms, anything
 * else 10 ms.
 */
export const APPS_SCRIPT_LATENCY: LatencyTable = {
  "Properties.getProperty": 30,
  "Properties.getProperties": 30,
  "Properties.getKeys": 30,
  "Properties.setProperty": 62,
  "Properties.setProperties": 62,
  "Properties.deleteProperty": 62,
  "Properties.deleteAllProperties": 62,
  "Cache.get": 20,
  "Cache.getAll": 20,
  "Cache.put": 56,
  "Cache.putAll": 56,
  "Cache.remove": 88,
  "Cache.removeAll": 88,
  "Range.getValues": 150,
  "Range.getValue": 150,
  "Range.getDisplayValues": 150,
  "Range.getDisplayValue": 150,
  "Range.getFormulas": 150,
  "Range.getFormula": 150,
  "Range.getNotes": 150,
  // Whether a block is empty is a read of it, whatever Sheets does inside.
  "Range.isBlank": 150,
  "Range.getNote": 150,
  "Range.setValues": 300,
  "Range.setValue": 300,
  "Range.setFormulas": 300,
  "Range.setFormula": 300,
  "Range.setNotes": 300,
  "Range.setNote": 300,
  "Range.getRichTextValues": 150,
  "Range.getRichTextValue": 150,
  "Range.setRichTextValues": 300,
  "Range.setRichTextValue": 300,
  "Range.getNumberFormats": 150,
  "Range.getNumberFormat": 150,
  "Range.setNumberFormats": 300,
  "Range.setNumberFormat": 300,
  "Range.clear": 300,
  "Range.clearContent": 300,
  "Sheet.appendRow": 300,
  "Sheet.getLastRow": 50,
  "Sheet.getLastColumn": 50,
  "Sheet.getDataRange": 50,
  "Sheet.getMaxRows": 50,
  "Sheet.getMaxColumns": 50,
  "Sheet.insertRowsAfter": 300,
  "Sheet.insertColumnsAfter": 300,
  "Sheet.deleteRows": 300,
  "Sheet.hideSheet": 300,
  "Sheet.protect": 300,
  "Spreadsheet.deleteSheet": 300,
  "Spreadsheet.setActiveSheet": 50,
  "Sheet.activate": 50,
  "Range.activate": 50,
  "Spreadsheet.insertSheet": 300,
  "Spreadsheet.toast": 50,
  "Lock.tryLock": 30,
  "Lock.waitLock": 30,
  "Lock.releaseLock": 30,
  "UrlFetchApp.fetch": 150,
  "UrlFetchApp.fetchAll": 150,
  "Range.*": 1,
  "Sheet.*": 1,
  "Spreadsheet.*": 1,
  "HTTPResponse.*": 1,
  "Blob.*": 1,
  "Logger.*": 0,
  "*": 10,
};

/** A per-call cost function for one world, or null when calls cost nothing. */
export function latencyModel(option: LatencyOption, seed: number): ((call: string) => number) | null {
  if (option === "none") return null;
  const table = option === "apps-script" ? APPS_SCRIPT_LATENCY : option;
  for (const [key, ms] of Object.entries(table)) {
    if (!Number.isFinite(ms) || ms < 0)
      throw new HarnessUsageError(
        `createHarness: latency["${key}"] must be milliseconds, at least 0; got ${String(ms)}.`,
      );
  }
  // Jitter of ±25%, seeded apart from Math.random so turning latency on changes no id or UUID.
  const jitter = seededRandom(seed ^ 0x1a7e);
  return (call) => {
    const service = call.slice(0, call.indexOf("."));
    const ms = table[call] ?? table[`${service}.*`] ?? table["*"] ?? 0;
    return ms === 0 ? 0 : Math.round(ms * (0.75 + jitter() / 2));
  };
}

export function latencyOption(value: unknown): LatencyOption {
  if (value === undefined) return "none";
  if (value === "none" || value === "apps-script") return value;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as LatencyTable;
  throw new HarnessUsageError(
    `createHarness: latency must be "none", "apps-script" or a table of milliseconds by "Service.method"; got ${JSON.stringify(value)}.`,
  );
}
