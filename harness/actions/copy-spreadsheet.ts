// File ▸ Make a copy: a new file owned by whoever copies, with every sheet and the add-on's document properties.
import { HarnessUsageError } from "../errors.ts";
import { isDate } from "../realm.ts";
import { type Cell, type SheetState, SpreadsheetState } from "../state/spreadsheet-state.ts";
import type { World } from "../world.ts";

export interface CopyOptions {
  /** The copy's name; default "Copy of <name>", as Sheets proposes. */
  name?: string;
  /** Who makes the copy and owns it; default the current user. */
  user?: string;
}

/**
 * Copies spreadsheet `sourceId` as a person does and returns the copy's id. What travels: every sheet (hidden
 * ones too) with its id, values, formulas and their current results, notes, number formats, frozen rows and
 * columns, size and protection; the time zone and locale; and the add-on's document properties (Google is
 * silent on those: the stricter reading for money, since a copy then starts with the original's records).
 * What does not: document cache, lock holdings and triggers (they belong to a document id and a user), the
 * selection, toasts, the setValues log, and who else could open the original.
 */
export function copySpreadsheet(world: World, sourceId: string, options: CopyOptions = {}): string {
  const source = world.document(sourceId);
  const user = options.user ?? world.user;
  if (typeof user !== "string" || !user.includes("@"))
    throw new HarnessUsageError(
      `copySpreadsheet needs the copier's e-mail as user; got ${JSON.stringify(user)}.`,
    );
  const name = options.name ?? `Copy of ${source.name}`;
  if (typeof name !== "string" || name.trim() === "")
    throw new HarnessUsageError(`copySpreadsheet needs a non-empty name; got ${JSON.stringify(name)}.`);
  // A copy is of the file as saved: a recalculation still waiting finishes first.
  world.recalc.propagate(source, []);
  const copy = new SpreadsheetState(world.newId(), name, user, source.timeZone, source.locale);
  for (const sheet of source.sheets) copySheet(sheet, copy);
  copy.activeSheetId = copy.sheets.find((s) => !s.hidden)!.id;
  world.spreadsheets.set(copy.id, copy);
  const properties = world.properties.document(source.id).snapshot();
  if (Object.keys(properties).length > 0) world.properties.document(copy.id).put(properties);
  return copy.id;
}

function copySheet(sheet: SheetState, into: SpreadsheetState): void {
  const copy = into.addSheet(sheet.name, into.sheets.length, sheet.hidden, sheet.id);
  copy.maxRows = sheet.maxRows;
  copy.maxCols = sheet.maxCols;
  copy.frozenRows = sheet.frozenRows;
  copy.frozenCols = sheet.frozenCols;
  copy.protection = sheet.protection ? { ...sheet.protection } : null;
  for (const [key, cell] of sheet.cells) copy.cells.set(key, copyCell(cell));
  for (const [key, format] of sheet.formats) copy.formats.set(key, format);
  for (const [key, formula] of sheet.formulas) copy.formulas.set(key, structuredClone(formula));
}

function copyCell(cell: Cell): Cell {
  return isDate(cell.value) ? { ...cell, value: new Date(cell.value.getTime()) } : { ...cell };
}
