// Whether formulas bought answers the purchase record does not hold yet: one document-cache value.
import { documentCache } from "../../platform/cache";

/** Lives as long as the 6-hour level keeps what it marks; what the durable level keeps is filed later too. */
const UNFILED_KEY = "formulas:unfiled";
const SECONDS = 21_600;

export function noteUnfiled(): void {
  try {
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
