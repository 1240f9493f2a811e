// What a formula says about the key it spends. Inside a formula Apps Script reads the spreadsheet owner's user
// properties, whoever typed it (the custom-function guide), so an editor's own key never pays for formulas.

/** Who pays for formulas, worded so the owner and any editor both know where the key is set. */
const WHOSE_KEY =
  "Formulas in this spreadsheet use its owner's key (the owner saves it in Extensions ▸ Enrichment for Sheets ▸ Settings) or, when the owner has none, the team key (script property API_KEY). A key another editor saves in Settings pays only for that editor's sidebar.";

export const FORMULA_NO_KEY = `No API key is set for formulas. ${WHOSE_KEY}`;

export function formulaKeyRejected(status: number): string {
  return `The enrichment service rejected the key formulas use (HTTP ${status}). ${WHOSE_KEY}`;
}
