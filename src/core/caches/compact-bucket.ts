// The compact text of a result-cache bucket, for a store where every byte counts (document properties).
import {
  type Bucket,
  type CachedJson,
  type FieldEntry,
  isUnmatched,
  type StoredEntity,
  type UnmatchedEntry,
} from "./bucket-types";
import { packText, unpackText } from "./packed-text";

/**
 * Marks the compact format. The previous format (no "v") is still read, so a document keeps what it
 * cached before; it is never misread as this one, which always carries `"v":2`.
 */
export const COMPACT_VERSION = 2;

/**
 * `{"v":2,"g":generation,"f":[field names],"t":[[expiresAt] or [expiresAt, fetchedAt]],"s":{scope:{key:E}}}`
 * where E is a stamp index (an unmatched entity) or a list of groups `[stamp index, field index, value,
 * field index, value, …]`, one group per distinct stamp. Field names and stamps are written once per bucket
 * instead of once per entry: an organization with three fields fetched together costs its key, its values
 * and about eight bytes, against about forty for the names and thirteen-digit times of the previous format.
 */
interface CompactBucket {
  v: typeof COMPACT_VERSION;
  g: number;
  f: string[];
  t: number[][];
  s: Record<string, Record<string, number | unknown[][]>>;
}

function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Index of `item` in `list`, adding it when new. */
function indexIn<T>(list: T[], index: Map<string, number>, item: T, id: string): number {
  const known = index.get(id);
  if (known !== undefined) return known;
  list.push(item);
  index.set(id, list.length - 1);
  return list.length - 1;
}

export function encodeCompact(bucket: Bucket): string {
  const fields: string[] = [];
  const stamps: number[][] = [];
  const fieldIndex = new Map<string, number>();
  const stampIndex = new Map<string, number>();
  const stamp = (parts: number[]) => indexIn(stamps, stampIndex, parts, parts.join(","));
  const scopes: CompactBucket["s"] = dict();
  for (const [scope, entities] of Object.entries(bucket.s)) {
    const out: Record<string, number | unknown[][]> = dict();
    for (const [entityKey, entity] of Object.entries(entities)) {
      if (isUnmatched(entity)) {
        out[entityKey] = stamp([...entity]);
        continue;
      }
      const groups = new Map<number, unknown[]>();
      for (const [field, entry] of Object.entries(entity)) {
        const t = stamp(entry.slice(1) as number[]);
        const group = groups.get(t) ?? [t];
        group.push(indexIn(fields, fieldIndex, field, field), entry[0]);
        groups.set(t, group);
      }
      out[entityKey] = [...groups.values()];
    }
    scopes[scope] = out;
  }
  const compact: CompactBucket = { v: COMPACT_VERSION, g: bucket.g, f: fields, t: stamps, s: scopes };
  return JSON.stringify(compact);
}

function readStamp(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length < 1 || value.length > 2) return null;
  return value.every((n) => typeof n === "number") ? (value as number[]) : null;
}

function decodeEntity(value: unknown, fields: string[], stamps: (number[] | null)[]): StoredEntity | null {
  if (typeof value === "number") {
    const stamp = stamps[value];
    return stamp ? ([...stamp] as UnmatchedEntry) : null;
  }
  if (!Array.isArray(value)) return null;
  const entity = dict<FieldEntry>();
  for (const group of value) {
    if (!Array.isArray(group) || group.length % 2 !== 1) continue;
    const stamp = stamps[group[0] as number];
    if (!stamp) continue;
    for (let i = 1; i < group.length; i += 2) {
      const field = fields[group[i] as number];
      if (typeof field === "string") entity[field] = [group[i + 1] as CachedJson, ...stamp] as FieldEntry;
    }
  }
  return Object.keys(entity).length > 0 ? entity : null;
}

/** A parsed compact bucket of `generation`, or null when `parsed` is not one (another format or generation). */
export function decodeCompact(parsed: unknown, generation: number): Bucket | null {
  if (!isRecord(parsed) || parsed["v"] !== COMPACT_VERSION || parsed["g"] !== generation) return null;
  const { f, t, s } = parsed;
  if (!Array.isArray(f) || !Array.isArray(t) || !isRecord(s)) return null;
  if (!f.every((name) => typeof name === "string")) return null;
  const fields = f as string[];
  const stamps = t.map(readStamp);
  const bucket: Bucket = { g: generation, s: dict() };
  for (const [scope, entities] of Object.entries(s)) {
    if (!isRecord(entities)) continue;
    const kept = dict<StoredEntity>();
    for (const [entityKey, value] of Object.entries(entities)) {
      const entity = decodeEntity(value, fields, stamps);
      if (entity !== null) kept[entityKey] = entity;
    }
    bucket.s[scope] = kept;
  }
  return bucket;
}

/** Starts a packed bucket: never the first character of JSON, nor one of packText's. */
export const PACKED_MARK = "~";

/** The compact text packed (packed-text.ts): about half its bytes, twice the organizations per value. */
export function encodePacked(bucket: Bucket): string {
  return PACKED_MARK + packText(encodeCompact(bucket));
}

/** The JSON text a stored value holds: a packed one unpacked (null when damaged), any other as it is. */
export function unpackedJson(text: string): string | null {
  return text.startsWith(PACKED_MARK) ? unpackText(text.slice(PACKED_MARK.length)) : text;
}
