// The one money record: every paid answer's credits_used and credits_remaining folded in as it arrives, from
// any execution (formulas, background runs, sidebar actions), so the balance and today's spending shown
// anywhere come from the same figures the service charged. Pure: the caller stores it and supplies the inputs.

export interface MoneyRecord {
  /** Fingerprint of the key the figures belong to; another key starts a new record. */
  key: string;
  /** The latest balance known; null until one has been seen for this key. */
  remaining: number | null;
  /** ISO time of the answer or reading `remaining` came from. */
  at: string | null;
  /** Where `remaining` came from: a paid answer, or a free balance reading. */
  from: "paid" | "read" | null;
  /** The highest balance seen for this key: "the last top-up" the chip's thresholds are relative to. */
  topUp: number;
  /** The day (YYYY-MM-DD, the spreadsheet's time zone) the counts below belong to. */
  day: string;
  /** Credits every paid answer of this key charged that day (credits_used, summed). */
  spent: number;
  /** Of `spent`, what formulas' answers charged. */
  formulas: number;
  /**
   * Credits possibly charged that day by requests whose answer was lost (as the Enrichment log's
   * possibly-charged rows say, less its settled rows): apart from `spent`, which only answers prove.
   */
  possibly: number;
  /** ISO time of the latest possibly-charged amount: a balance older than it may be too high. */
  lostAt: string | null;
  /** Paid answers folded in so far: a stored copy with a smaller count is behind. */
  answers: number;
}

/** One paid answer, as the client reports it (a fetchAll's answers together). */
export interface PaidAnswer {
  key: string;
  creditsUsed: number;
  creditsRemaining: number;
  /** ISO time the answer came. */
  at: string;
  byFormula: boolean;
}

/** What the sidebar shows of the record. */
export interface MoneyView {
  remaining: number;
  /** ISO time of the answer or reading the balance is from. */
  asOf: string | null;
  /** "paid": from the last paid answer; "read": read from the service by the sidebar (free). */
  from: "paid" | "read";
  topUp: number;
  /** Credits spent today (since 00:00 in the spreadsheet's time zone) by every paid call of this key. */
  spentToday: number;
  /** Of those, by formulas. */
  formulasToday: number;
  /** Credits possibly charged today by requests whose answer was lost, apart from `spentToday`. */
  possiblyToday: number;
  /** True when an answer was lost after the balance was known: the balance may be too high until read again. */
  balanceBeforeLoss: boolean;
  /** The spreadsheet's time zone as a place ("Los Angeles"): the day "today" counts in (the server adds it). */
  zone?: string;
  /** Changes whenever the record does (the server adds the day's request count), so the sidebar knows when what it shows is behind. */
  version: string;
}

function fresh(key: string, today: string): MoneyRecord {
  return {
    key,
    remaining: null,
    at: null,
    from: null,
    topUp: 0,
    day: today,
    spent: 0,
    formulas: 0,
    possibly: 0,
    lostAt: null,
    answers: 0,
  };
}

/** The record for `key` on `today`: another key's starts afresh, another day's keeps its balance only. */
function current(record: MoneyRecord | null, key: string, today: string): MoneyRecord {
  if (!record || record.key !== key) return fresh(key, today);
  if (record.day !== today) return { ...record, day: today, spent: 0, formulas: 0, possibly: 0 };
  return record;
}

/** A balance is replaced only by a newer one: answers of concurrent executions may be folded out of order. */
function newer(record: MoneyRecord, at: string): boolean {
  return record.at === null || at >= record.at;
}

/** Folds in one paid answer: its charge is counted, and its balance kept when it is the newest. */
export function foldPaid(record: MoneyRecord | null, answer: PaidAnswer, today: string): MoneyRecord {
  const base = current(record, answer.key, today);
  const take = newer(base, answer.at);
  return {
    ...base,
    ...(take ? { remaining: answer.creditsRemaining, at: answer.at, from: "paid" as const } : {}),
    topUp: Math.max(base.topUp, answer.creditsRemaining),
    spent: base.spent + answer.creditsUsed,
    formulas: base.formulas + (answer.byFormula ? answer.creditsUsed : 0),
    answers: base.answers + 1,
  };
}

/**
 * Folds in credits possibly charged by a request whose answer was lost, as the Enrichment log records them
 * (negative: a settled row taking back what proved not charged). Counted apart from what answers charged.
 */
export function foldPossibly(
  record: MoneyRecord | null,
  loss: { key: string; credits: number; at: string },
  today: string,
): MoneyRecord {
  const base = current(record, loss.key, today);
  return {
    ...base,
    possibly: Math.max(0, base.possibly + loss.credits),
    lostAt: loss.credits > 0 && (base.lostAt === null || loss.at > base.lostAt) ? loss.at : base.lostAt,
    answers: base.answers + 1,
  };
}

/** What changes whenever the record does (the durable copy and the sidebar compare it). */
export function recordMark(record: MoneyRecord): string {
  return [record.key, record.day, record.answers, record.at, record.remaining, record.possibly].join("|");
}

/** Folds in a balance the sidebar read itself (free): nothing was spent for it. */
export function foldRead(
  record: MoneyRecord | null,
  reading: { key: string; remaining: number; at: string },
  today: string,
): MoneyRecord {
  const base = current(record, reading.key, today);
  if (!newer(base, reading.at)) return base;
  return {
    ...base,
    remaining: reading.remaining,
    at: reading.at,
    from: "read",
    topUp: Math.max(base.topUp, reading.remaining),
  };
}

export function moneyView(record: MoneyRecord | null, key: string, today: string): MoneyView | null {
  if (!record || record.key !== key || record.remaining === null) return null;
  const counts = record.day === today;
  return {
    remaining: record.remaining,
    asOf: record.at,
    from: record.from ?? "paid",
    topUp: Math.max(record.topUp, record.remaining),
    spentToday: counts ? record.spent : 0,
    formulasToday: counts ? record.formulas : 0,
    possiblyToday: counts ? record.possibly : 0,
    balanceBeforeLoss: record.lostAt !== null && (record.at === null || record.lostAt > record.at),
    version: recordMark(record),
  };
}

/** Of two copies of the record (the cache's and the durable one), the one further along. */
export function furthest(a: MoneyRecord | null, b: MoneyRecord | null): MoneyRecord | null {
  if (!a || !b) return a ?? b;
  if (a.key !== b.key) return a;
  if (a.day !== b.day) return a.day > b.day ? a : b;
  if (a.answers !== b.answers) return a.answers > b.answers ? a : b;
  return (a.at ?? "") >= (b.at ?? "") ? a : b;
}

/** A stored record, or null for anything missing or unreadable (a hand-edited property, an older shape). */
export function parseMoneyRecord(text: string | null): MoneyRecord | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const r = parsed as Record<string, unknown>;
  const count = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
  if (typeof r.key !== "string" || typeof r.day !== "string") return null;
  if (!count(r.topUp) || !count(r.spent) || !count(r.formulas) || !count(r.answers)) return null;
  if (r.remaining !== null && !count(r.remaining)) return null;
  if (r.at !== null && typeof r.at !== "string") return null;
  if (r.from !== null && r.from !== "paid" && r.from !== "read") return null;
  // Records kept before lost answers were counted have neither: none were counted then.
  if (r.possibly !== undefined && !count(r.possibly)) return null;
  if (r.lostAt !== undefined && r.lostAt !== null && typeof r.lostAt !== "string") return null;
  return {
    key: r.key,
    remaining: r.remaining as number | null,
    at: r.at as string | null,
    from: r.from as MoneyRecord["from"],
    topUp: r.topUp,
    day: r.day,
    spent: r.spent,
    formulas: r.formulas,
    possibly: (r.possibly as number | undefined) ?? 0,
    lostAt: (r.lostAt as string | null | undefined) ?? null,
    answers: r.answers,
  };
}
