// The service objects an execution asks for again and again — its locks, caches, property stores and
// spreadsheet — each got from Apps Script once per execution: every get is a call (about 10 ms, issue 31).
// Module state lives exactly one execution, since Apps Script loads the bundle afresh for each.

const got = new Map<string, unknown>();

function once<T>(name: string, get: () => T): T {
  if (got.has(name)) return got.get(name) as T;
  const value = get();
  got.set(name, value);
  return value;
}

export const userLock = () => once("userLock", () => LockService.getUserLock());
/** Null where there is no document (a published add-on's clock trigger). */
export const documentLock = () => once("documentLock", () => LockService.getDocumentLock());
export const userCacheObject = () => once("userCache", () => CacheService.getUserCache());
/** Null where there is no document. */
export const documentCacheObject = () => once("documentCache", () => CacheService.getDocumentCache());
export const scriptCacheObject = () => once("scriptCache", () => CacheService.getScriptCache());
export const scriptProperties = () => once("scriptProperties", () => PropertiesService.getScriptProperties());
export const userProperties = () => once("userProperties", () => PropertiesService.getUserProperties());
/** Null where there is no document. */
export const documentProperties = () =>
  once("documentProperties", () => PropertiesService.getDocumentProperties());
/** Null in a published add-on's clock trigger, which has no document. */
export const activeSpreadsheetObject = () =>
  once("activeSpreadsheet", () => SpreadsheetApp.getActiveSpreadsheet());
