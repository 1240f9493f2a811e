// Adapter over HtmlService and the spreadsheet's UI: shows a built HTML file as the add-on's sidebar.

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
