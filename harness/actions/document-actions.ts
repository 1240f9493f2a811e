// What a person does to the document as a whole: rename or delete a sheet, set the time zone (File ▸ Settings).
import { HarnessUsageError } from "../errors.ts";
import type { SheetState } from "../state/spreadsheet-state.ts";
import { isTimeZone } from "../time-zone.ts";
import type { World } from "../world.ts";
import { breakReferencesTo, removeSheet, renameSheetIn, sheetNameProblem } from "./sheets.ts";

const usage = (message: string) => new HarnessUsageError(message);

function sheetNamed(world: World, name: unknown, method: string): SheetState {
  const doc = world.document();
  const sheet = typeof name === "string" ? doc.sheetByName(name) : undefined;
  if (!sheet)
    throw usage(
      `${method}: no sheet named ${JSON.stringify(name)}; the sheets are ${doc.sheets.map((s) => `"${s.name}"`).join(", ")}.`,
    );
  return sheet;
}

/** Renames a sheet; formulas naming it follow, and formulas that named the new name while unresolved run. */
export function renameSheet(world: World, oldName: string, newName: string): void {
  const doc = world.document();
  const sheet = sheetNamed(world, oldName, "gas.renameSheet");
  const problem = sheetNameProblem(doc, sheet, newName);
  if (problem) throw usage(`gas.renameSheet: ${problem}`);
  world.recalc.propagate(doc, []);
  for (const formula of renameSheetIn(doc, sheet, newName)) formula.outcome = null;
  world.recalc.propagate(doc, []);
}

/** Deletes a sheet (not the last visible one); formulas on other sheets naming it become #REF! and run. */
export function deleteSheet(world: World, name: string): void {
  const doc = world.document();
  const sheet = sheetNamed(world, name, "gas.deleteSheet");
  world.recalc.propagate(doc, []);
  removeSheet(doc, sheet);
  for (const formula of breakReferencesTo(doc, sheet)) formula.outcome = null;
  world.recalc.propagate(doc, []);
}

/**
 * Sets the active spreadsheet's time zone (an IANA name such as "America/New_York", or "GMT+2"): display
 * values and Spreadsheet.getSpreadsheetTimeZone() follow at once; no formula runs again.
 */
/** File ▸ Settings ▸ Locale: what getSpreadsheetLocale answers ("en_US", "de_DE"). */
export function setLocale(world: World, locale: string): void {
  if (typeof locale !== "string" || !/^[a-z]{2,3}(_[A-Z]{2})?$/.test(locale))
    throw usage(`gas.setLocale needs a locale such as "en_US" or "de_DE"; got ${JSON.stringify(locale)}.`);
  world.document().locale = locale;
}

export function setTimeZone(world: World, timeZone: string): void {
  if (typeof timeZone !== "string" || !isTimeZone(timeZone))
    throw usage(
      `gas.setTimeZone needs a time zone such as "America/New_York" or "GMT+2"; got ${JSON.stringify(timeZone)}.`,
    );
  world.document().timeZone = timeZone;
}
