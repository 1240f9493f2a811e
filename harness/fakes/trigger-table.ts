// Time-driven triggers on the harness clock and the rules that limit how many and how often.
import type { ClockScheduler } from "../clock.ts";
import { GAS } from "../errors.ts";

export type Schedule =
  | { kind: "every"; intervalMs: number; description: string }
  | { kind: "once"; at: number };

export interface TriggerState {
  id: string;
  handler: string;
  user: string;
  documentId: string;
  schedule: Schedule;
  /** When it fires next; null for a one-shot trigger that has fired (it stays listed until deleted). */
  nextAt: number | null;
  createdAt: number;
  timeZone: string;
}

export const MAX_TRIGGERS_PER_USER = 20;
export const ADDON_MIN_INTERVAL_MS = 3_600_000;

export type TriggerFire = (trigger: TriggerState, at: number) => void;

export class TriggerTable implements ClockScheduler {
  readonly #triggers: TriggerState[] = [];
  #nextId = 4_711_000_000_000;
  fired = 0;

  constructor(
    private readonly addonMode: boolean,
    private readonly onFire: TriggerFire,
  ) {}

  /** Adds a trigger or returns the Apps Script error text that refuses it. */
  create(input: Omit<TriggerState, "id" | "nextAt">): TriggerState | string {
    const { schedule, createdAt } = input;
    if (this.addonMode) {
      const tooOften =
        schedule.kind === "every"
          ? schedule.intervalMs < ADDON_MIN_INTERVAL_MS
          : schedule.at - createdAt < ADDON_MIN_INTERVAL_MS;
      if (tooOften) return GAS.addonTriggerFrequency;
      if (this.#triggers.some((t) => t.user === input.user && t.documentId === input.documentId)) {
        return GAS.addonTriggerExists;
      }
    }
    if (this.forUser(input.user).length >= MAX_TRIGGERS_PER_USER) return GAS.tooManyTriggers;
    this.#nextId += 7_919;
    const trigger: TriggerState = {
      ...input,
      id: String(this.#nextId),
      nextAt: schedule.kind === "every" ? createdAt + schedule.intervalMs : schedule.at,
    };
    this.#triggers.push(trigger);
    return trigger;
  }

  /** Sets the first run of a daily or weekly trigger pinned to an hour. */
  pin(trigger: TriggerState, firstAt: number): void {
    trigger.nextAt = firstAt;
  }

  delete(id: string): boolean {
    const index = this.#triggers.findIndex((t) => t.id === id);
    if (index >= 0) this.#triggers.splice(index, 1);
    return index >= 0;
  }

  get(id: string): TriggerState | undefined {
    return this.#triggers.find((t) => t.id === id);
  }

  forUser(user: string, documentId?: string): TriggerState[] {
    return this.#triggers.filter(
      (t) => t.user === user && (documentId === undefined || t.documentId === documentId),
    );
  }

  all(): TriggerState[] {
    return this.#triggers.map((t) => ({ ...t }));
  }

  nextDue(): number | null {
    let next: number | null = null;
    for (const t of this.#triggers)
      if (t.nextAt !== null && (next === null || t.nextAt < next)) next = t.nextAt;
    return next;
  }

  /** Fires every trigger due at or before `at`, each in its own execution starting at `at`. */
  fire(at: number): void {
    const due = this.#triggers
      .filter((t) => t.nextAt !== null && t.nextAt <= at)
      .sort((a, b) => a.nextAt! - b.nextAt! || a.createdAt - b.createdAt);
    for (const trigger of due) {
      const schedule = trigger.schedule;
      if (schedule.kind === "every") {
        // Runs missed while time jumped are not made up, as with Apps Script's own scheduler.
        let next = trigger.nextAt!;
        while (next <= at) next += schedule.intervalMs;
        trigger.nextAt = next;
      } else {
        trigger.nextAt = null;
      }
      this.fired++;
      this.onFire(trigger, at);
    }
  }
}
