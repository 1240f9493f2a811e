// Adapter over the script cache for what an append remembers of a sheet's date formats (core/bulk/append-formats).
import type { FormatMemory } from "../core/bulk/append-formats";
import { scriptCache } from "./cache";

/** CacheService's longest lifetime: the note is written again each time the columns are formatted. */
const NOTE_SECONDS = 21_600;

/**
 * The note for one sheet of one spreadsheet, in the script cache: the one a published add-on's trigger
 * (no document) and every person's executions in the file all reach. A cache that fails reads as one that
 * forgot, and a note that cannot be kept is only formatting done again: the rows are written by then, and
 * an append must not fail after its rows are in (its caller would keep them to append again).
 */
export function formatMemory(spreadsheetId: string, sheetName: string): FormatMemory {
  const key = `sheet-formats:${spreadsheetId}:${sheetName}`;
  return {
    recall: () => {
      try {
        return scriptCache().get(key);
      } catch {
        return null;
      }
    },
    remember: (note) => {
      try {
        scriptCache().put(key, note, NOTE_SECONDS);
      } catch {
        // Forgotten: the next append formats the columns again.
      }
    },
  };
}
