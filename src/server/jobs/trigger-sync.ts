// Keeps the dispatcher's trigger in step with the work: created, switched or deleted as it changes.
import { isActive, runsFor } from "../../core/jobs/job";
import {
  type TriggerKind,
  type TriggerRecord,
  triggerChange,
  wantedTrigger,
} from "../../core/jobs/trigger-plan";
import { propertyStore } from "../../platform/properties";
import { activeSpreadsheetId } from "../../platform/spreadsheet";
import { createTrigger, deleteTrigger, documentTriggerIds, triggerIds } from "../../platform/triggers";
import { DIAGNOSTICS_HANDLER, DISPATCH_HANDLER, type JobServices } from "./services";

const RECORD_PREFIX = "JOBS_TRIGGER:";
/** Apps Script's refusal of a second add-on time trigger in one document. */
const ONE_PER_DOCUMENT = /only one time-based trigger/i;

function readRecord(key: string): TriggerRecord | null {
  const text = propertyStore("user")?.get(key);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<TriggerRecord>;
    if (typeof parsed.id === "string" && (parsed.kind === "minute" || parsed.kind === "hourly")) {
      return { id: parsed.id, kind: parsed.kind };
    }
  } catch {
    // An unreadable record is as good as none: the trigger is looked for again.
  }
  return null;
}

function create(kind: TriggerKind): TriggerRecord {
  try {
    return { id: createTrigger(DISPATCH_HANDLER, kind), kind };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A trigger whose record was lost still holds this document's one slot: replace it.
    if (ONE_PER_DOCUMENT.test(message)) {
      for (const id of documentTriggerIds(DISPATCH_HANDLER)) deleteTrigger(id);
      return { id: createTrigger(DISPATCH_HANDLER, kind), kind };
    }
    throw error;
  }
}

/** Creates, replaces or deletes the trigger so that it matches the pending work. Returns what is in place. */
export function syncTrigger(services: JobServices): TriggerKind | null {
  const user = propertyStore("user");
  if (!user) return null;
  const key = RECORD_PREFIX + activeSpreadsheetId();
  const me = services.ownerId();
  const record = readRecord(key);
  const current = record && triggerIds(DISPATCH_HANDLER).includes(record.id) ? record : null;
  const wanted = wantedTrigger(services.deployment, {
    // This user's trigger runs only this user's work (jobs and rules run in their starter's executions).
    activeJobs: services.queue.list().some((job) => isActive(job) && runsFor(job, me)),
    rules: services.rules.list().some((rule) => runsFor(rule, me)),
  });
  const change = triggerChange(wanted, current);
  if (change.remove) deleteTrigger(change.remove);
  if (change.create) {
    // An add-on's one time trigger in this document may be a waiting Diagnostics check: the work comes first.
    if (services.deployment === "addon") {
      for (const id of documentTriggerIds(DIAGNOSTICS_HANDLER)) deleteTrigger(id);
    }
    const made = create(change.create);
    user.put(key, JSON.stringify(made));
    return made.kind;
  }
  if (!wanted) user.delete(key);
  return current?.kind ?? null;
}
