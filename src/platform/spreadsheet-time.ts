// Dates in the spreadsheet's own time zone (a date cell is midnight there, not in UTC).
function zone(): string {
  return SpreadsheetApp.getActiveSpreadsheet()?.getSpreadsheetTimeZone() ?? Session.getScriptTimeZone();
}

export function formatDay(date: Date): string {
  return Utilities.formatDate(date, zone(), "yyyy-MM-dd");
}

export function today(): string {
  return formatDay(new Date());
}
