// The durable intents of formulas' paid requests (organizations, lookups): one compact document property per
// request body, written before it is sent and deleted once its answers are cached (or it surely failed).
import { fnv1a32 } from "../text/hash";
import { utf8ByteLength } from "../text/utf8";
import { isStoreFull } from "./spend-guard";
import { entryBytes, PROPERTY_STORE_BYTES, PROPERTY_VALUE_BYTES } from "./storage-budget";

/**
 * Every key starts so. Under "paid:", Settings ▸ Storage counts them with the other paid-request journals;
 * they are no answers, so the answer buckets' room (and the room caches may not take) is never theirs.
 */
export const FORMULA_INTENT_PREFIX = "paid:orgs:";

/**
 * The lookups' intents (job titles, technologies, categories): the same values under a prefix that says what
 * they are. Their field keys ("lookup:title") differ from every organization field's, so an intent of one
 * kind never holds back the other's entities.
 */
export const LOOKUP_INTENT_PREFIX = "paid:lookups:";

/** Every prefix an intent is kept under: read, counted and cleared alike. */
export const INTENT_PREFIXES: readonly string[] = [FORMULA_INTENT_PREFIX, LOOKUP_INTENT_PREFIX];

const isIntentKey = (key: string): boolean => INTENT_PREFIXES.some((prefix) => key.startsWith(prefix));

/** The value's format, first in it: a value of another version (or hand-edited) reads as unreadable. */
const FORMAT = 1;

/**
 * An organization's hash: FNV-1a (32 bits) of its key, in base 36, 7 characters. A collision can only make
 * an organization that shares its hash with one in an unsettled request look unsettled too: it is held back
 * (its cell says so, Clear cached results frees it), never bought twice. With n organizations in open
 * requests, one asked about collides with odds n / 2^32: about one in 4 million for a 1,000-organization
 * request, and open requests are almost always none (each is deleted once its answer is cached).
 */
export const HASH_CHARS = 7;

export function intentHash(entityKey: string): string {
  return fnv1a32(entityKey).toString(36).padStart(HASH_CHARS, "0");
}

/** What one request body's intent says: when it was sent, the fields it asks, which organizations (hashed). */
export interface RequestIntent {
  sentAt: number;
  fieldKeys: string[];
  hashes: Set<string>;
  /** The most the request can cost (0 when an earlier version did not say). */
  most: number;
  /** When the execution that sent it surely ended (0 when it did not say): its answer cannot come after. */
  endsBy: number;
  /** Whether the Enrichment log already has its "possibly charged" row (its answer was lost). */
  logged: boolean;
}

/**
 * `[1, sentAt, fieldKeys, "hash hash …" without spaces, most, endsBy, logged]`: the time and the fields
 * once, 7 characters an organization, the most it can cost, when its execution surely ended, and 1 once
 * its lost answer is on the log.
 */
export function encodeIntent(
  sentAt: number,
  fieldKeys: readonly string[],
  entityKeys: readonly string[],
  most = 0,
  endsBy = 0,
): string {
  const hashes = [...new Set(entityKeys.map(intentHash))].join("");
  return JSON.stringify([FORMAT, sentAt, fieldKeys, hashes, most, endsBy]);
}

/** The same intent, marked as on the log: its possibly-charged row is written once. */
export function loggedIntent(text: string): string | null {
  const parsed = decodeIntent(text) ? (JSON.parse(text) as unknown[]) : null;
  if (!parsed) return null;
  return JSON.stringify([...parsed.slice(0, 4), parsed[4] ?? 0, parsed[5] ?? 0, 1]);
}

/**
 * The intent a value holds, or null for a value this version cannot read (another format, or edited by
 * hand in the script editor): such a value holds no organization back (which ones it meant cannot be told,
 * and holding every organization of the document back would stop all formulas); it stays where it is,
 * counted in Settings ▸ Storage, until Clear cached results deletes it.
 */
export function decodeIntent(text: string): RequestIntent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length < 4 || parsed.length > 7 || parsed[0] !== FORMAT) return null;
  const [, sentAt, fieldKeys, hashes, most = 0, endsBy = 0, logged = 0] = parsed as unknown[];
  if (typeof most !== "number" || !(most >= 0) || typeof endsBy !== "number" || !(endsBy >= 0)) return null;
  if (logged !== 0 && logged !== 1) return null;
  if (typeof sentAt !== "number" || !Number.isFinite(sentAt)) return null;
  if (!Array.isArray(fieldKeys) || !fieldKeys.every((f) => typeof f === "string")) return null;
  if (typeof hashes !== "string" || hashes.length % HASH_CHARS !== 0 || !/^[0-9a-z]*$/.test(hashes))
    return null;
  const set = new Set<string>();
  for (let i = 0; i < hashes.length; i += HASH_CHARS) set.add(hashes.slice(i, i + HASH_CHARS));
  return { sentAt, fieldKeys: fieldKeys as string[], hashes: set, most, endsBy, logged: logged === 1 };
}

export const FORMULA_INTENT_FULL_MESSAGE =
  "This spreadsheet's storage is full, so this formula's paid request cannot be recorded before it is sent: nothing was sent and no credits were spent. Free space in Settings ▸ Storage (clear cached results, or delete finished jobs), then recalculate.";

/**
 * Room a paid request's bookkeeping still needs once its answer is in: the day's spend record growing and
 * the Enrichment-log row kept for the sidebar. An intent that would leave less is not written (and nothing
 * is sent): a paid answer must find room for its record.
 */
export const AFTER_ANSWER_BYTES = 1_024;

/** Whether records `changes` fit a property store now holding `all`, leaving the room an answer's bookkeeping needs. */
export function recordWriteFits(all: Record<string, string>, changes: Record<string, string>): boolean {
  let used = 0;
  for (const [key, value] of Object.entries(all)) if (!(key in changes)) used += entryBytes(key, value);
  for (const [key, value] of Object.entries(changes)) {
    if (utf8ByteLength(value) > PROPERTY_VALUE_BYTES) return false;
    used += entryBytes(key, value);
  }
  return used <= PROPERTY_STORE_BYTES - AFTER_ANSWER_BYTES;
}

/** The document's properties as the intents need them. */
export interface IntentProperties {
  /** Every property, read now (one getProperties). */
  read(): Record<string, string>;
  /**
   * Every property as this execution last read them, or null when it has not (or wrote since): the
   * durable answer level has just read them whenever a formula misses its answers, so holding back
   * needs no read of its own.
   */
  recent(): Record<string, string> | null;
  /** One setProperties; throws what the store throws (a full store). */
  write(values: Record<string, string>): void;
  remove(keys: readonly string[]): void;
}

export interface IntentBody {
  entityKeys: readonly string[];
  fieldKeys: readonly string[];
  /** The most the request can cost: what its possibly-charged row says if its answer is lost. */
  most?: number;
  /** When the sending execution surely ends (a custom function: 30 s after it started). */
  endsBy?: number;
}

/** When each organization's oldest open request asking one of `fieldKeys` was sent, read from `all`. */
export function openIntents(
  all: Record<string, string>,
  entityKeys: readonly string[],
  fieldKeys: readonly string[],
): Map<string, number> {
  const open: RequestIntent[] = [];
  for (const [key, value] of Object.entries(all)) {
    if (!isIntentKey(key)) continue;
    const intent = decodeIntent(value);
    if (intent?.fieldKeys.some((f) => fieldKeys.includes(f))) open.push(intent);
  }
  const sent = new Map<string, number>();
  if (open.length === 0) return sent;
  for (const entityKey of entityKeys) {
    const hash = intentHash(entityKey);
    for (const intent of open) {
      if (!intent.hashes.has(hash)) continue;
      sent.set(entityKey, Math.min(sent.get(entityKey) ?? Number.POSITIVE_INFINITY, intent.sentAt));
    }
  }
  return sent;
}

/** The intents of one execution's requests: opened all at once before sending, settled body by body. */
export class FormulaIntents {
  constructor(
    private readonly properties: IntentProperties,
    /** A few characters telling this execution's keys from another's opened in the same millisecond. */
    private readonly nonce: () => string,
  ) {}

  /** When each of `entityKeys` was last sent unsettled for one of `fieldKeys` (absent: none open). */
  held(entityKeys: readonly string[], fieldKeys: readonly string[]): Map<string, number> {
    if (entityKeys.length === 0) return new Map();
    return openIntents(this.properties.recent() ?? this.properties.read(), entityKeys, fieldKeys);
  }

  /**
   * Writes every body's intent in one setProperties and returns their keys, in order. No record, no spend:
   * a store without room throws FORMULA_INTENT_FULL_MESSAGE, and nothing may be sent. `prefix` names the
   * kind of request (one of INTENT_PREFIXES).
   */
  open(bodies: readonly IntentBody[], sentAt: number, prefix = FORMULA_INTENT_PREFIX): string[] {
    const stem = `${prefix}${sentAt.toString(36)}${this.nonce()}`;
    const values: Record<string, string> = {};
    const keys = bodies.map((body, i) => {
      const key = `${stem}:${i}`;
      values[key] = encodeIntent(sentAt, body.fieldKeys, body.entityKeys, body.most, body.endsBy);
      return key;
    });
    try {
      // The snapshot this execution read is enough to judge room by: the store itself refuses past 500 KB.
      const all = this.properties.recent() ?? this.properties.read();
      if (!recordWriteFits(all, values)) throw new Error(FORMULA_INTENT_FULL_MESSAGE);
      this.properties.write(values);
    } catch (error) {
      if (isStoreFull(error)) throw new Error(FORMULA_INTENT_FULL_MESSAGE);
      throw error;
    }
    return keys;
  }

  /** The bodies' answers are cached, or they surely cost nothing: their intents go. */
  settle(keys: readonly string[]): void {
    if (keys.length > 0) this.properties.remove(keys);
  }

  /**
   * The bodies' answers were lost and their possibly-charged row is kept for the log: their intents stay
   * (they hold the organizations back) but are marked, so no later sweep logs them again.
   */
  logged(keys: readonly string[]): void {
    const all = this.properties.recent() ?? this.properties.read();
    const values: Record<string, string> = {};
    for (const key of keys) {
      const marked = all[key] === undefined ? null : loggedIntent(all[key]);
      if (marked) values[key] = marked;
    }
    if (Object.keys(values).length > 0) this.properties.write(values);
  }
}

/**
 * Deletes every formula intent (Clear cached results, Ask again: the user says to buy held organizations and
 * texts again), from the properties as last read when there is such a read.
 */
export function clearFormulaIntents(properties: IntentProperties): number {
  const keys = Object.keys(properties.recent() ?? properties.read()).filter(isIntentKey);
  properties.remove(keys);
  return keys.length;
}

/** Requests sent without an answer coming back (their intents still open), as Settings counts them. */
export interface UnansweredRequests {
  /** Open intents: one per request body. */
  requests: number;
  /** Organizations and texts they hold back (an unreadable intent holds none). */
  items: number;
}

/** Counts the open intents among `all` (the document's properties, or the script's outside a spreadsheet). */
export function countUnanswered(all: Record<string, string>): UnansweredRequests {
  let requests = 0;
  let items = 0;
  for (const [key, value] of Object.entries(all)) {
    if (!isIntentKey(key)) continue;
    requests++;
    items += decodeIntent(value)?.hashes.size ?? 0;
  }
  return { requests, items };
}
