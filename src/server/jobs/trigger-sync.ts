// Keeps the user's one dispatcher trigger in step with their work in every spreadsheet, and the index of
// which spreadsheets have work, kept in the user's properties where a trigger without a document finds it.
import { atHome } from "../../core/jobs/home";
import { isActive, runsFor } from "../../core/jobs/job";
import {
  type TriggerKind,
  type TriggerRecord,
  triggerChange,
  wantedTrigger,
} from "../../core/jobs/trigger-plan";
import { type PropertyStore, propertyStore } from "../../platform/properties";
import { createTrigger, deleteTrigger, documentTriggerIds, triggerIds } from "../../platform/triggers";
import { DIAGNOSTICS_HANDLER, DISPATCH_HANDLER, type JobServices } from "./services";

/** One user property: the trigger this user made, and the spreadsheets where they have work. */
const DISPATCH_PROPERTY = "JOBS_DISPATCH";
/** Apps Script's refusal of a second add-on time trigger in one document. */
const ONE_PER_DOCUMENT = /only one time-based trigger/i;

/** What a spreadsheet holds for this user: jobs still to run, or only scheduled refreshes. */
export type Work = "jobs" | "rules";

export interface DispatchRecord {
  trigger: TriggerRecord | null;
  /** Spreadsheet id → the work this user has there. */
  work: Record<string, Work>;
}

export function readDispatchRecord(user: PropertyStore): DispatchRecord {
  const text = user.get(DISPATCH_PROPERTY);
  const record: DispatchRecord = { trigger: null, work: {} };
  if (!text) return record;
  try {
    const parsed = JSON.parse(text) as Partial<DispatchRecord>;
    const t = parsed.trigger;
    if (t && typeof t.id === "string" && (t.kind === "minute" || t.kind === "hourly")) {
      record.trigger = { id: t.id, kind: t.kind };
    }
    for (const [id, work] of Object.entries(parsed.work ?? {})) {
      if (work === "jobs" || work === "rules") record.work[id] = work;
    }
  } catch {
    // An unreadable record is as good as none: the trigger is looked for again, the work re-found by polls.
  }
  return record;
}

function writeDispatchRecord(user: PropertyStore, record: DispatchRecord): void {
  if (!record.trigger && Object.keys(record.work).length === 0) user.delete(DISPATCH_PROPERTY);
  else user.put(DISPATCH_PROPERTY, JSON.stringify(record));
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

/**
 * This user's work in the services' spreadsheet, as its job store says now. Work copied from another
 * spreadsheet is nobody's here until resumed, so a poll in a copy never adds the copy to the index.
 */
function workHere(services: JobServices, me: string): Work | null {
  const here = services.spreadsheetId;
  const mine = (record: Parameters<typeof atHome>[0] & { ownerId?: string }) =>
    runsFor(record, me) && atHome(record, here);
  if (services.queue.list().some((job) => isActive(job) && mine(job))) return "jobs";
  return services.rules.list().some(mine) ? "rules" : null;
}

/**
 * Notes this user's work in the services' spreadsheet in the index, then creates, replaces or deletes the user's one trigger so that it matches the work in all
 * their spreadsheets. Returns what is in place.
 */
export function syncTrigger(services: JobServices): TriggerKind | null {
  const user = propertyStore("user");
  if (!user) return null;
  const record = readDispatchRecord(user);
  const before = JSON.stringify(record);
  const here = workHere(services, services.ownerId());
  // Re-added at the end: the trigger serves spreadsheets in this order, the one served longest ago first.
  delete record.work[services.spreadsheetId];
  if (here) record.work[services.spreadsheetId] = here;
  const all = Object.values(record.work);
  const wanted = wantedTrigger(services.deployment, {
    activeJobs: all.includes("jobs"),
    rules: all.length > 0,
  });
  const ids = triggerIds(DISPATCH_HANDLER);
  const current = record.trigger && ids.includes(record.trigger.id) ? record.trigger : null;
  // Triggers of this handler the record does not know (one per spreadsheet, from before; a lost record)
  // would run the same work again: the user keeps one. Only where a new one can be made, so a
  // documentless run never deletes the trigger it runs in without a successor.
  if (services.inDocument) for (const id of ids) if (id !== current?.id) deleteTrigger(id);
  const change = triggerChange(wanted, current);
  record.trigger = current;
  // A trigger can be made only in a document (an add-on's belong to a file); a documentless run keeps its own.
  if (change.create && services.inDocument) {
    if (change.remove) deleteTrigger(change.remove);
    // An add-on's one time trigger in this document may be a waiting Diagnostics check: the work comes first.
    if (services.deployment === "addon") {
      for (const id of documentTriggerIds(DIAGNOSTICS_HANDLER)) deleteTrigger(id);
    }
    record.trigger = create(change.create);
  } else if (change.remove && !change.create) {
    deleteTrigger(change.remove);
    record.trigger = null;
  }
  if (JSON.stringify(record) !== before) writeDispatchRecord(user, record);
  return record.trigger?.kind ?? null;
}

/**
 * Drops a spreadsheet the trigger can no longer open from the index (its jobs stay in the file, and the
 * sidebar there lists them again), and the trigger with it once no work is left anywhere.
 */
export function forgetSpreadsheet(id: string): void {
  const user = propertyStore("user");
  if (!user) return;
  const record = readDispatchRecord(user);
  delete record.work[id];
  if (Object.keys(record.work).length === 0 && record.trigger) {
    deleteTrigger(record.trigger.id);
    record.trigger = null;
  }
  writeDispatchRecord(user, record);
}
