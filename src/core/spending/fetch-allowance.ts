// The add-on's own count of UrlFetch calls against Apps Script's daily allowance per user, so formulas
// stop with a sentence saying when they can fetch again instead of the platform's bare quota error.
import type { Clock } from "../../api/retry/clock";
import { type Mutex, tryExclusive } from "./mutex";
import type { StringStore } from "./spend-guard";

/** Consumer accounts get 20,000 UrlFetch calls a day (Workspace 100,000); the add-on assumes the smaller. */
export const DEFAULT_DAILY_FETCHES = 20_000;
/** The sidebar warns from this share of the allowance on. */
export const WARN_SHARE = 0.8;
/** The allowance counts over 24 hours from the window's first request. */
export const FETCH_WINDOW_MS = 86_400_000;
const KEY = "urlfetch_day";

export interface AllowanceStatus {
  used: number;
  limit: number;
  /** When the count starts again (24 hours after the window's first call); null before any call. */
  resetsAt: number | null;
}

export class FetchAllowanceError extends Error {}

export interface FetchAllowanceOptions {
  store: StringStore;
  mutex: Mutex;
  clock: Clock;
  limit?: number;
  /** Formats a time for the message, in the spreadsheet's zone ("14:05"). */
  formatTime: (ms: number) => string;
}

export class FetchAllowance {
  readonly limit: number;

  constructor(private readonly options: FetchAllowanceOptions) {
    this.limit = options.limit ?? DEFAULT_DAILY_FETCHES;
  }

  status(): AllowanceStatus {
    const window = this.read();
    return {
      used: window?.count ?? 0,
      limit: this.limit,
      resetsAt: window ? window.start + FETCH_WINDOW_MS : null,
    };
  }

  /**
   * Counts `calls` about to be made; throws FetchAllowanceError, counting nothing, when they would pass the
   * allowance. A count that cannot be kept (the lock busy, a store this execution may not write) lets the
   * calls go uncounted rather than stop a formula.
   */
  take(calls: number): void {
    const outcome = tryExclusive(
      this.options.mutex,
      () => {
        const now = this.options.clock.now();
        const current = this.read();
        const window = current && now - current.start < FETCH_WINDOW_MS ? current : { start: now, count: 0 };
        if (window.count + calls > this.limit) return window;
        try {
          this.options.store.put(KEY, `${window.start}|${window.count + calls}`);
        } catch {
          // A collaborator's custom function may not write the owner's properties: uncounted, not stopped.
        }
        return null;
      },
      2_000,
    );
    if (outcome.acquired && outcome.value) {
      const resets = outcome.value.start + FETCH_WINDOW_MS;
      throw new FetchAllowanceError(
        `Apps Script allows ${this.limit.toLocaleString("en-US")} UrlFetch calls a day for this account, and today's are used up: ` +
          `nothing was sent. Formulas and the sidebar can fetch again after ${this.options.formatTime(resets)}.`,
      );
    }
  }

  private read(): { start: number; count: number } | null {
    const text = this.options.store.get(KEY);
    const match = text ? /^(\d{1,16})\|(\d{1,9})$/.exec(text) : null;
    if (!match) return null;
    const window = { start: Number(match[1]), count: Number(match[2]) };
    return this.options.clock.now() - window.start < FETCH_WINDOW_MS ? window : null;
  }
}
