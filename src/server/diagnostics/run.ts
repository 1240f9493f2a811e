// Diagnostics: the menu item that reads the platform facts of this execution and schedules a one-off clock
// trigger, and that trigger, which records what a clock trigger gets (document, stores, lock).
import { fullAuthorization } from "../../platform/authorization";
import { appsScriptClock } from "../../platform/clock";
import { currentDeployment, installationSourceName } from "../../platform/deployment";
import { documentReach } from "../../platform/execution-context";
import { showDialogHtml } from "../../platform/html";
import { propertyStore } from "../../platform/properties";
import { formatTime } from "../../platform/spreadsheet-time";
import { createOneOffTrigger, deleteTrigger, triggerIds } from "../../platform/triggers";
import { DIAGNOSTICS_HANDLER } from "../jobs/services";
import { fetchAllowance, spendGuard } from "../runtime";
import { diagnosticsHtml } from "./dialog";
import { type DiagnosticsRecord, readRecord, type TriggerPlan, writeRecord } from "./record";
import { diagnosticsRows, type MenuFacts, reachText } from "./rows";

/** The top-level function the one-off trigger calls (declared in src/main.ts; jobs know it to take its slot). */
export { DIAGNOSTICS_HANDLER };

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** A trigger's findings older than this are checked again on the next Diagnostics. */
const STALE_MS = 24 * HOUR;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Tries one minute ahead, then (only if refused) one hour ahead, keeping each refusal as the platform said it. */
function schedule(now: number): TriggerPlan {
  const attempt = (afterMs: number): { id: string } | { refused: string } => {
    try {
      return { id: createOneOffTrigger(DIAGNOSTICS_HANDLER, afterMs) };
    } catch (error) {
      return { refused: `refused: ${messageOf(error)}` };
    }
  };
  const minute = attempt(MINUTE);
  if ("id" in minute) {
    return {
      scheduledAt: now,
      dueAt: now + MINUTE,
      triggerId: minute.id,
      oneMinute: "accepted",
      oneHour: null,
    };
  }
  const hour = attempt(HOUR);
  return {
    scheduledAt: now,
    dueAt: "id" in hour ? now + HOUR : null,
    triggerId: "id" in hour ? hour.id : null,
    oneMinute: minute.refused,
    oneHour: "id" in hour ? "accepted" : hour.refused,
  };
}

function menuFacts(): MenuFacts {
  let authorization: MenuFacts["authorization"];
  try {
    authorization = fullAuthorization();
  } catch (error) {
    authorization = { threw: messageOf(error) };
  }
  const allowance = fetchAllowance().status();
  return {
    deployment: currentDeployment(),
    installationSource: installationSourceName(),
    authorization,
    document: documentReach(),
    urlFetch: { used: allowance.used, limit: allowance.limit },
    formulaCreditsToday: spendGuard().spentToday(),
    formatTime,
  };
}

/** Menu: Diagnostics. Shows the table; the first time (or a day after the last check) schedules the trigger. */
export function openDiagnostics(): void {
  const user = propertyStore("user")!;
  const now = appsScriptClock.now();
  let record = readRecord(user);
  const stale = record?.seen ? now - record.seen.at > STALE_MS : false;
  // A waiting trigger that is gone (it gave its slot to background work, or was deleted by hand) is made again.
  const gone =
    record &&
    !record.seen &&
    !(record.plan.triggerId && triggerIds(DIAGNOSTICS_HANDLER).includes(record.plan.triggerId));
  if (!record || stale || gone) {
    record = { plan: schedule(now), seen: null };
    writeRecord(user, record);
  }
  showDialogHtml(diagnosticsHtml(diagnosticsRows(menuFacts(), record)), "Diagnostics", 780, 600);
}

/** The one-off clock trigger: records what it was given, then deletes itself. Reads only the user's store. */
export function recordTriggerFindings(event: { authMode?: unknown; triggerUid?: unknown } | undefined): void {
  const document = documentReach();
  let source: string;
  try {
    source = installationSourceName();
  } catch (error) {
    source = `threw: ${messageOf(error)}`;
  }
  const user = propertyStore("user")!;
  const before = readRecord(user);
  const record: DiagnosticsRecord = {
    plan: before?.plan ?? {
      scheduledAt: 0,
      dueAt: null,
      triggerId: null,
      oneMinute: "unknown",
      oneHour: null,
    },
    seen: {
      at: appsScriptClock.now(),
      authMode: event?.authMode == null ? "none given" : String(event.authMode),
      installationSource: source,
      activeSpreadsheet: reachText(document.activeSpreadsheet),
      documentProperties: reachText(document.documentProperties),
      documentLock: reachText(document.documentLock),
      documentCache: reachText(document.documentCache),
    },
  };
  writeRecord(user, record);
  // A one-off trigger that has fired is not removed by the platform by itself: remove it.
  const id = event?.triggerUid == null ? before?.plan.triggerId : String(event.triggerUid);
  if (id) deleteTrigger(id);
}
