// Adapter: what kind of execution this is, as the platform itself tells it (the UI it offers, the event it passes).

/**
 * True when the execution has the spreadsheet's UI: a menu click or a sidebar's google.script.run. A formula in a
 * cell (AuthMode.CUSTOM_FUNCTION) has none: SpreadsheetApp.getUi() throws "Cannot call SpreadsheetApp.getUi() from
 * this context." there, and so it does in a trigger.
 */
export function hasSpreadsheetUi(): boolean {
  try {
    SpreadsheetApp.getUi();
    return true;
  } catch {
    return false;
  }
}

/**
 * True when `event` is the event object Apps Script hands a trigger or a simple trigger: it carries `authMode`.
 * A formula's arguments are cell values (text, numbers, booleans, dates, 2-D arrays), never such an object.
 */
export function isTriggerEvent(event: unknown): boolean {
  if (event === null || typeof event !== "object" || Array.isArray(event) || event instanceof Date)
    return false;
  return (event as { authMode?: unknown }).authMode != null;
}

/**
 * True when `event` is a simple trigger's event that may reach the document: onOpen in AuthMode.LIMITED (the
 * add-on is enabled in the file) or FULL (from onInstall). In NONE (only installed) there is no document.
 */
export function reachesDocument(event: unknown): boolean {
  return isTriggerEvent(event) && String((event as { authMode: unknown }).authMode) !== "NONE";
}

/** What one probe of the platform found: the service gave something, gave null, or threw (its message). */
export type Reach = { kind: "yes" } | { kind: "null" } | { kind: "threw"; message: string };

function reach(probe: () => unknown): Reach {
  try {
    return probe() == null ? { kind: "null" } : { kind: "yes" };
  } catch (error) {
    return { kind: "threw", message: error instanceof Error ? error.message : String(error) };
  }
}

export interface DocumentReach {
  activeSpreadsheet: Reach;
  documentProperties: Reach;
  documentLock: Reach;
  documentCache: Reach;
}

/**
 * Whether this execution has a document and its stores, asked of each service as it is (Google documents null
 * where there is no document; a throw is recorded as such, not guessed away). Reads nothing from the stores.
 */
export function documentReach(): DocumentReach {
  return {
    activeSpreadsheet: reach(() => SpreadsheetApp.getActiveSpreadsheet()),
    documentProperties: reach(() => PropertiesService.getDocumentProperties()),
    documentLock: reach(() => LockService.getDocumentLock()),
    documentCache: reach(() => CacheService.getDocumentCache()),
  };
}
