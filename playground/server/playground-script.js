// The playground's own script, run after the add-on's bundle as a second .gs file: what the window knows.
// biome-ignore-all lint/correctness/noUnusedVariables: the playground calls these top-level functions by name.

function playgroundView() {
  const book = SpreadsheetApp.getActiveSpreadsheet();
  const range = book.getActiveRange();
  return {
    name: book.getName(),
    sheets: book.getSheets().map((sheet) => ({ name: sheet.getName(), hidden: sheet.isSheetHidden() })),
    active: book.getActiveSheet().getName(),
    selection: range ? range.getA1Notation() : null,
  };
}

/** The "+" beside the tabs: a new sheet named as Sheets names it, made active. */
function playgroundAddSheet() {
  return SpreadsheetApp.getActiveSpreadsheet().insertSheet().getName();
}

/** Uses up dialog answers a replayed action queued but did not ask for, so no later dialog receives them. */
function playgroundDiscardAnswers(buttonSets) {
  const ui = SpreadsheetApp.getUi();
  for (const set of buttonSets) ui.alert("Discarded answer", ui.ButtonSet[set]);
}
