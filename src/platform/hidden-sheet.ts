// Hides one of the add-on's own sheets and guards it with a warning-only protection saying what it keeps.
import { addonSheet } from "../core/addon-sheets/registry";

/**
 * Hides `sheet` (named `name`, which the caller knows: no getName call) and protects it warning-only, as
 * the registry says for that name; a person's own sheet is left as it is. Anyone may still edit it (the
 * add-on's own executions write it), but a person who unhides and edits it gets Sheets' own "are you sure"
 * first. The protection is a courtesy, not the record: a protect() that fails (an editor Sheets will not
 * let protect) leaves the sheet hidden and working. Called once, when the sheet is made: one hideSheet and
 * one protection (three calls) per sheet per spreadsheet lifetime.
 */
export function hideAddonSheet(sheet: GoogleAppsScript.Spreadsheet.Sheet, name: string): void {
  const known = addonSheet(name);
  if (!known?.hidden) return;
  sheet.hideSheet();
  try {
    sheet.protect().setWarningOnly(true).setDescription(known.purpose);
  } catch {
    // See above: hidden is what the add-on needs; the warning only helps a person.
  }
}
