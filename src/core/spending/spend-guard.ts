// The formula spend guard: a kill switch and an optional daily credit cap, checked before spending.
import { requireNonNegative } from "../../api/retry/checks";
import type { Mutex } from "./mutex";
import { tryExclusive } from "./mutex";
import { isPropertiesQuotaError } from "./properties-quota";

/** Properties-shaped string storage (the spend record must outlive the 6-hour cache). */
export interface StringStore {
  get(key: string): string | null;
  put(key: string, value: string): void;
}

export interface SpendSettings {
  /** True pauses every paid formula request. */
  killSwitch: boolean;
  /** Credits formulas may spend per day; null for no cap. */
  dailyCap: number | null;
}

export interface SpendRecord {
  day: string;
  spent: number;
}

export type SpendCheck = { ok: true } | { ok: false; message: string };

export const DEFAULT_SPEND_KEY = "formulaSpend";
export const KILL_SWITCH_MESSAGE =
  "Enrichment formulas are paused (kill switch in Settings). No credits were spent.";
export const STORE_FULL_MESSAGE =
  "This spreadsheet's storage is full, so what this formula would spend cannot be recorded: nothing was sent and no credits were spent. Free space in Settings (Storage: clear cached results, or delete finished jobs), then recalculate.";
const DEFAULT_LOCK_TIMEOUT_MS = 2_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface SpendGuardOptions {
  settings: SpendSettings;
  store: StringStore;
  /**
   * Today's date as "YYYY-MM-DD" in the time zone the cap is counted in. In Apps Script, give
   * `() => Utilities.formatDate(new Date(), spreadsheet.getSpreadsheetTimeZone(), "yyyy-MM-dd")` so
   * the day turns over at the user's midnight; `dayAtOffset` serves a fixed UTC offset.
   */
  today: () => string;
  /** Serialises `record` across executions; without it, concurrent records may lose one another's updates. */
  mutex?: Mutex;
  /** Where the record is stored. Default: "formulaSpend" (DEFAULT_SPEND_KEY). */
  key?: string;
  /**
   * Where spend that `store` could not take after it was paid for waits (the 6-hour cache), counted in
   * spentToday and folded into the record by the next record that succeeds.
   */
  deferred?: StringStore;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

/** The "YYYY-MM-DD" date of `epochMs` at a fixed offset from UTC (in minutes; +60 for UTC+1). */
export function dayAtOffset(epochMs: number, offsetMinutes: number): string {
  const shifted = new Date(epochMs + offsetMinutes * 60_000);
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1, 2)}-${pad(shifted.getUTCDate(), 2)}`;
}

/** "1,234 credits": toLocaleString depends on the runtime's locale data, this does not. */
function credits(value: number): string {
  const [whole, fraction] = String(value).split(".");
  const grouped = (whole as string).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${grouped}${fraction === undefined ? "" : `.${fraction}`} credit${value === 1 ? "" : "s"}`;
}

export class SpendGuard {
  private readonly settings: SpendSettings;
  private readonly store: StringStore;
  private readonly today: () => string;
  private readonly mutex: Mutex | undefined;
  private readonly key: string;
  private readonly deferred: StringStore | undefined;

  constructor(options: SpendGuardOptions) {
    const { dailyCap } = options.settings;
    if (dailyCap !== null) requireNonNegative("dailyCap", dailyCap);
    this.settings = options.settings;
    this.store = options.store;
    this.today = options.today;
    this.mutex = options.mutex;
    this.key = options.key ?? DEFAULT_SPEND_KEY;
    this.deferred = options.deferred;
  }

  /** Credits spent today; a record from another day, or none, or an unreadable one, counts as 0. */
  spentToday(): number {
    const day = this.currentDay();
    return this.read(day).spent + this.readDeferred(day);
  }

  /**
   * `check`, and then "no record, no spend": the record is rewritten holding room for what this spend can
   * add (`held`), so that recording it after payment never needs more room than the store gave now. A
   * store that cannot take it refuses the spend with a sentence saying what to do.
   */
  admit(estimatedUpperBound: number): SpendCheck {
    const checked = this.check(estimatedUpperBound);
    if (!checked.ok || estimatedUpperBound === 0) return checked;
    const hold = (): void => {
      const day = this.currentDay();
      // Spend waiting in `deferred` joins the record with this one, so its room is held too.
      const held = { ...this.read(day), held: estimatedUpperBound + this.readDeferred(day) };
      this.store.put(this.key, JSON.stringify(held));
    };
    try {
      if (this.mutex === undefined || !tryExclusive(this.mutex, hold, DEFAULT_LOCK_TIMEOUT_MS).acquired)
        hold();
    } catch (error) {
      if (isStoreFull(error)) return { ok: false, message: STORE_FULL_MESSAGE };
      // The day's properties quota: the formula's own sentence says so (see server/formulas/run.ts).
      if (isPropertiesQuotaError(error)) throw error;
      const why = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        message: `What this formula would spend cannot be recorded (${why}), so nothing was sent and no credits were spent. Recalculate in a minute.`,
      };
    }
    return { ok: true };
  }

  /**
   * Whether a formula that could cost up to `estimatedUpperBound` credits may run. Nothing is reserved:
   * two formulas checked at once can together pass the cap by one formula's worth.
   */
  check(estimatedUpperBound: number): SpendCheck {
    requireNonNegative("estimatedUpperBound", estimatedUpperBound);
    // A formula answered wholly from the cache spends nothing, so the guard has nothing to stop.
    if (estimatedUpperBound === 0) return { ok: true };
    if (this.settings.killSwitch) return { ok: false, message: KILL_SWITCH_MESSAGE };
    const cap = this.settings.dailyCap;
    if (cap === null) return { ok: true };
    const spent = this.spentToday();
    if (spent + estimatedUpperBound <= cap) return { ok: true };
    return {
      ok: false,
      message:
        `The daily formula cap of ${credits(cap)} would be passed: ${credits(spent)} spent today, and this ` +
        `formula could cost up to ${credits(estimatedUpperBound)}. No credits were spent. Raise the cap in ` +
        `Settings or try again tomorrow.`,
    };
  }

  /**
   * Adds what a formula actually spent to today's record. Never throws: the credits are spent already, so a
   * store that cannot take the record leaves the amount in `deferred` instead of failing the formula.
   */
  record(actualCreditsUsed: number): void {
    requireNonNegative("actualCreditsUsed", actualCreditsUsed);
    if (actualCreditsUsed === 0) return;
    const add = (): void => {
      const day = this.currentDay();
      const owed = this.readDeferred(day);
      try {
        const next: SpendRecord = { day, spent: this.read(day).spent + owed + actualCreditsUsed };
        this.store.put(this.key, JSON.stringify(next));
        if (owed > 0) this.deferred?.put(DEFERRED_KEY, "");
      } catch {
        try {
          this.deferred?.put(DEFERRED_KEY, JSON.stringify({ day, spent: owed + actualCreditsUsed }));
        } catch {
          // Neither store takes it: the formula's paid answer still stands.
        }
      }
    };
    // Without the lock the update still happens: racing a concurrent record beats dropping this spend.
    if (this.mutex === undefined || !tryExclusive(this.mutex, add, DEFAULT_LOCK_TIMEOUT_MS).acquired) add();
  }

  private currentDay(): string {
    const day = this.today();
    if (!DAY.test(day))
      throw new RangeError(`today() must return a date as YYYY-MM-DD; got ${JSON.stringify(day)}.`);
    return day;
  }

  private readDeferred(day: string): number {
    const text = this.deferred?.get(DEFERRED_KEY);
    return text ? parseRecord(text, day).spent : 0;
  }

  private read(day: string): SpendRecord {
    const text = this.store.get(this.key);
    return text === null ? { day, spent: 0 } : parseRecord(text, day);
  }
}

const DEFERRED_KEY = "formulaSpend:deferred";

function parseRecord(text: string, day: string): SpendRecord {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { day, spent: 0 };
  }
  if (typeof parsed !== "object" || parsed === null) return { day, spent: 0 };
  const { day: storedDay, spent } = parsed as Partial<SpendRecord>;
  const valid = storedDay === day && typeof spent === "number" && Number.isFinite(spent) && spent >= 0;
  return valid ? { day, spent } : { day, spent: 0 };
}

/** Apps Script's refusals of a write for room: the store's 500 KB, or one value's 9 KB. */
export function isStoreFull(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /property storage quota|Argument too large/i.test(text);
}
