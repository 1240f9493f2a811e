// Adapter over ScriptApp's time-driven triggers for one handler: list, create, delete by id.
import type { TriggerKind } from "../core/jobs/trigger-plan";

/** Ids of the current user's triggers that call `handler` (in any document, for an add-on). */
export function triggerIds(handler: string): string[] {
  return ScriptApp.getProjectTriggers()
    .filter((trigger) => trigger.getHandlerFunction() === handler)
    .map((trigger) => trigger.getUniqueId());
}

/** Ids of the current user's triggers for `handler` in this document (an add-on may hold only one). */
export function documentTriggerIds(handler: string): string[] {
  return ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet())
    .filter((trigger) => trigger.getHandlerFunction() === handler)
    .map((trigger) => trigger.getUniqueId());
}

export function createTrigger(handler: string, kind: TriggerKind): string {
  const builder = ScriptApp.newTrigger(handler).timeBased();
  const trigger = kind === "minute" ? builder.everyMinutes(1).create() : builder.everyHours(1).create();
  return trigger.getUniqueId();
}

export function deleteTrigger(id: string): boolean {
  const trigger = ScriptApp.getProjectTriggers().find((t) => t.getUniqueId() === id);
  if (!trigger) return false;
  ScriptApp.deleteTrigger(trigger);
  return true;
}

/** A one-off time-driven trigger `afterMs` from now for `handler`; returns its id. */
export function createOneOffTrigger(handler: string, afterMs: number): string {
  return ScriptApp.newTrigger(handler).timeBased().after(afterMs).create().getUniqueId();
}
