// Dates in the spreadsheet's own time zone (a date cell is midnight there, not in UTC).
function zone(): string {
  return SpreadsheetApp.getActiveSpreadsheet()?.getSpreadsheetTimeZone() ?? Session.getScriptTimeZone();
}

export function formatDay(date: Date): string {
  return Utilities.formatDate(date, zone(), "yyyy-MM-dd");
}

/** A time of day in the spreadsheet's zone: "14:05". */
export function formatTime(ms: number): string {
  return Utilities.formatDate(new Date(ms), zone(), "HH:mm");
}

export function today(): string {
  return formatDay(new Date());
}
