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
}

/** What the sidebar shows. */
export interface CreditsView {
  remaining: number;
  asOf: string | null;
  topUp: number;
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

export function creditsView(record: CreditsRecord | null): CreditsView | null {
  if (!record || record.remaining === null) return null;
  return { remaining: record.remaining, asOf: record.asOf, topUp: Math.max(record.topUp, record.remaining) };
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
  const { key, remaining, asOf, topUp, seen } = parsed as Record<string, unknown>;
  const count = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
  if (typeof key !== "string" || typeof topUp !== "number" || !Number.isFinite(topUp)) return null;
  if (remaining !== null && !count(remaining)) return null;
  if (seen !== null && !count(seen)) return null;
  if (asOf !== null && typeof asOf !== "string") return null;
  return { key, remaining, asOf, topUp, seen };
}
