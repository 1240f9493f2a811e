// The purchase record by key: every answer it holds, one row per key-hash bucket, so a formula reads one row.

import type { CachedEntity, CachedJson } from "../caches/result-cache";
import { fnv1a32 } from "../text/hash";
import { cut, MARK, unmarked } from "./record-pieces";

/**
 * A hidden sheet derived from "Enrichment purchases" (its waves are the truth, appended by runs without a
 * lock): row 1 says how many record rows it holds, row 2 + b holds bucket b. A formula, which may read a
 * sheet but not write one, reads only the rows of the keys it lacks instead of decoding the whole record.
 */
export { SHELF_SHEET } from "../addon-sheets/registry";
/**
 * 1,024 rows: at 100,000 organizations × 25 fields (about 30 MB) a bucket averages about 29 KB, one or two
 * 40,000-character cells; a bucket longer than a cell goes on in the next columns, as waves do.
 */
export const SHELF_BUCKETS = 1_024;

/** One key's answer: when it was fetched (the oldest of its fields) and its values; none: no match. */
export interface ShelfEntry {
  t: number;
  v?: Record<string, CachedJson>;
}
export type ShelfBucket = Map<string, ShelfEntry>;

export function shelfBucketOf(key: string): number {
  return fnv1a32(key) % SHELF_BUCKETS;
}

/** The sheet row of bucket `bucket`. */
export function shelfRow(bucket: number): number {
  return bucket + 2;
}

/** Row 1: the record rows the shelf holds (a record with another count is read again). */
export function encodeShelfHeader(recordRows: number): string {
  return `${MARK}#shelf ${recordRows}`;
}

export function decodeShelfHeader(cell: unknown): number | null {
  const match = /^#shelf (\d+)$/.exec(unmarked(cell) ?? "");
  return match ? Number(match[1]) : null;
}

/** `{f: [field names], k: {key: [t] | [t, fieldIndex, value, …]}}`: field names once a bucket. */
export function encodeShelfBucket(bucket: ShelfBucket): string[] {
  if (bucket.size === 0) return [];
  const fields: string[] = [];
  const index = new Map<string, number>();
  const k: Record<string, unknown[]> = {};
  for (const [key, entry] of bucket) {
    const out: unknown[] = [entry.t];
    for (const [field, value] of Object.entries(entry.v ?? {})) {
      let i = index.get(field);
      if (i === undefined) {
        i = fields.push(field) - 1;
        index.set(field, i);
      }
      out.push(i, value);
    }
    k[key] = entry.v ? out : [entry.t, -1];
  }
  return cut(JSON.stringify({ f: fields, k })).map((piece) => MARK + piece);
}

/** A bucket's row; an empty or edited row reads as empty (its answers are not known here). */
export function decodeShelfBucket(row: readonly unknown[]): ShelfBucket {
  const bucket: ShelfBucket = new Map();
  let json = "";
  for (const cell of row) {
    const piece = unmarked(cell);
    if (piece === null) break;
    json += piece;
  }
  if (json === "") return bucket;
  try {
    const parsed = JSON.parse(json) as { f?: unknown; k?: unknown };
    if (!Array.isArray(parsed.f) || typeof parsed.k !== "object" || parsed.k === null) return bucket;
    const fields = parsed.f as string[];
    for (const [key, out] of Object.entries(parsed.k as Record<string, unknown>)) {
      if (!Array.isArray(out) || typeof out[0] !== "number") continue;
      if (out[1] === -1) {
        bucket.set(key, { t: out[0] });
        continue;
      }
      const v: Record<string, CachedJson> = {};
      for (let i = 1; i + 1 < out.length; i += 2) {
        const field = fields[out[i] as number];
        if (typeof field === "string") v[field] = out[i + 1] as CachedJson;
      }
      bucket.set(key, { t: out[0], v });
    }
  } catch {
    // An edited row: nothing known from it.
  }
  return bucket;
}

/**
 * Adds one answer fetched at `t`: a newer answer replaces what it covers, an older one only adds fields
 * not known yet. An entry's time is that of its oldest field, so its age is never read younger than it is.
 */
export function addToShelf(bucket: ShelfBucket, key: string, t: number, values?: Record<string, CachedJson>) {
  const known = bucket.get(key);
  if (!known) {
    bucket.set(key, values ? { t, v: { ...values } } : { t });
    return;
  }
  if (!values) {
    if (t >= known.t) bucket.set(key, { t });
    return;
  }
  if (!known.v) {
    if (t >= known.t) bucket.set(key, { t, v: { ...values } });
    return;
  }
  if (t >= known.t) {
    const covers = Object.keys(known.v).every((field) => field in values);
    bucket.set(key, { t: covers ? t : known.t, v: { ...known.v, ...values } });
    return;
  }
  const added = Object.keys(values).filter((field) => !(field in (known.v ?? {})));
  if (added.length === 0) return;
  const v = { ...known.v };
  for (const field of added) v[field] = values[field] as CachedJson;
  bucket.set(key, { t, v });
}

/**
 * What the shelf answers for `fields` of a key at `now`: an answer younger than `lifetimeMs` (the freshness
 * window), with those of the fields it holds (the caller buys the rest); null when it holds none.
 */
export function shelfAnswer(
  entry: ShelfEntry | undefined,
  fields: readonly string[],
  now: number,
  lifetimeMs: number,
): CachedEntity | null {
  if (!entry || entry.t + lifetimeMs <= now) return null;
  if (!entry.v) return { matched: false };
  const values: Record<string, CachedJson> = {};
  for (const field of fields) if (field in entry.v) values[field] = entry.v[field] as CachedJson;
  return Object.keys(values).length > 0 ? { matched: true, values } : null;
}
