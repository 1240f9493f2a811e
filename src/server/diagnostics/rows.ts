// The Diagnostics table: each platform fact the add-on relies on, as seen here, beside what the harness assumes.
import type { Deployment } from "../../core/jobs/trigger-plan";
import type { DocumentReach, Reach } from "../../platform/execution-context";
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

const row = (fact: string, seen: string, assumed: string, same: boolean | null = seen === assumed) => ({
  fact,
  seen,
  assumed,
  same,
});

/**
 * The harness's assumptions (harness/README.md): a bound script's trigger runs inside its document; a
 * published add-on's clock trigger has no document, no document properties, cache or lock; add-ons may not
 * schedule a trigger under an hour ahead.
 */
export function diagnosticsRows(facts: MenuFacts, record: DiagnosticsRecord | null): DiagnosticsRow[] {
  const addon = facts.deployment === "addon";
  const rows: DiagnosticsRow[] = [
    row("Installation source", facts.installationSource, addon ? "WEB_STORE_ADD_ON" : "NONE", null),
    row("Deployment the add-on concluded", facts.deployment, "addon if installed, else bound", null),
  ];
  if ("threw" in facts.authorization) {
    rows.push(row("Authorization for FULL", `threw: ${facts.authorization.threw}`, "NOT_REQUIRED", false));
  } else {
    rows.push(row("Authorization for FULL", facts.authorization.status, "NOT_REQUIRED"));
    const granted = [...facts.authorization.scopes].sort();
    rows.push(
      row(
        "Scopes granted",
        granted.length ? granted.map(shortScope).join(", ") : "none listed",
        expectedScopes(granted).sort().map(shortScope).join(", "),
      ),
    );
  }
  const menuDocument = [
    facts.document.activeSpreadsheet,
    facts.document.documentProperties,
    facts.document.documentLock,
  ].map(reachText);
  rows.push(
    row("Menu: spreadsheet, document properties, lock", menuDocument.join(", "), "yes, yes, yes"),
    row(
      "UrlFetch calls today (the add-on's count)",
      `${facts.urlFetch.used} of ${facts.urlFetch.limit}`,
      "per user per day: 20,000 consumer",
      null,
    ),
    row(
      "Credits formulas spent today here",
      String(facts.formulaCreditsToday),
      "the spend guard's count",
      null,
    ),
  );
  rows.push(...triggerRows(addon, record, facts.formatTime));
  return rows;
}

function triggerRows(
  addon: boolean,
  record: DiagnosticsRecord | null,
  formatTime: (ms: number) => string,
): DiagnosticsRow[] {
  if (!record) return [];
  const { plan, seen } = record;
  const rows: DiagnosticsRow[] = [
    row(
      "A one-off clock trigger 1 minute ahead",
      plan.oneMinute,
      addon ? "refused (add-ons: at most hourly)" : "accepted",
      addon ? plan.oneMinute !== "accepted" : plan.oneMinute === "accepted",
    ),
  ];
  if (plan.oneHour !== null) {
    rows.push(row("A one-off clock trigger 1 hour ahead", plan.oneHour, "accepted"));
  }
  if (!seen) {
    const when =
      plan.dueAt === null ? "never: no trigger could be made" : `not yet; due at ${formatTime(plan.dueAt)}`;
    rows.push(row("Clock trigger ran", when, "runs when due; open Diagnostics again then", null));
    return rows;
  }
  const documentless = addon ? "null" : "yes";
  rows.push(
    row("Clock trigger ran", `at ${formatTime(seen.at)}`, "runs when due", true),
    row("Trigger: auth mode", seen.authMode, "FULL"),
    row("Trigger: installation source", seen.installationSource, addon ? "WEB_STORE_ADD_ON" : "NONE", null),
    row("Trigger: active spreadsheet", seen.activeSpreadsheet, documentless),
    row("Trigger: document properties", seen.documentProperties, documentless),
    row("Trigger: document lock", seen.documentLock, documentless),
    row("Trigger: document cache", seen.documentCache, documentless),
  );
  return rows;
}

function shortScope(scope: string): string {
  return scope.replace("https://www.googleapis.com/auth/", "");
}
