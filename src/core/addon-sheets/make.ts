// Finds or makes one of the add-on's own sheets, hidden (and warned) or not as the registry says.
import type { SheetPort, WorkbookPort } from "../sheet/port";
import { addonSheet } from "./registry";

/**
 * The add-on's sheet `name`, made when missing without showing it to the person: hidden and protected
 * warning-only when the registry says so. Callers that two executions may reach at once call it under
 * a lock (the document's or the jobs'), then read again.
 */
export function addonSheetOf(workbook: WorkbookPort, name: string): SheetPort {
  const known = addonSheet(name);
  if (!known) throw new Error(`"${name}" is not one of the add-on's own sheets.`);
  return workbook.sheet(name) ?? workbook.insertSheet(name, { show: false, hidden: known.hidden });
}
