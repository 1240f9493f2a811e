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
