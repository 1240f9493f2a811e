// Least privilege, checked on the source: the manifest asks for exactly the scopes the Apps Script calls in
// src/ need, and docs/deploy.md tells the user what each one is for.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const SCOPE = "https://www.googleapis.com/auth/";

/**
 * The scope each Apps Script call needs (from the "Authorization" notes of Google's reference pages);
 * null for calls that need none. A call missing here fails the test, so a new service is a decision.
 */
const NEEDS: Record<string, string | null> = {
  "SpreadsheetApp.getActiveSpreadsheet": "spreadsheets.currentonly",
  // A published add-on's clock trigger has no document: it opens each spreadsheet with work by id.
  "SpreadsheetApp.openById": "spreadsheets",
  "SpreadsheetApp.getActiveSheet": "spreadsheets.currentonly",
  "SpreadsheetApp.getActiveRange": "spreadsheets.currentonly",
  "SpreadsheetApp.flush": "spreadsheets.currentonly",
  "SpreadsheetApp.getUi": "script.container.ui",
  // A builder of a value (a brief's links); its reference page lists no scope: the write that uses it does.
  "SpreadsheetApp.newRichTextValue": null,
  "UrlFetchApp.fetch": "script.external_request",
  "UrlFetchApp.fetchAll": "script.external_request",
  "ScriptApp.newTrigger": "script.scriptapp",
  "ScriptApp.getProjectTriggers": "script.scriptapp",
  "ScriptApp.getUserTriggers": "script.scriptapp",
  "ScriptApp.deleteTrigger": "script.scriptapp",
  // Enums and the installation source need no scope (the reference lists none).
  "ScriptApp.getInstallationSource": null,
  "ScriptApp.InstallationSource": null,
  "ScriptApp.AuthMode": null,
  "ScriptApp.getAuthorizationInfo": null,
  "PropertiesService.getScriptProperties": null,
  "PropertiesService.getUserProperties": null,
  "PropertiesService.getDocumentProperties": null,
  "CacheService.getDocumentCache": null,
  "CacheService.getScriptCache": null,
  "CacheService.getUserCache": null,
  "LockService.getDocumentLock": null,
  "LockService.getUserLock": null,
  "LockService.getScriptLock": null,
  "HtmlService.createHtmlOutputFromFile": null,
  "HtmlService.createHtmlOutput": null,
  "Utilities.sleep": null,
  "Utilities.formatDate": null,
  "Session.getScriptTimeZone": null,
};

const CALL =
  /\b(SpreadsheetApp|UrlFetchApp|ScriptApp|PropertiesService|CacheService|LockService|HtmlService|Utilities|Session|DriveApp|DocumentApp|GmailApp|MailApp|CalendarApp|Logger|Browser)\.(\w+)/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

function code(path: string): string {
  return readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

const calls = new Set(
  files(join(root, "src")).flatMap((path) => [...code(path).matchAll(CALL)].map((m) => m[0])),
);
const manifest = JSON.parse(readFileSync(join(root, "appsscript.json"), "utf8")) as { oauthScopes: string[] };

describe("the manifest's OAuth scopes", () => {
  it("every Apps Script call in src/ is one whose scope is known", () => {
    expect([...calls].filter((call) => !(call in NEEDS))).toEqual([]);
  });

  it("are exactly the scopes those calls need, no more", () => {
    const needed = new Set([...calls].map((call) => NEEDS[call]).filter((scope) => scope != null));
    // The full scope includes what spreadsheets.currentonly grants: asking for both would ask twice.
    if (needed.has("spreadsheets")) needed.delete("spreadsheets.currentonly");
    expect([...manifest.oauthScopes].sort()).toEqual([...needed].map((scope) => SCOPE + scope).sort());
  });

  it("are each explained in docs/deploy.md", () => {
    const doc = readFileSync(join(root, "docs/deploy.md"), "utf8");
    for (const scope of manifest.oauthScopes) expect(doc).toContain(scope.slice(SCOPE.length));
  });
});
