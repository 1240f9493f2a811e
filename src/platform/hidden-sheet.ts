// Hides a sheet the add-on keeps for itself, and guards it with a warning-only protection.

/** What Sheets shows an editor who unhides one of these sheets and starts to edit it. */
export const HIDDEN_SHEET_WARNING =
  "Kept by Enrichment for Sheets: it records what was bought and what is being bought. Editing it can make the add-on buy organizations again or lose track of a charge.";

/**
 * Hides `sheet` and protects it warning-only: anyone may still edit it (the add-on's own executions write
 * it), but a person who unhides and edits it gets Sheets' own "are you sure" first. The protection is a
 * courtesy, not the record: a protect() that fails (an editor Sheets will not let protect) leaves the
 * sheet hidden and working.
 */
export function hideAddonSheet(sheet: GoogleAppsScript.Spreadsheet.Sheet): void {
  sheet.hideSheet();
  try {
    sheet.protect().setWarningOnly(true).setDescription(HIDDEN_SHEET_WARNING);
  } catch {
    // See above: hidden is what the add-on needs; the warning only helps a person.
  }
}
