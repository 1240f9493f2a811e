// What Diagnostics keeps between its menu execution and its one-off clock trigger: in the user's properties,
// the one store a trigger without a document still has.
import type { PropertyStore } from "../../platform/properties";

export const RECORD_KEY = "diagnostics:trigger";

/** What the menu execution asked for: when, the trigger it got, and what the platform refused on the way. */
export interface TriggerPlan {
  scheduledAt: number;
  /** When the trigger is due; null when every attempt was refused. */
  dueAt: number | null;
  triggerId: string | null;
  /** The one-minute attempt: "accepted", or the platform's refusal. */
  oneMinute: string;
  /** The one-hour attempt, made only when the one-minute one was refused; null when not needed. */
  oneHour: string | null;
}

/** What the trigger saw, each probe as "yes", "null" or "threw: …". */
export interface TriggerSeen {
  at: number;
  authMode: string;
  installationSource: string;
  activeSpreadsheet: string;
  documentProperties: string;
  documentLock: string;
  documentCache: string;
}

export interface DiagnosticsRecord {
  plan: TriggerPlan;
  seen: TriggerSeen | null;
}

export function readRecord(store: PropertyStore): DiagnosticsRecord | null {
  const text = store.get(RECORD_KEY);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as DiagnosticsRecord;
    return parsed && typeof parsed.plan === "object" ? parsed : null;
  } catch {
    // An unreadable record is as good as none: Diagnostics schedules a new trigger.
    return null;
  }
}

export function writeRecord(store: PropertyStore, record: DiagnosticsRecord): void {
  store.put(RECORD_KEY, JSON.stringify(record));
}
