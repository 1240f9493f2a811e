// The Diagnostics table: each platform fact the add-on relies on, as seen here, beside what the harness assumes,
// in plain words; the platform's name for each fact and its raw values are kept for the tooltip.
import { formatCount } from "../../api/words/format";
import type { Deployment } from "../../core/jobs/trigger-plan";
import type { DocumentReach, Reach } from "../../platform/execution-context";
import { listWords, scopeWords, valueWords } from "./plain-words";
import type { DiagnosticsRecord } from "./record";

/** The manifest's oauthScopes (appsscript.json; a unit test keeps the two the same). */
export const MANIFEST_SCOPES = [
  "https://www.googleapis.com/auth/script.container.ui",
  "https://www.googleapis.com/auth/script.external_request",
  "https://www.googleapis.com/auth/script.scriptapp",
  "https://www.googleapis.com/auth/spreadsheets",
];
const SPREADSHEETS = "https://www.googleapis.com/auth/spreadsheets";

/**
 * The scopes this build asked for: the manifest's, or, for a bound build (`"deployment": "bound"` in
 * deploy.config.json, see scripts/deploy/manifest.ts), the same with spreadsheets.currentonly.
 */
function expectedScopes(granted: readonly string[]): string[] {
  const bound = granted.includes(`${SPREADSHEETS}.currentonly`) && !granted.includes(SPREADSHEETS);
  return MANIFEST_SCOPES.map((scope) => (bound && scope === SPREADSHEETS ? `${scope}.currentonly` : scope));
}

export interface DiagnosticsRow {
  fact: string;
  /** The platform's name for the fact and the raw values seen and assumed, for whoever reports the row. */
  term: string;
  seen: string;
  assumed: string;
  /** true: as the harness assumes; false: it differs (tell the developers); null: for information. */
  same: boolean | null;
}

/** What the menu execution saw itself. */
export interface MenuFacts {
  deployment: Deployment;
  installationSource: string;
  authorization: { status: string; scopes: string[] } | { threw: string };
  document: DocumentReach;
  urlFetch: { used: number; limit: number };
  formulaCreditsToday: number;
  /** Formats a time in the spreadsheet's zone ("14:05"). */
  formatTime: (ms: number) => string;
}

export function reachText(reach: Reach): string {
  if (reach.kind === "threw") return `threw: ${reach.message}`;
  return reach.kind;
}

/**
 * A row from the raw values (compared as the platform gives them), shown in plain words; `words` turns a
 * raw value into them (a single value by default).
 */
function row(
  fact: string,
  platformName: string,
  seen: string,
  assumed: string,
  same: boolean | null = seen === assumed,
  words: (value: string) => string = valueWords,
): DiagnosticsRow {
  return {
    fact,
    term: `${platformName}: seen ${seen}; assumed ${assumed}`,
    seen: words(seen),
    assumed: words(assumed),
    same,
  };
}

/**
 * The harness's assumptions (harness/README.md): a bound script's trigger runs inside its document; a
 * published add-on's clock trigger has no document, no document properties, cache or lock; add-ons may not
 * schedule a trigger under an hour ahead.
 */
export function diagnosticsRows(facts: MenuFacts, record: DiagnosticsRecord | null): DiagnosticsRow[] {
  const addon = facts.deployment === "addon";
  const rows: DiagnosticsRow[] = [
    row(
      "How the add-on was installed",
      "ScriptApp.getInstallationSource()",
      facts.installationSource,
      addon ? "WEB_STORE_ADD_ON" : "NONE",
      null,
    ),
    row(
      "What the add-on takes itself for",
      "deployment",
      facts.deployment,
      "addon if installed, else bound",
      null,
    ),
  ];
  const permissions = "ScriptApp.getAuthorizationInfo(FULL).getAuthorizationStatus()";
  if ("threw" in facts.authorization) {
    rows.push(
      row(
        "Every permission it needs is granted",
        permissions,
        `threw: ${facts.authorization.threw}`,
        "NOT_REQUIRED",
        false,
      ),
    );
  } else {
    rows.push(
      row("Every permission it needs is granted", permissions, facts.authorization.status, "NOT_REQUIRED"),
    );
    const granted = [...facts.authorization.scopes].sort();
    rows.push(
      row(
        "Permissions granted",
        "oauth scopes",
        granted.length ? granted.map(shortScope).join(", ") : "none listed",
        expectedScopes(granted).sort().map(shortScope).join(", "),
        undefined,
        (list) => list.split(", ").map(scopeWords).join("; "),
      ),
    );
  }
  const menuDocument = [
    facts.document.activeSpreadsheet,
    facts.document.documentProperties,
    facts.document.documentLock,
  ].map(reachText);
  const requests = `${formatCount(facts.urlFetch.used)} of the ${formatCount(facts.urlFetch.limit)} Apps Script allows this account in 24 hours`;
  rows.push(
    row(
      "The menu reaches the spreadsheet, its stored settings, its lock",
      "active spreadsheet, document properties, document lock",
      menuDocument.join(", "),
      "yes, yes, yes",
      undefined,
      listWords,
    ),
    row(
      "Requests to the service (as Settings counts them)",
      "UrlFetchApp calls in the add-on's 24-hour count",
      requests,
      "Apps Script allows 20,000 a day (100,000 with Workspace)",
      null,
      (text) => text,
    ),
    row(
      "Credits formulas spent today in this spreadsheet",
      "the spend guard's count",
      formatCount(facts.formulaCreditsToday),
      "as Settings says",
      null,
      (text) => text,
    ),
  );
  rows.push(...triggerRows(addon, record, facts.formatTime));
  return rows;
}

const TRIGGER = "a one-off clock trigger (diagnosticsTrigger)";

function triggerRows(
  addon: boolean,
  record: DiagnosticsRecord | null,
  formatTime: (ms: number) => string,
): DiagnosticsRow[] {
  if (!record) return [];
  const { plan, seen } = record;
  const rows: DiagnosticsRow[] = [
    row(
      "A background run 1 minute ahead",
      `${TRIGGER}, 1 minute ahead`,
      plan.oneMinute,
      addon ? "refused (add-ons: at most once an hour)" : "accepted",
      addon ? plan.oneMinute !== "accepted" : plan.oneMinute === "accepted",
    ),
  ];
  if (plan.oneHour !== null) {
    rows.push(row("A background run 1 hour ahead", `${TRIGGER}, 1 hour ahead`, plan.oneHour, "accepted"));
  }
  if (!seen) {
    const when =
      plan.dueAt === null
        ? "never: no background run could be scheduled"
        : `not yet; due at ${formatTime(plan.dueAt)}`;
    rows.push(
      row("The background run ran", TRIGGER, when, "runs when due; open Diagnostics again then", null),
    );
    return rows;
  }
  const documentless = addon ? "null" : "yes";
  rows.push(
    row("The background run ran", TRIGGER, `at ${formatTime(seen.at)}`, "runs when due", true),
    row("Background run: its permissions", "trigger event authMode", seen.authMode, "FULL"),
    row(
      "Background run: how the add-on was installed",
      "ScriptApp.getInstallationSource()",
      seen.installationSource,
      addon ? "WEB_STORE_ADD_ON" : "NONE",
      null,
    ),
    row("Background run reaches the spreadsheet", "active spreadsheet", seen.activeSpreadsheet, documentless),
    row(
      "Background run reaches its stored settings",
      "document properties",
      seen.documentProperties,
      documentless,
    ),
    row("Background run reaches its lock", "document lock", seen.documentLock, documentless),
    row("Background run reaches its cache", "document cache", seen.documentCache, documentless),
  );
  return rows;
}

function shortScope(scope: string): string {
  return scope.replace("https://www.googleapis.com/auth/", "");
}
