// The durable record of paid requests sent and not yet settled: written before a request goes out, removed
// once its answer is in hand or it surely failed. What is left behind belongs to an execution that died
// with the request out, and is logged as possibly charged instead of being forgotten or bought again.
import type { Clock } from "../../api/retry/clock";
import { type Mutex, tryExclusive } from "./mutex";
import { isStoreFull, type StringStore } from "./spend-guard";

export const PAID_INTENTS_KEY = "paid:intents";

/**
 * A settlement that could not take the lock (another execution held it past the wait) is written under its
 * own key instead, with no lock needed: the journal drops the intent the next time it is read or changed.
 */
export const SETTLED_PREFIX = "paid:settled:";

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
/** A settlement waits less: its answer is in hand and the person is waiting; a busy lock defers it. */
const SETTLE_LOCK_MS = 2_000;

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

  /**
   * The request's answer is in hand, or it surely cost nothing: forget it. Never throws: bookkeeping after
   * payment must not turn a paid answer into an error. A busy lock or a failing store defers the
   * settlement to a marker of its own; when even that cannot be written the intent stays open, and is
   * later logged as possibly charged (more than was charged, never less).
   */
  settle(id: string): void {
    try {
      const settled = tryExclusive(
        this.options.mutex,
        () => this.#write(this.#read().filter((intent) => intent.id !== id)),
        SETTLE_LOCK_MS,
      );
      if (settled.acquired) return;
    } catch {
      // The store refused the write: the marker below is one small value, and may still fit.
    }
    try {
      this.options.store.put(SETTLED_PREFIX + id, "1");
    } catch {
      // Left open: the orphan log covers it.
    }
  }

  /** Takes out the intents whose execution can no longer be running, for the log. */
  takeOrphans(): PaidIntent[] {
    const cutoff = this.options.clock.now() - ORPHAN_AFTER_MS;
    // A plain read first: almost always there is nothing, and then no lock is taken.
    if (!this.#readRaw().some((intent) => intent.at <= cutoff && !this.#settledLater(intent))) return [];
    let taken: PaidIntent[] = [];
    this.#update((all) => {
      taken = all.filter((intent) => intent.at <= cutoff);
      return all.filter((intent) => intent.at > cutoff);
    });
    return taken;
  }

  /** Whether a settlement was deferred to its own marker. */
  #settledLater(intent: PaidIntent): boolean {
    return this.options.store.get(SETTLED_PREFIX + intent.id) !== null;
  }

  /** The open intents, without those settled by a deferred marker. */
  #read(): PaidIntent[] {
    return this.#readRaw().filter((intent) => !this.#settledLater(intent));
  }

  #readRaw(): PaidIntent[] {
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
    this.options.mutex.runExclusive(() => this.#write(change(this.#read())), LOCK_MS);
  }

  /** Saves `next` (under the lock) and removes the markers of deferred settlements it no longer needs. */
  #write(next: PaidIntent[]): void {
    const { store } = this.options;
    const markers = this.#readRaw().filter((intent) => this.#settledLater(intent));
    if (next.length === 0) store.delete(PAID_INTENTS_KEY);
    else store.put(PAID_INTENTS_KEY, JSON.stringify(next));
    for (const intent of markers) store.delete(SETTLED_PREFIX + intent.id);
  }
}
