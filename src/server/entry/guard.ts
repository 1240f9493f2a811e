// One guard per kind of entry point: a sidebar, menu or trigger function typed into a cell refuses before it acts.
import { hasSpreadsheetUi, isTriggerEvent } from "../../platform/execution-context";
import { flushDeferredLogHere } from "../log/deferred-log";

/**
 * What a cell shows when someone types a sidebar, menu or trigger function into it. Sheets lets any editor call
 * every top-level function from a cell, where it would run on the spreadsheet owner's key and stores.
 */
export const IN_CELL_MESSAGE = "This is a sidebar function; it cannot be used in a cell.";

function refuse(): never {
  throw new Error(IN_CELL_MESSAGE);
}

/** A google.script.run call from the sidebar or a dialog: always made where the spreadsheet's UI is. */
export function fromSidebar<T>(run: () => T): T {
  if (!hasSpreadsheetUi()) refuse();
  return run();
}

/** An add-on menu item: Apps Script runs it in FULL with the spreadsheet's UI. */
export function fromMenu(run: () => void): void {
  if (!hasSpreadsheetUi()) refuse();
  // Every menu entry runs in the document: formulas' paid batches waiting for the Enrichment log go on it.
  flushDeferredLogHere();
  run();
}

/**
 * A trigger or simple trigger (onOpen, onInstall, a clock trigger): Apps Script hands it an event object with
 * `authMode`. Without one it may still be run by hand where there is a UI (the harness's run, a test); a cell
 * passes neither.
 */
export function fromTrigger<T>(event: unknown, run: () => T): T {
  if (!isTriggerEvent(event) && !hasSpreadsheetUi()) refuse();
  return run();
}
