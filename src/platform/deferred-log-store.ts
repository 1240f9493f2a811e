// Enrichment-log rows waiting in the document's properties for a sheet to take them: paid sidebar actions
// whose append the log's lock kept out, and formulas' paid batches (a custom function cannot write a sheet).
// Each kept under its own key, so no lock is needed to add one (the document cache when the store is full);
// the sidebar appends them (src/server/log/deferred-log.ts).
import type { CellValue } from "../core/sheet/port";
import { documentCache } from "./cache";
import { propertyStore } from "./properties";

export const DEFERRED_LOG_PREFIX = "paid:logrow:";

/** Dates survive the trip through JSON as marked strings. */
const DATE_MARK = "\u0000date:";

function encode(rows: CellValue[][]): string {
  return JSON.stringify(
    rows.map((row) => row.map((cell) => (cell instanceof Date ? DATE_MARK + cell.toISOString() : cell))),
  );
}

function decode(text: string): CellValue[][] {
  const rows = JSON.parse(text) as CellValue[][];
  return rows.map((row) =>
    row.map((cell) =>
      typeof cell === "string" && cell.startsWith(DATE_MARK) ? new Date(cell.slice(DATE_MARK.length)) : cell,
    ),
  );
}

/**
 * Where rows wait when the document's properties are full: the document's cache, for six hours. A full
 * store must not cost the log its row (the formula that paid could not even say so).
 */
const CACHE_KEY = "paid:logrows";
const CACHE_SECONDS = 21_600;

/**
 * Keeps `rows` for a later append: one property write, or (the store full) one cache write. False when
 * there is no document, or neither takes them.
 */
export function keepLogRows(rows: CellValue[][]): boolean {
  const store = propertyStore("document");
  if (!store) return false;
  try {
    // Keys sort in the order the rows were kept: time first, then a random tail against ties.
    const key = `${DEFERRED_LOG_PREFIX}${Date.now().toString(36).padStart(9, "0")}-${Math.floor(Math.random() * 1e9).toString(36)}`;
    store.put(key, encode(rows));
    return true;
  } catch {
    try {
      const cache = documentCache();
      const waiting = cache.get(CACHE_KEY);
      cache.put(CACHE_KEY, encode([...(waiting ? decode(waiting) : []), ...rows]), CACHE_SECONDS);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * The store's values, or none when it refuses the read (the day's properties quota out): rows waiting in
 * the cache must still reach the log, whose sheet needs no property call.
 */
function allOrNone(store: { all(): Record<string, string> }): Record<string, string> {
  try {
    return store.all();
  } catch {
    return {};
  }
}

/**
 * The rows kept so far, oldest first, with a function that forgets them before they go in the log, oldest
 * first, and returns the rows it forgot: a store that refuses a delete midway (the day's properties quota)
 * leaves the rest kept, so no row is appended while it is still kept (appended twice) nor dropped.
 */
export function keptLogRows(): { count: number; rows: CellValue[][]; forget(): CellValue[][] } {
  const store = propertyStore("document");
  if (!store) return { count: 0, rows: [], forget: () => [] };
  const kept = Object.entries(allOrNone(store))
    .filter(([key]) => key.startsWith(DEFERRED_LOG_PREFIX))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const cache = documentCache();
  const waiting = cache.get(CACHE_KEY);
  const rowsOf = (text: string): CellValue[][] => {
    try {
      return decode(text);
    } catch {
      return [];
    }
  };
  const texts = [...kept.map(([, text]) => text), ...(waiting ? [waiting] : [])];
  return {
    count: texts.length,
    rows: texts.flatMap(rowsOf),
    forget: () => {
      const forgotten: CellValue[][] = [];
      try {
        for (const [key, text] of kept) {
          store.delete(key);
          forgotten.push(...rowsOf(text));
        }
        if (waiting) {
          cache.remove(CACHE_KEY);
          forgotten.push(...rowsOf(waiting));
        }
      } catch {
        // The rest stay kept for a later flush.
      }
      return forgotten;
    },
  };
}
