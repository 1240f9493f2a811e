// The durable record of paid requests sent and not yet settled: written before a request goes out, removed
// once its answer is in hand or it surely failed. What is left behind belongs to an execution that died
// with the request out, and is logged as possibly charged instead of being forgotten or bought again.
import type { Clock } from "./clock";
import type { Mutex } from "./mutex";
import { isStoreFull, type StringStore } from "./spend-guard";

export const PAID_INTENTS_KEY = "paid:intents";

export const JOURNAL_FULL_MESSAGE =
  "This spreadsheet's storage is full, so this paid request cannot be recorded before it is sent: nothing was sent and no credits were spent. Free space in Settings ▸ Storage (clear cached results, or delete finished jobs), then try again.";

/** How long a paid request may still be out: an execution lives 6 minutes at most; one more for safety. */
export const ORPHAN_AFTER_MS = 7 * 60 * 1000;

/** At most this many are kept: each is small, and a property value holds 9 KB. */
const MAX_KEPT = 60;

export interface PaidIntent {
  id: string;
  /** What was asked, in the person's words ("Signals", "Contact list 12"). */
  what: string;
  /** The most it can cost; null when the price depends on what comes back (a list read). */
  mostCredits: number | null;
  /** Harness or platform time (ms) it was sent. */
  at: number;
}

export interface IntentStore extends StringStore {
  delete(key: string): void;
}

export interface PaidIntentOptions {
  store: IntentStore;
  mutex: Mutex;
  clock: Clock;
}

const LOCK_MS = 10_000;

export class PaidIntents {
  constructor(private readonly options: PaidIntentOptions) {}

  /**
   * Records a paid request about to go out; returns its id, to settle it by. No record, no spend: a store
   * that cannot take it throws a sentence saying what to do, and the request is not sent.
   */
  open(what: string, mostCredits: number | null): string {
    const { clock } = this.options;
    const id = `${clock.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
    try {
      this.#update((all) => [...all.slice(-(MAX_KEPT - 1)), { id, what, mostCredits, at: clock.now() }]);
    } catch (error) {
      if (isStoreFull(error)) throw new Error(JOURNAL_FULL_MESSAGE);
      throw error;
    }
    return id;
  }

  /** The request's answer is in hand, or it surely cost nothing: forget it. */
  settle(id: string): void {
    this.#update((all) => all.filter((intent) => intent.id !== id));
  }

  /** Takes out the intents whose execution can no longer be running, for the log. */
  takeOrphans(): PaidIntent[] {
    const cutoff = this.options.clock.now() - ORPHAN_AFTER_MS;
    // A plain read first: almost always there is nothing, and then no lock is taken.
    if (!this.#read().some((intent) => intent.at <= cutoff)) return [];
    let taken: PaidIntent[] = [];
    this.#update((all) => {
      taken = all.filter((intent) => intent.at <= cutoff);
      return all.filter((intent) => intent.at > cutoff);
    });
    return taken;
  }

  #read(): PaidIntent[] {
    const text = this.options.store.get(PAID_INTENTS_KEY);
    if (!text) return [];
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? (parsed as PaidIntent[]) : [];
    } catch {
      return [];
    }
  }

  #update(change: (all: PaidIntent[]) => PaidIntent[]): void {
    this.options.mutex.runExclusive(() => {
      const next = change(this.#read());
      if (next.length === 0) this.options.store.delete(PAID_INTENTS_KEY);
      else this.options.store.put(PAID_INTENTS_KEY, JSON.stringify(next));
    }, LOCK_MS);
  }
}
