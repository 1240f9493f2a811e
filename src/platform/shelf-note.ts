// Whether the purchase record's by-key shelf lacks something: formulas bought answers the record does not
// hold yet, or a run appended waves. One document-cache value, read by every execution that flushes the log.
import { documentCache } from "./cache";
import { activeSpreadsheetObject } from "./service-objects";

/** Lives as long as the 6-hour level keeps what it marks; what the durable level keeps is filed later too. */
const UNFILED_KEY = "formulas:unfiled";
const SECONDS = 21_600;

export function noteUnfiled(): void {
  try {
    // A published add-on's trigger has no document cache (the script's would be read by no one here).
    if (!activeSpreadsheetObject()) return;
    documentCache().put(UNFILED_KEY, "1", SECONDS);
  } catch {
    // The answers are cached all the same; the record learns them at the next purchase's note.
  }
}

export function hasUnfiled(): boolean {
  return documentCache().get(UNFILED_KEY) !== null;
}

export function clearUnfiled(): void {
  documentCache().remove(UNFILED_KEY);
}
