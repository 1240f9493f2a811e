// Renaming and deleting a sheet: formulas naming it follow the new name, or become #REF! when it is gone.
import { GAS, HarnessUsageError } from "../errors.ts";
import { mapReferences } from "../formula/references.ts";
import type { FormulaState, SheetState, SpreadsheetState } from "../state/spreadsheet-state.ts";

/** Sheets caps a sheet's name at 100 characters. */
const MAX_NAME = 100;

/**
 * Renames `sheet` and rewrites every formula of the document that names it. Formulas that named `name` while
 * no sheet had it (an unresolved sheet) are returned: they resolve now, so they must run again.
 */
export function renameSheetIn(doc: SpreadsheetState, sheet: SheetState, name: string): FormulaState[] {
  const wanted = sheet.name.toLowerCase();
  const arriving = name.toLowerCase();
  const unresolved: FormulaState[] = [];
  forEachFormula(doc, (on, formula) => {
    let resolves = false;
    const text = mapReferences(formula.formula, (ref) => {
      const named = ref.sheet?.toLowerCase();
      if (named === arriving && arriving !== wanted) resolves = true;
      return named === wanted ? { ...ref, sheet: name } : null;
    });
    setText(on, formula, text);
    if (resolves) unresolved.push(formula);
  });
  sheet.name = name;
  return unresolved;
}

/** Rewrites every reference to `sheet` on the other sheets as #REF!; returns the formulas that changed. */
export function breakReferencesTo(doc: SpreadsheetState, sheet: SheetState): FormulaState[] {
  const wanted = sheet.name.toLowerCase();
  const broken: FormulaState[] = [];
  forEachFormula(doc, (on, formula) => {
    if (on === sheet) return;
    const text = mapReferences(formula.formula, (ref) =>
      ref.sheet?.toLowerCase() === wanted ? "#REF!" : null,
    );
    if (text !== formula.formula) broken.push(formula);
    setText(on, formula, text);
  });
  return broken;
}

/** Checks a new sheet name as Sheets does; returns the message that refuses it, or null. */
export function sheetNameProblem(doc: SpreadsheetState, sheet: SheetState, name: unknown): string | null {
  if (typeof name !== "string" || name.trim() === "")
    return `A sheet needs a name; got ${JSON.stringify(name)}.`;
  if (name.length > MAX_NAME)
    return `A sheet's name has at most ${MAX_NAME} characters; this one has ${name.length}.`;
  const clash = doc.sheetByName(name);
  return clash && clash !== sheet ? GAS.sheetNameTaken(name) : null;
}

/** Removes `sheet` from the document, keeping a visible sheet active, as deleting it in Sheets does. */
export function removeSheet(doc: SpreadsheetState, sheet: SheetState): void {
  if (doc.sheets.filter((s) => !s.hidden && s !== sheet).length === 0)
    throw new HarnessUsageError(GAS.lastSheet);
  doc.sheets.splice(doc.sheets.indexOf(sheet), 1);
  if (doc.activeSheetId === sheet.id) doc.activeSheetId = doc.sheets.find((s) => !s.hidden)!.id;
  if (doc.selection?.sheetId === sheet.id) doc.selection = null;
}

function forEachFormula(doc: SpreadsheetState, visit: (on: SheetState, formula: FormulaState) => void): void {
  for (const on of doc.sheets) for (const formula of on.formulas.values()) visit(on, formula);
}

function setText(on: SheetState, formula: FormulaState, text: string): void {
  if (text === formula.formula) return;
  formula.formula = text;
  const anchor = on.cell(formula.row, formula.col);
  if (anchor) on.put(formula.row, formula.col, { ...anchor, formula: text });
}
