// AuthMode and what each mode may call: the table from the platform doc (EDAUTH, custom-function guide).
import { defineEnum } from "./enums.ts";
import { GAS } from "./errors.ts";

export const AuthMode = defineEnum(["NONE", "CUSTOM_FUNCTION", "LIMITED", "FULL"]);
export type AuthModeName = keyof typeof AuthMode;

const SCOPES: Record<string, string> = {
  SpreadsheetApp: "https://www.googleapis.com/auth/spreadsheets.currentonly",
  Ui: "https://www.googleapis.com/auth/script.container.ui",
  UrlFetchApp: "https://www.googleapis.com/auth/script.external_request",
  ScriptApp: "https://www.googleapis.com/auth/script.scriptapp",
};

// Calls are named "Service.method"; an entry ending in "." allows the whole service.
const ALWAYS = ["Utilities.", "Logger.", "console.", "Blob.", "User."];
const MENU_ONLY = ["SpreadsheetApp.getUi", "Ui.createAddonMenu", "Ui.createMenu", "Menu."];
const DOCUMENT = ["SpreadsheetApp.", "Spreadsheet.", "Sheet.", "Range."];
const STORES = ["PropertiesService.", "Properties.", "CacheService.", "Cache.", "LockService.", "Lock."];

const HTML = ["HtmlService.", "HtmlOutput.", "HtmlTemplate."];
const AUTH_INFO = ["ScriptApp.getAuthorizationInfo", "AuthorizationInfo."];

const ALLOWED: Record<AuthModeName, readonly string[] | "all"> = {
  // Installed but not enabled in the document: the menu, Utilities and Logger only.
  NONE: [...ALWAYS, ...MENU_ONLY, ...AUTH_INFO, "Session.getActiveUserLocale"],
  // Enabled in the document: the document, menus and properties, but no UrlFetch, sidebars or dialogs.
  LIMITED: [...ALWAYS, ...MENU_ONLY, ...DOCUMENT, ...STORES, ...HTML, ...AUTH_INFO, "Session."],
  // A formula: the document read-only (setters are refused by the fakes themselves), no UI, no triggers.
  CUSTOM_FUNCTION: [
    ...ALWAYS,
    ...DOCUMENT,
    ...STORES,
    ...HTML,
    ...AUTH_INFO,
    "UrlFetchApp.",
    "HTTPResponse.",
    "Session.",
  ],
  FULL: "all",
};

/** Null when `call` is allowed in `mode`, else Apps Script's permission error text. */
export function deniedReason(mode: AuthModeName, call: string): string | null {
  const allowed = ALLOWED[mode];
  if (allowed === "all") return null;
  const ok = allowed.some((entry) => (entry.endsWith(".") ? call.startsWith(entry) : call === entry));
  if (ok) return null;
  const service = call.slice(0, call.indexOf("."));
  return GAS.permission(call, SCOPES[service]);
}
