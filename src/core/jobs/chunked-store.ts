// JSON records in properties, split under the 9 KB value limit and refused before the 500 KB store fills.
import { utf8ByteLength } from "../text/utf8";

/** PropertiesService-shaped storage (the document properties in Apps Script). */
export interface KeyValueStore {
  get(key: string): string | null;
  put(key: string, value: string): void;
  delete(key: string): void;
  /** Every key and value. */
  all(): Record<string, string>;
  /** Drops anything read before, for a store that keeps what it read (see ChunkedStore.refresh). */
  refresh?(): void;
}

/** Apps Script: 9 KB per value, 500 KB per store (keys and values counted). */
export const PROPERTY_VALUE_MAX_BYTES = 9 * 1024;
export const PROPERTY_STORE_MAX_BYTES = 500 * 1024;
/** Parts stay well under the value limit, so a miscount by the service of a few bytes cannot fail a write. */
export const DEFAULT_PART_BYTES = 8_000;

const INLINE = "=";
const MANIFEST = "*";
const PART_SEPARATOR = "#";

/** The store has no room for a record; nothing was written. */
export class StoreFullError extends Error {
  override name = "StoreFullError";
}

export interface ChunkedStoreOptions {
  store: KeyValueStore;
  /** Largest value written, in UTF-8 bytes. Default: 8,000 (DEFAULT_PART_BYTES). */
  partBytes?: number;
  /** Bytes (keys and values) the whole store may hold. Default: 500 KB (PROPERTY_STORE_MAX_BYTES). */
  storeBytes?: number;
  /** Who sets that limit, for the message when it is reached. Default: "Apps Script allows per document". */
  limitWords?: string;
}

interface Manifest {
  g: number;
  n: number;
}

function bytesOf(key: string, value: string): number {
  return utf8ByteLength(key) + utf8ByteLength(value);
}

/** Splits `text` into pieces of at most `maxBytes` UTF-8 bytes without cutting a surrogate pair. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const parts: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    const next = pair ? text.charCodeAt(i + 1) : 0;
    const isPair = pair && next >= 0xdc00 && next <= 0xdfff;
    const width = isPair ? 2 : 1;
    const size = isPair ? 4 : code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
    if (bytes + size > maxBytes && i > start) {
      parts.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    i += width;
  }
  if (start < text.length || parts.length === 0) parts.push(text.slice(start));
  return parts;
}

function readManifest(value: string): Manifest | null {
  if (!value.startsWith(MANIFEST)) return null;
  try {
    const parsed = JSON.parse(value.slice(1)) as Partial<Manifest>;
    if (Number.isSafeInteger(parsed.g) && Number.isSafeInteger(parsed.n) && (parsed.n as number) > 0) {
      return { g: parsed.g as number, n: parsed.n as number };
    }
  } catch {
    // An unreadable manifest reads as no record.
  }
  return null;
}

function partKey(key: string, generation: number, index: number): string {
  return `${key}${PART_SEPARATOR}${generation}.${index}`;
}

function kilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KB`;
}

export class ChunkedStore {
  readonly partBytes: number;
  readonly storeBytes: number;
  private readonly limitWords: string;
  private readonly store: KeyValueStore;

  constructor(options: ChunkedStoreOptions) {
    this.store = options.store;
    this.partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
    this.storeBytes = options.storeBytes ?? PROPERTY_STORE_MAX_BYTES;
    this.limitWords = options.limitWords ?? "Apps Script allows per document";
    if (!Number.isSafeInteger(this.partBytes) || this.partBytes < 64) {
      throw new RangeError(`partBytes must be a whole number of at least 64; got ${this.partBytes}.`);
    }
  }

  /** Reads afresh from now on: called on taking the lock, so what is read there is what others wrote. */
  refresh(): void {
    this.store.refresh?.();
  }

  /** The record at `key`, or null when there is none or it cannot be read. */
  read<T>(key: string): T | null {
    const value = this.store.get(key);
    if (value === null) return null;
    return this.decode<T>(key, value, (k) => this.store.get(k));
  }

  /**
   * Every record whose key starts with `prefix`, read from one snapshot of the store (one service call
   * however many records there are), in key order.
   */
  readAll<T>(prefix: string): { key: string; value: T }[] {
    const snapshot = this.store.all();
    const records: { key: string; value: T }[] = [];
    for (const key of Object.keys(snapshot).sort()) {
      if (!key.startsWith(prefix) || key.includes(PART_SEPARATOR)) continue;
      const value = this.decode<T>(key, snapshot[key] as string, (k) => snapshot[k] ?? null);
      if (value !== null) records.push({ key, value });
    }
    return records;
  }

  /**
   * Stores `value` as JSON. A small record takes one value; a larger one is written as parts of a new
   * generation first and the manifest last, so a crash leaves the old version whole. Throws
   * StoreFullError, having written nothing, when the store would pass its allowance.
   */
  write(key: string, value: unknown): void {
    if (key.includes(PART_SEPARATOR))
      throw new RangeError(`Record keys cannot contain "${PART_SEPARATOR}": ${key}`);
    const json = JSON.stringify(value);
    const snapshot = this.store.all();
    const old = snapshot[key];
    const oldManifest = old === undefined ? null : readManifest(old);
    const inline = INLINE + json;
    if (utf8ByteLength(inline) <= this.partBytes) {
      this.checkRoom(snapshot, { [key]: inline });
      this.store.put(key, inline);
      if (oldManifest) this.deleteParts(key, oldManifest, snapshot);
      return;
    }
    const generation = (oldManifest?.g ?? 0) + 1;
    const parts = splitUtf8(json, this.partBytes);
    const manifest = MANIFEST + JSON.stringify({ g: generation, n: parts.length } satisfies Manifest);
    const added: Record<string, string> = { [key]: manifest };
    parts.forEach((part, i) => {
      added[partKey(key, generation, i)] = part;
    });
    this.checkRoom(snapshot, added);
    const written: string[] = [];
    try {
      parts.forEach((part, i) => {
        const k = partKey(key, generation, i);
        this.store.put(k, part);
        written.push(k);
      });
      this.store.put(key, manifest);
    } catch (error) {
      for (const k of written) this.store.delete(k);
      throw error;
    }
    if (oldManifest) this.deleteParts(key, oldManifest, snapshot);
  }

  /** Deletes a record: the manifest first, so a crash leaves stray parts rather than a broken record. */
  remove(key: string): void {
    const old = this.store.get(key);
    if (old === null) return;
    this.store.delete(key);
    const manifest = readManifest(old);
    if (manifest) this.deleteParts(key, manifest, null);
  }

  /** Deletes parts under `prefix` that no manifest refers to (left by a crash between writes). */
  sweep(prefix: string): number {
    const snapshot = this.store.all();
    const live = new Set<string>();
    for (const [key, value] of Object.entries(snapshot)) {
      const manifest = key.startsWith(prefix) && !key.includes(PART_SEPARATOR) ? readManifest(value) : null;
      if (!manifest) continue;
      for (let i = 0; i < manifest.n; i++) live.add(partKey(key, manifest.g, i));
    }
    let removed = 0;
    for (const key of Object.keys(snapshot)) {
      if (key.startsWith(prefix) && key.includes(PART_SEPARATOR) && !live.has(key)) {
        this.store.delete(key);
        removed++;
      }
    }
    return removed;
  }

  private decode<T>(key: string, value: string, get: (key: string) => string | null): T | null {
    let json: string;
    if (value.startsWith(INLINE)) json = value.slice(1);
    else {
      const manifest = readManifest(value);
      if (!manifest) return null;
      const parts: string[] = [];
      for (let i = 0; i < manifest.n; i++) {
        const part = get(partKey(key, manifest.g, i));
        if (part === null) return null;
        parts.push(part);
      }
      json = parts.join("");
    }
    try {
      return JSON.parse(json) as T;
    } catch {
      return null;
    }
  }

  /** The peak while writing is everything already stored plus every added value (old parts go last). */
  private checkRoom(snapshot: Record<string, string>, added: Record<string, string>): void {
    let total = 0;
    for (const [key, value] of Object.entries(snapshot)) if (!(key in added)) total += bytesOf(key, value);
    for (const [key, value] of Object.entries(added)) total += bytesOf(key, value);
    if (total > this.storeBytes) {
      throw new StoreFullError(
        `This spreadsheet has no room left to keep background work (it would need ${kilobytes(total)} of the ` +
          `${kilobytes(this.storeBytes)} ${this.limitWords}). Delete finished jobs or refresh rules, then try again.`,
      );
    }
  }

  private deleteParts(key: string, manifest: Manifest, snapshot: Record<string, string> | null): void {
    for (let i = 0; i < manifest.n; i++) {
      const k = partKey(key, manifest.g, i);
      if (snapshot === null || k in snapshot) this.store.delete(k);
    }
  }
}
