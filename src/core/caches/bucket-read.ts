// A bucket as read from the store: anything unreadable, or of another generation, reads as empty.
import type { Bucket, FieldEntry, StoredEntity, UnmatchedEntry } from "./bucket-types";
import { decodeCompact, unpackedJson } from "./compact-bucket";

/**
 * Entity keys are user text, so a key such as "__proto__" or "constructor" must be an ordinary own
 * property: every record in a bucket has no prototype.
 */
export function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isFieldEntry(value: unknown): value is FieldEntry {
  return (
    Array.isArray(value) &&
    (value.length === 2 || (value.length === 3 && typeof value[2] === "number")) &&
    typeof value[1] === "number"
  );
}

function readUnmatched(value: unknown[]): UnmatchedEntry | null {
  if (typeof value[0] !== "number") return null;
  if (value.length === 1) return [value[0]];
  return value.length === 2 && typeof value[1] === "number" ? [value[0], value[1]] : null;
}

function readEntity(value: unknown): StoredEntity | null {
  if (Array.isArray(value)) return readUnmatched(value);
  if (!isRecord(value)) return null;
  const fields = dict<FieldEntry>();
  for (const [field, entry] of Object.entries(value)) if (isFieldEntry(entry)) fields[field] = entry;
  return fields;
}

/** A stored value as a bucket of `generation`; anything unreadable or older reads as empty. */
export function readBucket(text: string | undefined, generation: number): Bucket {
  const empty: Bucket = { g: generation, s: dict() };
  if (text === undefined) return empty;
  const json = unpackedJson(text);
  if (json === null) return empty;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return empty;
  }
  const compact = decodeCompact(parsed, generation);
  if (compact !== null) return compact;
  if (!isRecord(parsed) || parsed["g"] !== generation || !isRecord(parsed["s"])) return empty;
  for (const [scope, entities] of Object.entries(parsed["s"])) {
    if (!isRecord(entities)) continue;
    const kept = dict<StoredEntity>();
    for (const [entityKey, value] of Object.entries(entities)) {
      const entity = readEntity(value);
      if (entity !== null) kept[entityKey] = entity;
    }
    empty.s[scope] = kept;
  }
  return empty;
}

/** The stored generation, or null when it is missing or unreadable (the cache then holds nothing). */
export function readGeneration(text: string | undefined): number | null {
  if (text === undefined || !/^[0-9]{1,16}$/.test(text)) return null;
  return Number(text);
}
