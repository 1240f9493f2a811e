// The formula spend guard: a kill switch and an optional daily credit cap, checked before spending.
import { requireNonNegative } from "./checks";
import type { Mutex } from "./mutex";
import { tryExclusive } from "./mutex";

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

  constructor(options: SpendGuardOptions) {
    const { dailyCap } = options.settings;
    if (dailyCap !== null) requireNonNegative("dailyCap", dailyCap);
    this.settings = options.settings;
    this.store = options.store;
    this.today = options.today;
    this.mutex = options.mutex;
    this.key = options.key ?? DEFAULT_SPEND_KEY;
  }

  /** Credits spent today; a record from another day, or none, or an unreadable one, counts as 0. */
  spentToday(): number {
    return this.read(this.currentDay()).spent;
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

  /** Adds what a formula actually spent to today's record. */
  record(actualCreditsUsed: number): void {
    requireNonNegative("actualCreditsUsed", actualCreditsUsed);
    if (actualCreditsUsed === 0) return;
    const add = (): void => {
      const day = this.currentDay();
      const current = this.read(day);
      const next: SpendRecord = { day, spent: current.spent + actualCreditsUsed };
      this.store.put(this.key, JSON.stringify(next));
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

  private read(day: string): SpendRecord {
    const text = this.store.get(this.key);
    if (text === null) return { day, spent: 0 };
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
}
