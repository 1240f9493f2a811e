// Every failure text the harness produces: Apps Script's wording where known, and test-misuse errors.

/** Apps Script's texts (a thrown service error has name "Exception", so String(e) reads "Exception: …"). */
export const GAS = {
  timeLimit: "Exceeded maximum execution time",
  timeLimitCustomFunction: "Exceeded maximum execution time (line 0)",
  permission: (call: string, scope?: string) =>
    `You do not have permission to call ${call}.${scope ? ` Required permissions: ${scope}` : ""}`,
  readOnly: (method: string) => `You do not have permission to call ${method}`,
  uiContext: "Cannot call SpreadsheetApp.getUi() from this context.",
  // Reported wordings for a file that cannot be opened (no official text): a bad id, and no access.
  openMissing: (method: string) =>
    `Unexpected error while getting the method or property ${method} on object SpreadsheetApp.`,
  openDenied: "You do not have permission to access the requested document.",
  // Harness wording: Google documents no text for these, as no container means no active sheet.
  noActiveSpreadsheet: (method: string) =>
    `Cannot call SpreadsheetApp.${method}: this execution has no active spreadsheet.`,
  addonTriggerNoDocument:
    "Add-ons may create time-based triggers only for the current document, and this execution has none.",
  functionNotFound: (name: string) => `Script function not found: ${name}`,
  signature: (types: string, method: string) =>
    `The parameters (${types}) don't match the method signature for ${method}.`,
  invalidArgument: (what: string) => `Invalid argument: ${what}`,
  // Worded by the harness (Google documents the offsets, not the refusal's text).
  richTextOffsets: (start: number, end: number, length: number) =>
    `Invalid argument: the offsets ${start} to ${end} are outside the text of ${length} characters.`,

  propertyValueTooLarge: "Argument too large: value",
  propertyQuota: "You have exceeded the property storage quota. Please remove some properties and try again.",
  cacheValueTooLarge: "Argument too large: value",
  cacheKeyTooLarge: "Argument too large: key",
  cacheExpiration: "Argument expirationInSeconds is out of range: it must be between 1 and 21600.",

  lockTimeout: "Lock timeout: another process was holding the lock for too long.",
  // Transient failures any service call can meet (gas.failAt): Google's troubleshooting guide lists the first
  // three; the Spreadsheets wording is the one Sheets gives when a document cannot be reached mid-call.
  tooManyInShortTime: (service: string) =>
    `Service invoked too many times in a short time: ${service}. Try Utilities.sleep(1000) between calls.`,
  serverNotAvailable: "Server not available.",
  serverError: "Server error occurred, please try again.",
  spreadsheetsFailed: (id: string) => `Service Spreadsheets failed while accessing document with id ${id}.`,
  tooManySimultaneous: "There are too many scripts running simultaneously for this Google user account",

  tooManyTriggers:
    "This script has too many triggers. Triggers must be deleted from the script before more can be added.",
  addonTriggerFrequency:
    "Add-ons may not create time-based triggers to run more frequently than once per hour.",
  addonTriggerExists:
    "Add-ons may create only one time-based trigger per user per document. Delete the existing trigger first.",
  everyMinutes: "Invalid argument: everyMinutes. The minutes must be 1, 5, 10, 15 or 30.",
  triggerWithoutSchedule:
    "The trigger has no schedule: call everyMinutes, everyHours, everyDays, everyWeeks, after or at before create().",

  requestFailed: (origin: string, code: number, body: string) =>
    `Request failed for ${origin} returned code ${code}. Truncated server response: ${
      body.length > 100 ? `${body.slice(0, 100)}...` : body
    } (use muteHttpExceptions option to examine full response)`,
  addressUnavailable: (url: string) => `Address unavailable: ${url}`,
  dnsError: (url: string) => `DNS error: ${url}`,
  fetchTimeout: (url: string) => `Timeout: ${url}`,
  urlTooLong: "Limit Exceeded: URLFetch URL Length.",
  urlFetchDaily: "Service invoked too many times for one day: urlfetch.",
  propertiesDaily: "Service invoked too many times for one day: properties.",
  triggerTimeDaily: "Service using too much computer time for one day",

  rangeNotFound: "Range not found",
  rowsMismatch: (data: number, range: number) =>
    `The number of rows in the data does not match the number of rows in the range. The data has ${data} but the range has ${range}.`,
  columnsMismatch: (data: number, range: number) =>
    `The number of columns in the data does not match the number of columns in the range. The data has ${data} but the range has ${range}.`,
  outsideSheet: "The coordinates of the range are outside the dimensions of the sheet.",
  startRowTooSmall: "The starting row of the range is too small.",
  startColumnTooSmall: "The starting column of the range is too small.",
  rowsAtLeastOne: "The number of rows in the range must be at least 1.",
  columnsAtLeastOne: "The number of columns in the range must be at least 1.",
  cellOutOfRange: "Cell reference out of range",
  cellTooLong: "Your input contains more than the maximum of 50000 characters in a single cell.",
  sheetNameTaken: (name: string) =>
    `A sheet with the name "${name}" already exists. Please enter another name.`,
  lastSheet: "You can't remove all the visible sheets in a document.",

  htmlFileMissing: (name: string) => `No HTML file named ${name} was found.`,
  base64Decode: "Could not decode string.",
  sleepRange: "Invalid argument: milliseconds. Utilities.sleep accepts 0 to 300000.",

  spillBlocked: (a1: string) => `Array result was not expanded because it would overwrite data in ${a1}.`,
  spillRows: (n: number) => `Result was not automatically expanded, please insert more rows (${n}).`,
  spillColumns: (n: number) => `Result was not automatically expanded, please insert more columns (${n}).`,
  unknownFunction: (name: string) => `Unknown function: '${name}'.`,
  formulaParse: "Formula parse error.",
  referenceMissing: "Reference does not exist.",
  unresolvedSheet: (name: string) => `Unresolved sheet name '${name}'.`,
  badResult: "Result was not a number, string, boolean, date or array.",
} as const;

/** What the harness itself cannot do, said as plainly as an Apps Script error would be. */
export const UNSUPPORTED = {
  insertRowsInside: "The harness inserts rows only after the last row; it does not shift existing cells.",
  insertColumnsInside:
    "The harness inserts columns only after the last column; it does not shift existing cells.",
  datePattern: (letter: string) =>
    `Utilities.formatDate: the harness does not support the pattern letter "${letter}".`,
} as const;

/** A test used the harness wrongly (an unanswered alert, a menu label that does not exist, bad options). */
export class HarnessUsageError extends Error {
  override name = "HarnessUsageError";
}
