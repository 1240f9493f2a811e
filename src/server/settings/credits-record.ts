// The sidebar's memory of the credit balance: the latest figure, when it was read, and the reference the
// credits chip measures "running low" against. Pure: the caller stores the record and supplies the inputs.

export interface CreditsRecord {
  /** Fingerprint of the key the figures belong to; another key starts a new record. */
  key: string;
  /** Null until a balance for this key has been seen. */
  remaining: number | null;
  /** ISO time the balance was read by the sidebar itself; null when it came from another paid response. */
  asOf: string | null;
  /** The highest balance seen for this key: "the last top-up" the chip's thresholds are relative to. */
  topUp: number;
  /** The latest-response figure (runtime's cache) already accounted for, so it is not taken twice. */
  seen: number | null;
  /** The day (YYYY-MM-DD, the spreadsheet's time zone) `dayStart` belongs to. */
  day?: string | null;
  /** The balance today's spending is counted from, raised by any top-up seen today. */
  dayStart?: number | null;
}

/** What the sidebar shows. */
export interface CreditsView {
  remaining: number;
  asOf: string | null;
  topUp: number;
  /** What this key spent today by the balances seen: every paid call, formulas and other spreadsheets too. */
  spentToday: number;
}

/**
 * Keeps today's starting balance: on the first balance of a day (or of a key), the last balance seen
 * before it; a balance that rises (a top-up) raises it by as much, so spending stays what was spent.
 */
export function countDay(before: CreditsRecord | null, next: CreditsRecord, today: string): CreditsRecord {
  if (next.remaining === null) return next;
  const previous = before?.key === next.key ? (before.remaining ?? null) : null;
  if (before?.key !== next.key || before.day !== today || typeof before.dayStart !== "number") {
    return { ...next, day: today, dayStart: previous ?? next.remaining };
  }
  const topUp = previous !== null && next.remaining > previous ? next.remaining - previous : 0;
  return { ...next, day: today, dayStart: before.dayStart + topUp };
}

/**
 * A balance the sidebar read itself at a known time (refresh, key check). `latest` is the latest-response
 * figure at that moment: it is older than this reading (or the same), so it is marked as accounted for.
 */
export function observeBalance(
  record: CreditsRecord | null,
  input: { key: string; remaining: number; at: string; latest: number | null },
): CreditsRecord {
  const same = record?.key === input.key ? record : null;
  return {
    key: input.key,
    remaining: input.remaining,
    asOf: input.at,
    topUp: Math.max(same?.topUp ?? 0, input.remaining),
    seen: input.latest,
  };
}

/**
 * Folds in the balance of the latest paid response from anywhere (formulas, bulk runs). When the key
 * changed, that figure may still be the old key's, so it is set aside until a newer response replaces it.
 */
export function reconcileBalance(
  record: CreditsRecord | null,
  input: { key: string; latest: number | null; latestAt?: string | null },
): CreditsRecord {
  const { key, latest } = input;
  const latestAt = input.latestAt ?? null;
  if (record && record.key !== key) return { key, remaining: null, asOf: null, topUp: 0, seen: latest };
  if (latest === null || latest === record?.seen) {
    return record ?? { key, remaining: null, asOf: null, topUp: 0, seen: latest };
  }
  return {
    key,
    remaining: latest,
    asOf: latestAt,
    topUp: Math.max(record?.topUp ?? 0, latest),
    seen: latest,
  };
}

export function creditsView(record: CreditsRecord | null, today: string): CreditsView | null {
  if (!record || record.remaining === null) return null;
  const spentToday =
    record.day === today && typeof record.dayStart === "number"
      ? Math.max(0, record.dayStart - record.remaining)
      : 0;
  return {
    remaining: record.remaining,
    asOf: record.asOf,
    topUp: Math.max(record.topUp, record.remaining),
    spentToday,
  };
}

/** A stored record, or null for anything missing or unreadable (a hand-edited property). */
export function parseCreditsRecord(text: string | null): CreditsRecord | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const { key, remaining, asOf, topUp, seen, day, dayStart } = parsed as Record<string, unknown>;
  const count = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
  if (typeof key !== "string" || typeof topUp !== "number" || !Number.isFinite(topUp)) return null;
  if (remaining !== null && !count(remaining)) return null;
  if (seen !== null && !count(seen)) return null;
  if (asOf !== null && typeof asOf !== "string") return null;
  const daily =
    typeof day === "string" && count(dayStart) ? { day, dayStart } : { day: null, dayStart: null };
  return { key, remaining, asOf, topUp, seen, ...daily };
}
