// Adapter over HtmlService and the spreadsheet's UI: shows a built HTML file as the add-on's sidebar, or a
// page of HTML the server wrote as a dialog.

export interface SidebarPage {
  /** File name in the pushed project, without ".html". */
  file: string;
  title: string;
  /** HTML appended after the file's content (the start element). */
  append: string;
}

export function showSidebarPage({ file, title, append }: SidebarPage): void {
  const output = HtmlService.createHtmlOutputFromFile(file).setTitle(title);
  if (append) output.append(append);
  SpreadsheetApp.getUi().showSidebar(output);
}

/** Shows `html` (already escaped by the caller) in a modal dialog. */
export function showDialogHtml(html: string, title: string, width: number, height: number): void {
  const output = HtmlService.createHtmlOutput(html).setWidth(width).setHeight(height);
  SpreadsheetApp.getUi().showModalDialog(output, title);
}
